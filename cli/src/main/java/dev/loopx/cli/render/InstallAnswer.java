package dev.loopx.cli.render;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.application.update.ApplyUpdate;
import java.io.PrintWriter;
import java.util.Objects;

/**
 * {@code loopx install}'s answer, {@code loopx_install_v0}, from {@link ApplyUpdate.Outcome}: the
 * runtime installed (or already there) and the exact line that puts the bin folder on PATH for the
 * person's shell; or the refusal with its error code. Its text says what was installed where, then
 * the PATH line to paste and the next step.
 *
 * @param binFolder the bin folder as the shell should spell it ({@code $HOME/.loopx/bin}, never an absolute path)
 * @param shell     {@code bash}, {@code zsh}, {@code fish} or {@code sh}
 */
public record InstallAnswer(ApplyUpdate.Outcome outcome, String binFolder, String shell) implements RenderedAnswer {
    private static final String NEXT = "loopx connect --project .";

    public InstallAnswer {
        Objects.requireNonNull(outcome, "outcome");
        Objects.requireNonNull(binFolder, "binFolder");
        Objects.requireNonNull(shell, "shell");
    }

    @Override
    public boolean ok() {
        return outcome instanceof ApplyUpdate.Outcome.Switched;
    }

    @Override
    public ObjectNode json() {
        return switch (outcome) {
            case ApplyUpdate.Outcome.Refused r -> {
                ObjectNode doc = Documents.answer("loopx_install_v0", false);
                doc.put("error_code", r.errorCode());
                doc.put("message", r.message());
                yield doc;
            }
            case ApplyUpdate.Outcome.Switched s -> {
                ObjectNode doc = Documents.answer("loopx_install_v0", true);
                doc.put("version", s.runtime().version());
                doc.put("runtime_id", s.runtime().id());
                doc.put("already_installed", s.runtime().alreadyInstalled());
                doc.put("class_archive", s.runtime().classArchive());
                doc.put("bin_folder", binFolder);
                doc.put("shell", shell);
                doc.put("shell_rc_file", rcFile());
                doc.put("path_line", pathLine());
                doc.put("next_step", NEXT);
                yield doc;
            }
        };
    }

    /** The line that puts {@link #binFolder} on PATH in {@link #shell}. */
    String pathLine() {
        return switch (shell) {
            case "fish" -> "fish_add_path \"" + binFolder + "\"";
            default -> "export PATH=\"" + binFolder + ":$PATH\"";
        };
    }

    /** The shell's start-up file, relative to the home folder. */
    String rcFile() {
        return switch (shell) {
            case "bash" -> ".bashrc";
            case "zsh" -> ".zshrc";
            case "fish" -> ".config/fish/config.fish";
            default -> ".profile";
        };
    }

    void text(PrintWriter out) {
        switch (outcome) {
            case ApplyUpdate.Outcome.Refused r ->
                out.println("install refused (" + r.errorCode() + "): " + r.message());
            case ApplyUpdate.Outcome.Switched s -> installed(s.runtime(), out);
        }
    }

    private void installed(ApplyUpdate.InstalledRuntime runtime, PrintWriter out) {
        out.println((runtime.alreadyInstalled()
                        ? "loopx " + runtime.version() + " was already installed"
                        : "installed loopx " + runtime.version())
                + " in " + binFolder);
        out.println("  Put it on PATH: add this line to " + rcFile() + ", then open a new terminal (or run it now):");
        out.println();
        out.println("    " + pathLine());
        out.println();
        out.println("  Then, in your project's folder:  " + NEXT);
    }
}
