package dev.loopx.cli;

import dev.loopx.application.composition.Composition;
import dev.loopx.application.ops.ProcessTiming;
import dev.loopx.cli.support.Environment;
import dev.loopx.cli.support.WarmUp;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.time.Clock;

/** The process entry point: the only place that ends the process. */
public final class Main {
    private Main() {}

    public static void main(String[] args) {
        WarmUp.start(args);
        PrintWriter out = new PrintWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8), true);
        PrintWriter err = new PrintWriter(new OutputStreamWriter(System.err, StandardCharsets.UTF_8), true);
        long started = System.nanoTime();
        int exit = Cli.run(args, out, err, Environment.system(Clock.systemUTC()));
        if (System.getProperty("loopx.server-root") != null) {
            // a server runtime root (bin/loopx): a login WarmUp started that the command never used,
            // and the head holder a heartbeat read found missing (ADR 0009)
            out.flush();
            Composition.closeUnusedServer(exit == 0 || exit == 1);
        }
        if ("1".equals(System.getenv("LOOPX_TIMING"))) {
            // for benchmarks (bench/run --writers): where this command's time went, one stderr line
            // (and, on a server runtime root, whether the ledger's head holder answered the head: ADR 0009)
            err.printf(
                    "loopx: timing: run_ms=%d lock_wait_ms=%d head_from_holder=%s%n",
                    (System.nanoTime() - started) / 1_000_000,
                    ProcessTiming.lockWaitMillis(),
                    Composition.headFromHolder() ? "yes" : "no");
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
