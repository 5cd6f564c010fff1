package dev.loopx.commands.privacy;

import dev.loopx.commands.privacy.PrivacyCorpus.Sample;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/** Recall and false positives of {@link PublicText} (its public API only) on a corpus. */
public record PrivacyCorpusFigures(
        int privateCount, int caught, int benignCount, int refused, List<Sample> missed, List<Sample> falsePositives) {

    public static PrivacyCorpusFigures measure(PrivacyCorpus corpus) {
        List<Sample> missed = new ArrayList<>();
        List<Sample> falsePositives = new ArrayList<>();
        for (Sample sample : corpus.privateTexts()) {
            if (PublicText.check("--text", sample.text()).isEmpty()) {
                missed.add(sample);
            }
        }
        for (Sample sample : corpus.benignTexts()) {
            if (PublicText.check("--text", sample.text()).isPresent()) {
                falsePositives.add(sample);
            }
        }
        int privateCount = corpus.privateTexts().size();
        int benignCount = corpus.benignTexts().size();
        return new PrivacyCorpusFigures(
                privateCount, privateCount - missed.size(), benignCount, falsePositives.size(), missed, falsePositives);
    }

    public double recall() {
        return (double) caught / privateCount;
    }

    public double falsePositiveRate() {
        return (double) refused / benignCount;
    }

    public String report() {
        StringBuilder out = new StringBuilder();
        out.append(String.format(
                Locale.ROOT,
                "privacy corpus: recall %.1f %% (%d of %d private texts refused), false positives %.1f %% (%d of %d benign"
                        + " texts refused)%n",
                100 * recall(),
                caught,
                privateCount,
                100 * falsePositiveRate(),
                refused,
                benignCount));
        appendByFamily(out, "missed", missed);
        appendByFamily(out, "false positives", falsePositives);
        return out.toString();
    }

    private static void appendByFamily(StringBuilder out, String title, List<Sample> samples) {
        if (samples.isEmpty()) {
            return;
        }
        Map<String, Integer> byFamily = new TreeMap<>();
        samples.forEach(s -> byFamily.merge(s.family(), 1, Integer::sum));
        out.append("  ").append(title).append(" by family: ").append(byFamily).append('\n');
        if (Boolean.getBoolean("loopx.privacy.showMisses")) {
            samples.forEach(s -> out.append("    ")
                    .append(s.family())
                    .append(": ")
                    .append(s.text().replace("\n", "\\n"))
                    .append('\n'));
        }
    }
}
