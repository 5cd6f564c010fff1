package dev.loopx.cli;

import dev.loopx.cli.support.Environment;
import dev.loopx.cli.support.WarmUp;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.time.Clock;

/** The process entry point: the only place that exits. */
public final class Main {
    private Main() {}

    public static void main(String[] args) {
        WarmUp.start(args);
        PrintWriter out = new PrintWriter(new java.io.OutputStreamWriter(System.out, StandardCharsets.UTF_8), true);
        PrintWriter err = new PrintWriter(new java.io.OutputStreamWriter(System.err, StandardCharsets.UTF_8), true);
        int exit = Cli.run(args, out, err, Environment.system(Clock.systemUTC()));
        out.flush();
        err.flush();
        System.exit(exit);
    }
}
