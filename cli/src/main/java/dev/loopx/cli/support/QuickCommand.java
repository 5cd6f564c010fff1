package dev.loopx.cli.support;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * A command that {@link QuickPath} may run without building picocli's model: one hosts call on
 * every heartbeat. Its picocli annotations are the one declaration of its options (help, errors,
 * every argument the quick path declines); the tables below are generated from them at build
 * time into a {@code <Command>QuickOptions} class next to the command ({@code QuickOptionsTest}
 * fails when one is stale), and the command only delegates to it. {@code QuickPathTest} checks
 * that both paths bind every accepted argument list alike.
 */
public interface QuickCommand {
    /** The options of the command (not the global ones): the generated {@code OPTIONS}; none by default. */
    default Options quickOptions() {
        return Options.of();
    }

    /** Sets option {@code option} (its first name) as picocli would ({@code value} null for a flag): the generated {@code bind}. */
    default void bind(String option, String value) {
        throw new IllegalArgumentException(option);
    }

    /** Whether the options bound so far satisfy the argument groups' rules: the generated {@code complete}. */
    default boolean complete() {
        return true;
    }

    /**
     * Option names by shape: {@code values} take one value and may appear once, {@code lists}
     * take one value per occurrence, {@code flags} take none; {@code required} must appear;
     * {@code aliases} maps another name of an option to its first name (the one the sets hold).
     */
    record Options(
            Set<String> values,
            Set<String> lists,
            Set<String> flags,
            Set<String> required,
            Map<String, String> aliases) {
        public Options {
            values = Set.copyOf(values);
            lists = Set.copyOf(lists);
            flags = Set.copyOf(flags);
            required = Set.copyOf(required);
            aliases = Map.copyOf(aliases);
        }

        /** Options that take one value each (add the other shapes with the methods below). */
        public static Options of(String... names) {
            return new Options(Set.of(names), Set.of(), Set.of(), Set.of(), Map.of());
        }

        public Options lists(String... names) {
            return new Options(values, union(lists, names), flags, required, aliases);
        }

        public Options flags(String... names) {
            return new Options(values, lists, union(flags, names), required, aliases);
        }

        /** Marks value options as required. */
        public Options required(String... names) {
            return new Options(values, lists, flags, union(required, names), aliases);
        }

        /** {@code alias} is another name of option {@code name}. */
        public Options alias(String alias, String name) {
            Map<String, String> all = new HashMap<>(aliases);
            all.put(alias, name);
            return new Options(values, lists, flags, required, all);
        }

        /** These options and {@code more}'s (a subclass adding to its base class's). */
        public Options and(Options more) {
            Map<String, String> all = new HashMap<>(aliases);
            all.putAll(more.aliases);
            return new Options(
                    union(values, more.values),
                    union(lists, more.lists),
                    union(flags, more.flags),
                    union(required, more.required),
                    all);
        }

        /** The first name of option {@code name}. */
        public String canonical(String name) {
            return aliases.getOrDefault(name, name);
        }

        private static Set<String> union(Set<String> a, String... b) {
            return union(a, Set.of(b));
        }

        private static Set<String> union(Set<String> a, Set<String> b) {
            HashSet<String> all = new HashSet<>(a);
            all.addAll(b);
            return all;
        }

        /** Every name (aliases too), sorted. */
        public List<String> names() {
            TreeSet<String> all = new TreeSet<>(values);
            all.addAll(lists);
            all.addAll(flags);
            all.addAll(aliases.keySet());
            return List.copyOf(all);
        }
    }
}
