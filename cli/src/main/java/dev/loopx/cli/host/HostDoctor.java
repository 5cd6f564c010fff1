package dev.loopx.cli.host;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.cli.support.CliContext;
import dev.loopx.cli.support.CliError;
import dev.loopx.host.install.CliProbe;
import dev.loopx.host.install.FileResult;
import dev.loopx.host.install.FileStatus;
import dev.loopx.host.install.HostFileInstaller;
import dev.loopx.host.install.HostFiles;
import dev.loopx.host.install.HostLocations;
import dev.loopx.host.slash.SlashCommandCatalog;
import dev.loopx.host.surface.HostSurface;
import dev.loopx.ledger.json.Json;
import java.io.IOException;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@code loopx doctor}'s host checks (SPEC §S9, §S15 "CLI unavailable to the host"): which LoopX
 * host files are installed (the folders {@code slash-commands} would use, with the project being
 * the runtime root's parent), and — when installed files call the default {@code loopx} — whether
 * that CLI is an executable on {@code PATH}. Files installed for another {@code --cli-bin} are
 * reported, not judged. Reads only.
 */
public final class HostDoctor {
    private HostDoctor() {}

    /** Adds {@code host_files} (always ok) and, when relevant, {@code host_cli}; returns false on a blocker. */
    public static boolean check(CliContext context, ArrayNode checks, Path runtimeRoot) {
        Path project = runtimeRoot != null
                        && runtimeRoot.getFileName() != null
                        && runtimeRoot.getFileName().toString().equals(".loopx")
                        && runtimeRoot.getParent() != null
                ? runtimeRoot.getParent()
                : context.environment().workingDirectory();
        String cliBin = SlashCommandCatalog.DEFAULT_CLI_BIN;
        List<FileResult> results;
        try {
            HostLocations at = new HostHomes(
                            context.environment(), Json.object().putArray("sources"))
                    .resolve(null, null, null, null, project.toString());
            results = HostFileInstaller.inspect(HostFiles.of(EnumSet.allOf(HostSurface.class), at, cliBin, true));
        } catch (IOException | CliError e) {
            add(checks, "host_files", true, "host folders could not be read; run loopx slash-commands --inspect", null);
            return true;
        }
        List<FileResult> ours =
                results.stream().filter(r -> r.owner().equals("loopx")).toList();
        if (ours.isEmpty()) {
            add(
                    checks,
                    "host_files",
                    true,
                    "no LoopX host files installed (loopx slash-commands --install adds them)",
                    null);
            return true;
        }
        Map<String, Integer> bySurface = new TreeMap<>();
        ours.forEach(r -> bySurface.merge(r.file().surface().filesName(), 1, Integer::sum));
        long current =
                ours.stream().filter(r -> r.status() == FileStatus.UNCHANGED).count();
        String detail = ours.size() + " LoopX host files " + bySurface + "; " + current + " current for cli " + cliBin
                + (current < ours.size()
                        ? " (the others call another --cli-bin or come from another LoopX version:"
                                + " loopx slash-commands --inspect --cli-bin NAME)"
                        : "");
        add(checks, "host_files", true, detail, null);
        if (current == 0) {
            return true;
        }
        boolean available = CliProbe.find(
                        cliBin,
                        context.environment().variable("PATH"),
                        context.environment().workingDirectory())
                .isPresent();
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
