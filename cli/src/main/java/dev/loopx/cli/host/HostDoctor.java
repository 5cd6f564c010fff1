package dev.loopx.cli.host;

import dev.loopx.application.host.CheckHostFiles;
import dev.loopx.cli.render.DoctorAnswer.Check;
import dev.loopx.cli.render.Words;
import dev.loopx.cli.support.CliContext;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * {@code loopx doctor}'s host checks, rendered from {@link CheckHostFiles}: {@code host_files}
 * (always ok: which LoopX host files are installed) and, when installed files are current for the
 * default CLI, {@code host_cli} (is it an executable on {@code PATH}; failed, it is the blocker
 * {@code cli_unavailable}). Reads only.
 */
public final class HostDoctor {
    private HostDoctor() {}

    /** {@code host_files} (always ok) and, when relevant, {@code host_cli}. */
    public static List<Check> checks(CliContext context, Path runtimeRoot) {
        return switch (CheckHostFiles.run(context.hostEnvironment(), Optional.ofNullable(runtimeRoot))) {
            case CheckHostFiles.Finding.Unreadable u ->
                List.of(passed("host folders could not be read; run loopx slash-commands --inspect"));
            case CheckHostFiles.Finding.NoneInstalled n ->
                List.of(passed("no LoopX host files installed (loopx slash-commands --install adds them)"));
            case CheckHostFiles.Finding.Installed installed -> installed(installed);
        };
    }

    private static Check passed(String detail) {
        return new Check("host_files", true, detail, "", "");
    }

    private static List<Check> installed(CheckHostFiles.Finding.Installed found) {
        String cliBin = found.cliBin();
        String perSurface = found.bySurface().entrySet().stream()
                .map(e -> e.getKey() + " " + e.getValue())
                .collect(Collectors.joining(", "));
        String detail = Words.count(found.total(), "LoopX host file") + " (" + perSurface + "); " + found.current()
                + " current for cli " + cliBin
                + (found.current() < found.total()
                        ? " (the others call another --cli-bin or come from another LoopX version:"
                                + " loopx slash-commands --inspect --cli-bin NAME)"
                        : "");
        if (found.cliAvailable().isEmpty()) {
            return List.of(passed(detail));
        }
        return List.of(passed(detail), cli(cliBin, found.cliAvailable().get()));
    }

    private static Check cli(String cliBin, boolean available) {
        if (available) {
            return new Check("host_cli", true, cliBin + " is an executable on PATH", "", "");
        }
        return new Check(
                "host_cli",
                false,
                "the installed host files call " + cliBin
                        + ", which is not an executable on PATH: hosts would stop with an install blocker",
                "put " + cliBin
                        + " on PATH, or reinstall with loopx slash-commands --install and --cli-bin naming the launcher"
                        + " (its name on PATH or its path)",
                "cli_unavailable");
    }
}
