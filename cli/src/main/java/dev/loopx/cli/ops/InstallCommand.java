package dev.loopx.cli.ops;

import dev.loopx.application.update.ApplyUpdate;
import dev.loopx.cli.render.InstallAnswer;
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
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code loopx install}: the one step between a checkout (or a downloaded archive) and a
 * {@code loopx} on PATH. It installs the distribution archive the way {@code update apply} does
 * ({@link ApplyUpdate}: verified, placed under {@code <loopx-home>/runtimes/}, made current, with
 * {@code <loopx-home>/bin/loopx} written) and answers {@code loopx_install_v0} with the exact line
 * that puts that folder on PATH for the person's shell. Without {@code --archive} it installs the
 * archive this distribution was built with ({@code loopx-dist.tar.gz} next to it).
 */
@Command(
        name = "install",
        description = {
            "Install this LoopX under the LoopX home ($LOOPX_HOME, else ~/.loopx) and print the line that",
            "puts its bin folder on PATH for your shell. Host files (slash commands, heartbeats) call",
            "`loopx` by name, so it must be on PATH before loopx slash-commands --install or a heartbeat.",
            "From a source checkout run ./loopx install (it builds the distribution first). Installing the",
            "same archive again changes nothing; a newer one becomes current (as loopx update apply does)."
        },
        footer = {
            "",
            "Examples:",
            "  ./loopx install                                from a source checkout",
            "  loopx install --archive loopx-dist.tar.gz      a downloaded distribution",
            "  loopx install --shell zsh                      print the PATH line for zsh"
        })
public final class InstallCommand extends LoopxSubcommand {
    @Option(
            names = "--archive",
            paramLabel = "DIST",
            description =
                    "The distribution archive to install (default: the loopx-dist.tar.gz this LoopX was built with).")
    String archive;

    @Option(
            names = "--shell",
            paramLabel = "bash|zsh|fish|sh",
            description = "The shell to print the PATH line for (default: from $SHELL).")
    String shell;

    @Option(
            names = "--no-train",
            description =
                    "Skip training the start-up archive (faster install, slower starts until bin/loopx-train runs).")
    boolean noTrain;

    @Override
    protected int execute(CliContext context) throws Exception {
        String sh = shell != null ? TextOptions.oneOf("--shell", shell, "bash", "zsh", "fish", "sh") : shellOf(context);
        Path file = archiveFile(context);
        ApplyUpdate.Outcome outcome = ApplyUpdate.run(
                context.invocation(),
                new ApplyUpdate.Request(
                        file,
                        Optional.empty(),
                        null,
                        "loopx",
                        !noTrain,
                        VersionInfo.version(),
                        context.explicitRuntimeRoot().isEmpty(),
                        "install"));
        return context.emit(new InstallAnswer(outcome, binFolder(context), sh));
    }

    /** The bin folder as the shell should spell it: through $HOME or $LOOPX_HOME, never an absolute path. */
    private static String binFolder(CliContext context) {
        String home = context.environment().variable("LOOPX_HOME");
        return home != null && !home.isBlank() ? "$LOOPX_HOME/bin" : "$HOME/.loopx/bin";
    }

    private static String shellOf(CliContext context) {
        String value = context.environment().variable("SHELL");
        String name = value == null ? "" : value.substring(value.lastIndexOf('/') + 1);
        return switch (name) {
            case "bash", "zsh", "fish" -> name;
            default -> "sh";
        };
    }

    private Path archiveFile(CliContext context) {
        Path file;
        if (archive != null) {
            try {
                file = context.environment().workingDirectory().resolve(TextOptions.requireValue("--archive", archive));
            } catch (InvalidPathException e) {
                throw CliError.badInput(ErrorCode.INVALID_VALUE, "--archive is not a usable path");
            }
        } else {
            String dist = System.getProperty("loopx.dist");
            if (dist == null || dist.isBlank()) {
                throw new CliError(
                        ErrorCode.ARCHIVE_NOT_FOUND,
                        "this LoopX does not run from a distribution, so there is nothing to install",
                        "build one with ./mvnw -q -DskipTests package, then run ./loopx install");
            }
            Path home = Path.of(dist).toAbsolutePath().normalize();
            file = home.resolveSibling(home.getFileName() + ".tar.gz");
        }
        file = file.toAbsolutePath().normalize();
        if (!Files.isRegularFile(file)) {
            throw new CliError(
                    ErrorCode.ARCHIVE_NOT_FOUND,
                    archive != null
                            ? "--archive names no readable file"
                            : "the archive this distribution was built with is not next to it",
                    "loopx install --archive 'DOWNLOADED-ARCHIVE.tar.gz'");
        }
        return file;
    }
}
