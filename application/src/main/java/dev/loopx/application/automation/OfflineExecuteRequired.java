package dev.loopx.application.automation;

/**
 * Why a prompt-upgrade write was refused before anything was opened for writing: the caller did
 * not both confirm that the Codex App is quit ({@code --offline}) and ask to write
 * ({@code --execute}). Nothing was written. Its {@code error_code} is {@link #ERROR_CODE}.
 */
public record OfflineExecuteRequired() {
    public static final String ERROR_CODE = "execute_and_offline_required";
}
