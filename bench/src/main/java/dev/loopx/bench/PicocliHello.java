package dev.loopx.bench;

import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The JVM start-up floor for a picocli CLI: one annotated command that prints a tiny JSON
 * document and exits, built the same way as {@code loopx} (picocli's reflective model, a
 * {@code --format} option) but with nothing else on the path. {@code bench/run} times it next to
 * {@code loopx version --format json} with the same JVM flags.
 */
@Command(name = "hello", mixinStandardHelpOptions = true, description = "Print a tiny JSON document.")
public final class PicocliHello implements Callable<Integer> {
    @Option(names = "--format", defaultValue = "json", description = "Output format (json only).")
    private String format;

    @Override
    public Integer call() {
        System.out.println("{\"hello\":\"world\",\"format\":\"" + format + "\",\"java_feature\":"
                + Runtime.version().feature() + "}");
        return 0;
    }

    public static void main(String[] args) {
        System.exit(new CommandLine(new PicocliHello()).execute(args));
    }
}
