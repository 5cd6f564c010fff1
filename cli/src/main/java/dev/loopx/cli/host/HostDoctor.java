package dev.loopx.cli.host;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.application.host.CheckHostFiles;
import dev.loopx.cli.support.CliContext;
import java.nio.file.Path;
import java.util.Optional;

/**
 * {@code loopx doctor}'s host checks, rendered from {@link CheckHostFiles}: {@code host_files}
 * (always ok: which LoopX host files are installed) and, when installed files are current for the
 * default CLI, {@code host_cli} (is it an executable on {@code PATH}). Reads only.
 */
public final class HostDoctor {
    private HostDoctor() {}

    /** Adds {@code host_files} (always ok) and, when relevant, {@code host_cli}; returns false on a blocker. */
    public static boolean check(CliContext context, ArrayNode checks, Path runtimeRoot) {
        return switch (CheckHostFiles.run(context.hostEnvironment(), Optional.ofNullable(runtimeRoot))) {
            case CheckHostFiles.Finding.Unreadable u -> {
                add(
                        checks,
                        "host_files",
                        true,
                        "host folders could not be read; run loopx slash-commands --inspect",
                        null);
                yield true;
            }
            case CheckHostFiles.Finding.NoneInstalled n -> {
                add(
                        checks,
                        "host_files",
                        true,
                        "no LoopX host files installed (loopx slash-commands --install adds them)",
                        null);
                yield true;
            }
            case CheckHostFiles.Finding.Installed installed -> installed(checks, installed);
        };
    }

    private static boolean installed(ArrayNode checks, CheckHostFiles.Finding.Installed found) {
        String cliBin = found.cliBin();
        String detail = found.total() + " LoopX host files " + found.bySurface() + "; " + found.current()
                + " current for cli " + cliBin
                + (found.current() < found.total()
                        ? " (the others call another --cli-bin or come from another LoopX version:"
                                + " loopx slash-commands --inspect --cli-bin NAME)"
                        : "");
        add(checks, "host_files", true, detail, null);
        if (found.cliAvailable().isEmpty()) {
            return true;
        }
        boolean available = found.cliAvailable().get();
        ObjectNode c = add(
                checks,
                "host_cli",
                available,
                available
                        ? cliBin + " is an executable on PATH"
                        : "the installed host files call " + cliBin
                                + ", which is not an executable on PATH: hosts would stop with an" + " install blocker",
                available
                        ? null
                        : "put " + cliBin
                                + " on PATH, or reinstall with loopx slash-commands --install --cli-bin <launcher name or path>");
        if (!available) {
            c.put("blocker", "cli_unavailable");
        }
        return available;
    }

    private static ObjectNode add(ArrayNode checks, String name, boolean ok, String detail, String fix) {
        ObjectNode c = checks.addObject();
        c.put("check", name);
        c.put("ok", ok);
        c.put("detail", detail);
        if (fix != null) {
            c.put("fix", fix);
        }
        return c;
    }
}
