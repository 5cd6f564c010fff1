package dev.loopx.projections.next;

import java.util.List;
import java.util.Objects;

/**
 * What fixes a problem: words for what no command does ({@code restore a backup}) and the steps
 * that do it, spelled by the CLI after the words. {@link #NONE} when nothing needs fixing.
 */
public record Remedy(String words, List<NextStep> steps) {
    public static final Remedy NONE = new Remedy("", List.of());

    public Remedy {
        Objects.requireNonNull(words, "words");
        steps = List.copyOf(steps);
    }

    public static Remedy words(String words) {
        return new Remedy(words, List.of());
    }

    public static Remedy step(NextStep step) {
        return new Remedy("", List.of(step));
    }

    public static Remedy of(String words, NextStep step) {
        return new Remedy(words, List.of(step));
    }

    public static Remedy of(String words, List<NextStep> steps) {
        return new Remedy(words, steps);
    }

    /** This remedy with every step's input for {@code flag} given {@code value} ({@link NextStep#fill}). */
    public Remedy fill(Flag flag, String value) {
        return new Remedy(words, steps.stream().map(s -> s.fill(flag, value)).toList());
    }

    /** Every input of every step, in order. */
    public List<NextStep.Input> inputs() {
        return steps.stream().flatMap(s -> s.inputs().stream()).toList();
    }

    public boolean isEmpty() {
        return words.isEmpty() && steps.isEmpty();
    }
}
