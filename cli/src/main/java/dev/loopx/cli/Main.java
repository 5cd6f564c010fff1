package dev.loopx.cli;

import dev.loopx.application.composition.Composition;
import dev.loopx.application.ops.ProcessTiming;
import dev.loopx.application.resident.ResidentAnswerer;
import dev.loopx.cli.support.Environment;
import dev.loopx.cli.support.WarmUp;
import dev.loopx.ledger.remote.ServerSessions;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;

/**
 * The process entry point: the only place that ends the process. It owns the process's sessions on
 * server ledgers ({@link ServerSessions}, made by the composition root): the warm-up and every call
 * of the command use that one instance, and it closes it at the end (ADR 0010).
 */
public final class Main {
    private Main() {}

    public static void main(String[] args) {
        ServerSessions servers = Composition.serverSessions();
        WarmUp.start(args, servers);
        PrintWriter out = new PrintWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8), true);
        PrintWriter err = new PrintWriter(new OutputStreamWriter(System.err, StandardCharsets.UTF_8), true);
        long started = System.nanoTime();
        int exit = Cli.run(args, out, err, Environment.system(Clock.systemUTC(), servers));
        if (System.getProperty("loopx.server-root") != null) {
            // a server runtime root (bin/loopx): a login WarmUp started that the command never used
            // ends, then the head holder a heartbeat read found missing starts (ADR 0009)
            out.flush();
            servers.close();
            servers.startMissingHolder(exit == 0 || exit == 1);
        } else {
            servers.close(); // nothing was opened ahead of the command: only marks the sessions closed
        }
        String answerer = System.getProperty("loopx.answerer-root");
        if (answerer != null && (exit == 0 || exit == 1)) {
            // bin/loopx would have handed this command to the runtime root's resident answerer, but none
            // answered: one starts in the background for the next (ADR 0014)
            out.flush();
            err.flush();
            Path root = Path.of(answerer).toAbsolutePath().normalize();
            ResidentAnswerer.startMissing(
                    root,
                    Path.of(System.getProperty("loopx.dist", ".")),
                    System.getenv(),
                    List.of("--runtime-root", root.toString(), "debug", "answer"));
        }
        if ("1".equals(System.getenv("LOOPX_TIMING"))) {
            // for benchmarks (bench/run --writers): where this command's time went, one stderr line
            // (and, on a server runtime root, whether the ledger's head holder answered the head: ADR 0009)
            err.printf(
                    "loopx: timing: run_ms=%d lock_wait_ms=%d head_from_holder=%s%n",
                    (System.nanoTime() - started) / 1_000_000,
                    ProcessTiming.lockWaitMillis(),
                    servers.headFromHolder() ? "yes" : "no");
        }
        out.flush();
        err.flush();
        // Not System.exit: Runtime.exit first asks for a System.Logger to log the exit, and finding
        // the logger backend makes the JDK open every jar on the class path to look for a
        // LoggerFinder service (~30-40 ms with the distribution's 39 jars, on every call). By now
        // every command has closed what it opened (the ledger drains Chronicle's background
        // releaser in close()) and both streams are flushed, so no shutdown hook has work left.
        // Profiling (-Dloopx.profile=true, e.g. through JAVA_TOOL_OPTIONS with -XX:StartFlightRecording):
        // an orderly exit, so shutdown hooks run and a flight recording is written at exit.
        if (Boolean.getBoolean("loopx.profile")) {
            System.exit(exit);
        }
        Runtime.getRuntime().halt(exit);
    }
}
