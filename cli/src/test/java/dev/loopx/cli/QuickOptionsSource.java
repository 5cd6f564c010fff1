package dev.loopx.cli;

import dev.loopx.cli.support.QuickCommand;
import dev.loopx.cli.support.TheOnlyGoalByDefault;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Option;

/**
 * Writes the {@link QuickCommand} tables of one command class from its picocli annotations: a
 * class {@code <Command>QuickOptions} next to it with {@code OPTIONS} (names and shapes),
 * {@code bind} (option → field, as picocli would set it) and {@code complete} (the argument
 * groups' rules). An option is declared once, in its {@code @Option}; the quick path reads the
 * generated tables, so it never reads an annotation at run time (ADR 0003, decision 16).
 *
 * <p>Each class of a command's chain that declares options gets its own generated class in its
 * own package (fields are package-private or protected), and a subclass's tables add its
 * superclass's. Supported shapes are those the quick path accepts: {@code String} (one value),
 * {@code boolean} (a flag), {@code List<String>} (one value per occurrence), and exclusive
 * argument groups of those. Anything else fails generation, so a new option shape is a decision.
 */
final class QuickOptionsSource {
    static final String SUFFIX = "QuickOptions";

    private QuickOptionsSource() {}

    /** The classes of {@code command}'s chain that declare options, most derived first. */
    static List<Class<?>> declaringChain(Class<?> command) {
        List<Class<?>> chain = new ArrayList<>();
        for (Class<?> c = command; c != null && c != Object.class; c = c.getSuperclass()) {
            if (!fields(c).isEmpty()) {
                chain.add(c);
            }
        }
        return chain;
    }

    /** The generated class's simple name for {@code declaring}. */
    static String generatedName(Class<?> declaring) {
        return declaring.getSimpleName() + SUFFIX;
    }

    /** The source of {@code declaring}'s generated tables; {@code parent} is the next declaring superclass. */
    static String source(Class<?> declaring, Optional<Class<?>> parent) {
        String name = generatedName(declaring);
        String type = declaring.getSimpleName();
        StringBuilder values = new StringBuilder();
        StringBuilder lists = new StringBuilder();
        StringBuilder flags = new StringBuilder();
        StringBuilder required = new StringBuilder();
        TreeMap<String, String> aliases = new TreeMap<>();
        List<String> cases = new ArrayList<>();
        List<String> rules = new ArrayList<>();
        for (Field f : fields(declaring)) {
            ArgGroup group = f.getAnnotation(ArgGroup.class);
            if (group == null) {
                Option o = f.getAnnotation(Option.class);
                String first = add(o, f, "c." + f.getName(), values, lists, flags, aliases, cases);
                // a --goal-id that defaults to the only goal is still required on the quick path: a
                // call without it goes to picocli, which fills it in (TheOnlyGoalByDefault)
                if (o.required()
                        || (first.equals("--goal-id") && TheOnlyGoalByDefault.class.isAssignableFrom(declaring))) {
                    append(required, first);
                }
                continue;
            }
            if (!group.exclusive()) {
                throw new IllegalStateException(type + "." + f.getName() + ": only exclusive groups are supported");
            }
            String holder = "c." + f.getName();
            String make = "(" + holder + " == null ? (" + holder + " = new " + type + "."
                    + f.getType().getSimpleName() + "()) : " + holder + ")";
            List<String> present = new ArrayList<>();
            for (Field member : f.getType().getDeclaredFields()) {
                Option o = member.getAnnotation(Option.class);
                if (o == null) {
                    continue;
                }
                add(o, member, make + "." + member.getName(), values, lists, flags, aliases, cases);
                String access = holder + "." + member.getName();
                present.add("(" + holder + " != null && "
                        + (member.getType() == boolean.class ? access : access + " != null") + " ? 1 : 0)");
            }
            String count = String.join(" + ", present);
            rules.add("(" + count + ") <= 1");
            if (group.multiplicity().equals("1")) {
                rules.add("(" + count + ") >= 1");
            } else if (!group.multiplicity().isEmpty() && !group.multiplicity().equals("0..1")) {
                throw new IllegalStateException(type + "." + f.getName() + ": multiplicity " + group.multiplicity());
            }
        }
        String options = "QuickCommand.Options.of(" + values + ")"
                + (lists.isEmpty() ? "" : "\n            .lists(" + lists + ")")
                + (flags.isEmpty() ? "" : "\n            .flags(" + flags + ")")
                + (required.isEmpty() ? "" : "\n            .required(" + required + ")");
        StringBuilder alias = new StringBuilder();
        aliases.forEach((a, first) -> alias.append("\n            .alias(\"" + a + "\", \"" + first + "\")"));
        options += alias;
        String parentName = parent.map(QuickOptionsSource::generatedName).orElse("");
        if (!parentName.isEmpty()) {
            options += "\n            .and(" + parentName + ".OPTIONS)";
        }
        String otherwise = parentName.isEmpty()
                ? "throw new IllegalArgumentException(option);"
                : parentName + ".bind(c, option, value);";
        String completeBody = rules.isEmpty() ? "true" : String.join("\n            && ", rules);
        if (!parentName.isEmpty()) {
            completeBody = "(" + completeBody + ")\n            && " + parentName + ".complete(c)";
        }
        // imported, never named inline (NoInlineQualifiedNamesTest): QuickCommand and the parent's tables
        TreeSet<String> imported = new TreeSet<>();
        if (!declaring.getPackageName().equals(QuickCommand.class.getPackageName())) {
            imported.add(QuickCommand.class.getName());
        }
        parent.filter(p -> !p.getPackageName().equals(declaring.getPackageName()))
                .ifPresent(p -> imported.add(p.getPackageName() + "." + generatedName(p)));
        StringBuilder importLines = new StringBuilder();
        imported.forEach(i -> importLines.append("import ").append(i).append(";\n"));
        String imports = imported.isEmpty() ? "" : importLines + "\n";
        return "// Generated from the @Option annotations of " + type + " by QuickOptionsTest; do not edit.\n"
                + "// Regenerate: ./mvnw -q -o -pl cli test -Dtest=QuickOptionsTest -Dloopx.regenerate=true\n"
                + "package " + declaring.getPackageName() + ";\n\n"
                + imports
                + "/** The quick path's tables of {@link " + type
                + "} (its options, how each binds, its groups' rules). */\n"
                + "public final class " + name + " {\n"
                + "    public static final QuickCommand.Options OPTIONS = " + options + ";\n\n"
                + "    private " + name + "() {}\n\n"
                + "    /** Sets {@code option} (its first name) as picocli would; {@code value} is null for a flag. */\n"
                + "    public static void bind(" + type + " c, String option, String value) {\n"
                + "        switch (option) {\n"
                + String.join(
                        "", cases.stream().map(s -> "            " + s + "\n").toList())
                + "            default -> " + otherwise + "\n"
                + "        }\n"
                + "    }\n\n"
                + "    /** The argument groups' rules picocli checks beyond required options. */\n"
                + "    public static boolean complete(" + type + " c) {\n"
                + "        return " + completeBody + ";\n"
                + "    }\n"
                + "}\n";
    }

    /** Adds one option to the tables; its first name. */
    private static String add(
            Option o,
            Field f,
            String target,
            StringBuilder values,
            StringBuilder lists,
            StringBuilder flags,
            TreeMap<String, String> aliases,
            List<String> cases) {
        String first = o.names()[0];
        for (int i = 1; i < o.names().length; i++) {
            aliases.put(o.names()[i], first);
        }
        Class<?> t = f.getType();
        if (t == boolean.class) {
            append(flags, first);
            cases.add("case \"" + first + "\" -> " + target + " = true;");
        } else if (t == String.class) {
            append(values, first);
            cases.add("case \"" + first + "\" -> " + target + " = value;");
        } else if (t == List.class) {
            append(lists, first);
            cases.add("case \"" + first + "\" -> " + target + ".add(value);");
        } else {
            throw new IllegalStateException(f + ": the quick path takes String, boolean or List<String> options");
        }
        return first;
    }

    private static void append(StringBuilder to, String name) {
        to.append(to.isEmpty() ? "" : ", ").append('"').append(name).append('"');
    }

    /** Option and group fields declared by {@code c} itself, in declaration order. */
    private static List<Field> fields(Class<?> c) {
        List<Field> out = new ArrayList<>();
        for (Field f : c.getDeclaredFields()) {
            if (!Modifier.isStatic(f.getModifiers())
                    && (f.isAnnotationPresent(Option.class) || f.isAnnotationPresent(ArgGroup.class))) {
                out.add(f);
            }
        }
        return out;
    }
}
