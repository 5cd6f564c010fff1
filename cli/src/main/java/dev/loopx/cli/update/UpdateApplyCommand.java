package dev.loopx.cli.update;

import dev.loopx.application.Invocation;
import dev.loopx.application.update.ApplyUpdate;
import dev.loopx.cli.render.UpdateApplyAnswer;
import dev.loopx.cli.support.CliContext;
import dev.loopx.cli.support.CliError;
import dev.loopx.cli.support.ErrorCode;
import dev.loopx.cli.support.LoopxSubcommand;
import dev.loopx.cli.support.TextOptions;
import dev.loopx.cli.support.VersionInfo;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Optional;
import java.util.regex.Pattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code loopx update apply --archive DIST [--sha256 HEX]} (SPEC §S12): checks its options (the
 * archive is a readable file, the digest is 64 hex digits, the CLI binary is usable), runs
 * {@link ApplyUpdate} once and renders {@code loopx_update_apply_v0} ({@link UpdateApplyAnswer}).
 * {@code ok} is the runtime result only; {@code upgrade_complete} needs prompts reconciled too.
 */
@Command(
        name = "apply",
        description = {
            "Install a LoopX distribution archive (the loopx-dist.tar.gz a build",
            "produces) and switch to it:",
            "1. verify: --sha256 must match (when given); entries must be plain files",
            "   inside the archive; bin/, conf/ and lib/loopx-cli-*.jar must be there;",
            "   the unpacked runtime must start;",
            "2. snapshot the Codex App automations (--codex-home, else $CODEX_HOME, else",
            "   ~/.codex) into <runtime-root>/private/upgrades/ (0600);",
            "3. move it to <loopx-home>/runtimes/<version>-<sha12>, train its start-up",
            "   archive, point <loopx-home>/current at it (one atomic rename) and write",
            "   <loopx-home>/bin/loopx;",
            "4. run the NEW runtime's automation-prompts sync-installed --execute on the",
            "   snapshot.",
            "Exit 0 once the runtime is installed (ok=true), even if prompts are still",
            "pending: check upgrade_complete. A failed step 1 or 3 leaves current, the",
            "stores and the ledger as they were (exit 1)."
        },
        footer = {
            "",
            "Example:",
            "  loopx update apply --archive loopx-dist.tar.gz \\",
            "      --sha256 \"$(sha256sum loopx-dist.tar.gz | cut -c1-64)\"",
            "then put the LoopX home's bin folder on PATH (it always runs the current runtime):",
            "  loopx install --help   (loopx install does both steps and prints the exact PATH line for your shell)"
        })
public final class UpdateApplyCommand extends LoopxSubcommand {
    private static final Pattern SHA256 = Pattern.compile("[0-9a-fA-F]{64}");

    @Option(
            names = {"-h", "--help"},
            usageHelp = true,
            description = "Show this help.")
    boolean help;

    @Option(
            names = "--archive",
            required = true,
            paramLabel = "DIST",
            description = "The distribution archive (.tar.gz).")
    String archive;

    @Option(names = "--sha256", paramLabel = "HEX", description = "The archive's expected SHA-256 (64 hex digits).")
    String sha256;

    @Option(
            names = "--codex-home",
            paramLabel = "DIR",
            description = "The Codex home to reconcile (default $CODEX_HOME, else ~/.codex).")
    String codexHome;

    @Option(
            names = "--cli-bin",
            paramLabel = "BIN",
            description = "The CLI binary managed wrappers use (default loopx).")
    String cliBin = "loopx";

    @Option(
            names = "--no-train",
            description =
                    "Skip training the new runtime's start-up archive (starts stay slower until bin/loopx-train runs).")
    boolean noTrain;

    @Override
    protected int execute(CliContext context) throws Exception {
        Path archiveFile = archiveFile(context);
        if (sha256 != null && !SHA256.matcher(sha256).matches()) {
            throw CliError.badInput(ErrorCode.INVALID_VALUE, "--sha256 must be 64 hex digits");
        }
        TextOptions.cliBin(cliBin);
        Invocation invocation = context.invocation();
        ApplyUpdate.Request request = new ApplyUpdate.Request(
                archiveFile,
                Optional.ofNullable(sha256),
                codexHome,
                cliBin,
                !noTrain,
                VersionInfo.version(),
                context.explicitRuntimeRoot().isEmpty());
        return context.emit(new UpdateApplyAnswer(ApplyUpdate.run(invocation, request)));
    }

    private Path archiveFile(CliContext context) {
        Path file;
        try {
            if (archive.isBlank() || archive.indexOf('\0') >= 0) {
                throw new InvalidPathException(archive, "empty or NUL");
            }
            file = context.environment()
                    .workingDirectory()
                    .resolve(archive)
                    .toAbsolutePath()
                    .normalize();
        } catch (InvalidPathException e) {
            throw CliError.badInput(ErrorCode.INVALID_VALUE, "--archive is not a usable path");
        }
        if (!Files.isRegularFile(file)) {
            throw CliError.badInput(ErrorCode.ARCHIVE_NOT_FOUND, "--archive names no readable file");
        }
        return file;
    }
}
