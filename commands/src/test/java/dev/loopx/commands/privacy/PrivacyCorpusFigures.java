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

    /** Recall (private families) or false-positive rate (benign families) of one family, for the per-family report. */
    public record FamilyFigure(String family, boolean isPrivate, int total, int flagged) {
        /** Share of the family's texts that the guard got wrong: missed private ones, refused benign ones. */
        public double errorRate() {
            return (double) (isPrivate ? total - flagged : flagged) / total;
        }
    }

    /** One figure per family of the corpus, private families first, each in corpus order. */
    public static List<FamilyFigure> byFamily(PrivacyCorpus corpus, PrivacyCorpusFigures figures) {
        List<FamilyFigure> out = new ArrayList<>();
        out.addAll(figuresOf(corpus.privateTexts(), figures.missed(), true));
        out.addAll(figuresOf(corpus.benignTexts(), figures.falsePositives(), false));
        return out;
    }

    private static List<FamilyFigure> figuresOf(List<Sample> samples, List<Sample> wrong, boolean isPrivate) {
        Map<String, int[]> counts = new java.util.LinkedHashMap<>();
        samples.forEach(s -> counts.computeIfAbsent(s.family(), k -> new int[2])[0]++);
        wrong.forEach(s -> counts.get(s.family())[1]++);
        List<FamilyFigure> out = new ArrayList<>();
        counts.forEach(
                (family, c) -> out.add(new FamilyFigure(family, isPrivate, c[0], isPrivate ? c[0] - c[1] : c[1])));
        return out;
    }

    /** The per-family table: recall of each private family, false positives of each benign one. */
    public static String familyTable(PrivacyCorpus corpus, PrivacyCorpusFigures figures) {
        StringBuilder out = new StringBuilder();
        for (FamilyFigure f : byFamily(corpus, figures)) {
            out.append(String.format(
                    Locale.ROOT,
                    "  %-8s %-28s %s %5.1f %% (%d of %d)%n",
                    f.isPrivate() ? "private" : "benign",
                    f.family(),
                    f.isPrivate() ? "recall         " : "false positives",
                    100 * (f.isPrivate() ? (double) f.flagged() / f.total() : f.errorRate()),
                    f.flagged(),
                    f.total()));
        }
        return out.toString();
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
