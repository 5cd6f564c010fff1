package dev.loopx.projections.next;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A command handed out as a next step, as a value: a {@link Verb}, the arguments LoopX knows (in
 * the order they are spelled), and the values only the reader can give ({@link Input}s), named
 * apart from the command. Spelled as one command line by the CLI alone; the arguments are literal
 * values, never placeholders, so the spelled command is exactly what runs once the inputs are
 * added. Immutable; the {@code with…}/{@code needs…} methods return a new step.
 *
 * @param verb   the command
 * @param args   the known arguments, in spelling order
 * @param inputs what the reader must (or may) add before running it
 */
public record NextStep(Verb verb, List<Arg> args, List<Input> inputs) {
    public NextStep {
        Objects.requireNonNull(verb, "verb");
        args = List.copyOf(args);
        inputs = List.copyOf(inputs);
    }

    /** A known argument; {@code value} is empty for a switch ({@code --execute}). */
    public record Arg(Flag flag, String value) {
        public Arg {
            Objects.requireNonNull(flag, "flag");
            Objects.requireNonNull(value, "value");
        }
    }

    /**
     * A value the reader gives: what it means in words, the allowed values when they are a closed
     * set, and whether the command runs without it. A switch input ({@code --material-change}) has
     * no value to give: {@code meaning} says when to add it.
     */
    public record Input(Flag flag, String meaning, List<String> choices, boolean required, boolean isSwitch) {
        public Input {
            Objects.requireNonNull(flag, "flag");
            Objects.requireNonNull(meaning, "meaning");
            choices = List.copyOf(choices);
        }
    }

    public static NextStep of(Verb verb) {
        return new NextStep(verb, List.of(), List.of());
    }

    /** This step with {@code flag value} added. */
    public NextStep with(Flag flag, String value) {
        List<Arg> more = new ArrayList<>(args);
        more.add(new Arg(flag, value));
        return new NextStep(verb, more, inputs);
    }

    /** This step with the switch {@code flag} added. */
    public NextStep with(Flag flag) {
        return with(flag, "");
    }

    /** This step with {@code flag value} added when {@code value} is not empty (an optional lane, say). */
    public NextStep withIfSet(Flag flag, String value) {
        return value.isEmpty() ? this : with(flag, value);
    }

    /** This step with a required input the reader fills in. */
    public NextStep needs(Flag flag, String meaning) {
        return input(new Input(flag, meaning, List.of(), true, false));
    }

    /** This step with a required input the reader picks from {@code choices}. */
    public NextStep needsOneOf(Flag flag, String meaning, List<String> choices) {
        return input(new Input(flag, meaning, choices, true, false));
    }

    /** This step with an optional input. */
    public NextStep may(Flag flag, String meaning) {
        return input(new Input(flag, meaning, List.of(), false, false));
    }

    /** This step with an optional switch, added when {@code meaning} holds. */
    public NextStep mayAdd(Flag flag, String meaning) {
        return input(new Input(flag, meaning, List.of(), false, true));
    }

    private NextStep input(Input input) {
        List<Input> more = new ArrayList<>(inputs);
        more.add(input);
        return new NextStep(verb, args, more);
    }

    /**
     * This step with the input for {@code flag} given the value {@code value}: the input goes, and
     * the argument takes its place in {@link Flag}'s order (before the first argument that comes
     * later there). Unchanged when the step has no such input.
     */
    public NextStep fill(Flag flag, String value) {
        if (inputs.stream().noneMatch(i -> i.flag() == flag)) {
            return this;
        }
        List<Arg> more = new ArrayList<>(args);
        int at = 0;
        while (at < more.size() && more.get(at).flag().ordinal() < flag.ordinal()) {
            at++;
        }
        more.add(at, new Arg(flag, value));
        return new NextStep(
                verb, more, inputs.stream().filter(i -> i.flag() != flag).toList());
    }

    /** The value of {@code flag} among the known arguments, or empty. */
    public String value(Flag flag) {
        return args.stream()
                .filter(a -> a.flag() == flag)
                .map(Arg::value)
                .findFirst()
                .orElse("");
    }
}
