package dev.loopx.bench;

/**
 * {@link PicocliHello} without picocli: the same tiny JSON document for {@code --format json},
 * its arguments read by hand. {@code bench/run --targets} times it next to the picocli floor as a
 * second reference — the JVM's own start-up cost with these flags — since LoopX's heartbeat
 * commands no longer build a picocli model for plain arguments (docs/adr/0003-start-up.md,
 * decision 16). Issue 7's targets stay defined against the picocli floor.
 */
public final class PlainHello {
    private PlainHello() {}

    public static void main(String[] args) {
        String format = "json";
        for (int i = 0; i + 1 < args.length; i++) {
            if (args[i].equals("--format")) {
                format = args[i + 1];
            }
        }
        System.out.println("{\"hello\":\"world\",\"format\":\"" + format + "\",\"java_feature\":"
                + Runtime.version().feature() + "}");
        System.exit(0);
    }
}
