package dev.loopx.commands.privacy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.commands.privacy.PrivacyCorpus.Sample;
import java.io.IOException;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * Entry point for {@code bench/privacy-corpus}: {@code write FILE} writes the generated corpus as
 * JSON lines ({@code family}, {@code private}, {@code text}, {@code secret}); {@code measure}
 * prints recall, false positives (per family too with {@code -Dloopx.privacy.byFamily=true}) and
 * the guard's cost per text (warm, in-process, the measuring thread's CPU time, through
 * {@link PublicText#check} only, so it measures whichever guard is on the class path).
 */
public final class PrivacyCorpusMain {
    private PrivacyCorpusMain() {}

    public static void main(String[] args) throws IOException {
        String mode = args.length == 0 ? "measure" : args[0];
        PrivacyCorpus corpus = PrivacyCorpus.generate();
        switch (mode) {
            case "write" -> write(corpus, Path.of(args[1]));
            case "measure" -> measure(corpus, args.length > 1 ? Integer.parseInt(args[1]) : 20);
            default -> throw new IllegalArgumentException("usage: write FILE | measure [ROUNDS]");
        }
    }

    private static void write(PrivacyCorpus corpus, Path file) throws IOException {
        ObjectMapper json = new ObjectMapper();
        try (PrintWriter out = new PrintWriter(Files.newBufferedWriter(file, StandardCharsets.UTF_8))) {
            for (Sample sample : corpus.all()) {
                ObjectNode line = json.createObjectNode()
                        .put("family", sample.family())
                        .put("private", sample.isPrivate())
                        .put("text", sample.text())
                        .put("secret", sample.secret());
                out.println(json.writeValueAsString(line));
            }
        }
    }

    private static void measure(PrivacyCorpus corpus, int rounds) {
        PrivacyCorpusFigures figures = PrivacyCorpusFigures.measure(corpus);
        System.out.print(figures.report());
        if (Boolean.getBoolean("loopx.privacy.byFamily")) {
            System.out.print(PrivacyCorpusFigures.familyTable(corpus, figures));
        }
        List<String> texts = corpus.all().stream().map(Sample::text).toList();
        long chars = texts.stream().mapToLong(String::length).sum();
        for (int i = 0; i < 5; i++) {
            checkAll(texts);
        }
        long best = Long.MAX_VALUE;
        for (int i = 0; i < rounds; i++) {
            long start = cpuNanos();
            checkAll(texts);
            best = Math.min(best, cpuNanos() - start);
        }
        System.out.printf(
                Locale.ROOT,
                "guard cost: %.1f µs CPU per text (best of %d rounds over %d texts, mean %d chars)%n",
                best / 1000.0 / texts.size(),
                rounds,
                texts.size(),
                chars / texts.size());
        Fakes fakes = new Fakes(5);
        StringBuilder big = new StringBuilder();
        while (big.length() < 100_000) {
            big.append("Refactor the ledger replay so ").append(fakes.hex(7)).append(" stays deterministic. ");
        }
        String prose = big.toString();
        String withSecret = prose + " DB_PASS=" + fakes.password();
        for (String[] c : new String[][] {{"100 KB prose", prose}, {"100 KB prose + secret at the end", withSecret}}) {
            for (int i = 0; i < 5; i++) {
                PublicText.check("--text", c[1]);
            }
            long bestBig = Long.MAX_VALUE;
            for (int i = 0; i < 10; i++) {
                long start = cpuNanos();
                PublicText.check("--text", c[1]);
                bestBig = Math.min(bestBig, cpuNanos() - start);
            }
            System.out.printf(
                    Locale.ROOT, "guard cost: %.2f ms CPU for %s (%d chars)%n", bestBig / 1e6, c[0], c[1].length());
        }
    }

    /**
     * The measuring thread's CPU time: on a shared machine (other builds, two cores) wall-clock time
     * mostly measures the other processes; the guard's own work is its CPU time.
     */
    private static long cpuNanos() {
        return ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
    }

    private static int checkAll(List<String> texts) {
        int refused = 0;
        for (String text : texts) {
            refused += PublicText.check("--text", text).isPresent() ? 1 : 0;
        }
        return refused;
    }
}
