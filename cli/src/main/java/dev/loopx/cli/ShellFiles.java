package dev.loopx.cli;

import dev.loopx.cli.support.Environment;
import dev.loopx.cli.support.HelpPages;
import dev.loopx.cli.support.VersionInfo;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import picocli.AutoComplete;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * Shell completion and the man page, made from the full command model ({@link Cli#commandLine}):
 * bash (picocli's generator; the same script serves zsh through {@code bashcompinit}), fish (one
 * {@code complete} line per command and option), and a roff man page (every command with its
 * summary and options). {@link #main} writes them into a distribution's {@code share/} at package
 * time. Pure apart from {@link #main}.
 */
public final class ShellFiles {
    private ShellFiles() {}

    static String of(String kind, Environment environment) {
        PrintWriter sink = new PrintWriter(new StringWriter());
        CommandLine cl = Cli.commandLine(sink, sink, environment);
        return switch (kind) {
            case "bash" -> AutoComplete.bash("loopx", cl);
            case "zsh" ->
                "#compdef loopx\nautoload -U +X bashcompinit && bashcompinit\n" + AutoComplete.bash("loopx", cl);
            case "fish" -> fish(cl);
            case "man" -> man(cl);
            default -> throw new IllegalArgumentException(kind);
        };
    }

    /** Writes bash, zsh and fish completion and the man page under {@code args[0]} (a distribution's share/). */
    public static void main(String[] args) throws IOException {
        Path share = Path.of(args[0]);
        Environment env = Environment.of(Map.of(), Path.of("."), Path.of("."), Clock.systemUTC());
        write(share.resolve("bash-completion/completions/loopx"), of("bash", env));
        write(share.resolve("zsh/site-functions/_loopx"), of("zsh", env));
        write(share.resolve("fish/vendor_completions.d/loopx.fish"), of("fish", env));
        write(share.resolve("man/man1/loopx.1"), of("man", env));
    }

    private static void write(Path file, String text) throws IOException {
        Files.createDirectories(file.getParent());
        Files.writeString(file, text, StandardCharsets.UTF_8);
    }

    private static String fish(CommandLine root) {
        StringBuilder out = new StringBuilder("# fish completion for loopx (made by: loopx completion fish)\n");
        out.append("complete -c loopx -f\n");
        fishLevel(root, new ArrayList<>(), out);
        return out.toString();
    }

    private static void fishLevel(CommandLine cl, List<String> path, StringBuilder out) {
        String condition =
                path.isEmpty() ? "__fish_use_subcommand" : "__fish_seen_subcommand_from " + path.get(path.size() - 1);
        for (var sub : cl.getSubcommands().entrySet()) {
            if (sub.getValue().getParent() != cl
                    || sub.getValue().getCommandSpec().usageMessage().hidden()) {
                continue;
            }
            out.append("complete -c loopx -n '")
                    .append(condition)
                    .append("' -a ")
                    .append(sub.getKey())
                    .append(" -d ")
                    .append(fishQuoted(HelpPages.summary(sub.getValue().getCommandSpec())))
                    .append('\n');
        }
        for (OptionSpec o : cl.getCommandSpec().options()) {
            if (o.hidden() || o.longestName().length() < 3 || !o.longestName().startsWith("--")) {
                continue;
            }
            out.append("complete -c loopx");
            if (!path.isEmpty()) {
                out.append(" -n '__fish_seen_subcommand_from ")
                        .append(path.get(path.size() - 1))
                        .append('\'');
            }
            out.append(" -l ").append(o.longestName().substring(2));
            if (o.arity().max() > 0) {
                out.append(" -r");
            }
            out.append(" -d ")
                    .append(fishQuoted(String.join(" ", o.description())))
                    .append('\n');
        }
        for (var sub : cl.getSubcommands().entrySet()) {
            if (sub.getValue().getParent() == cl) {
                List<String> next = new ArrayList<>(path);
                next.add(sub.getKey());
                fishLevel(sub.getValue(), next, out);
            }
        }
    }

    private static String fishQuoted(String text) {
        String oneLine = text.replaceAll("\\s+", " ").strip();
        if (oneLine.length() > 100) {
            oneLine = oneLine.substring(0, 99) + "…";
        }
        return "'" + oneLine.replace("\\", "\\\\").replace("'", "\\'") + "'";
    }

    private static String man(CommandLine root) {
        StringBuilder out = new StringBuilder();
        out.append(".TH LOOPX 1 \"\" \"LoopX ").append(VersionInfo.version()).append("\" \"LoopX Manual\"\n");
        out.append(".SH NAME\nloopx \\- keep long-running coding agents working on a goal across sessions\n");
        out.append(".SH SYNOPSIS\n.B loopx\n[\\fIOPTIONS\\fR] \\fICOMMAND\\fR [\\fIARGS\\fR]\n");
        out.append(".SH DESCRIPTION\n");
        for (String p :
                HelpPages.paragraphs(root.getCommandSpec().usageMessage().description())) {
            out.append(p.isBlank() ? ".PP\n" : roff(p) + "\n");
        }
        out.append(".SH GLOBAL OPTIONS\n");
        options(root.getCommandSpec(), out);
        out.append(".SH COMMANDS\n");
        commands(root, out);
        out.append(".SH EXIT STATUS\n");
        out.append(".TP\n0\nok\n.TP\n1\nthe command ran and refused or found a problem (ok=false)\n");
        out.append(".TP\n2\nbad input; nothing was written\n.TP\n3\nenvironment or I/O failure\n");
        out.append(".SH SEE ALSO\nloopx \\fICOMMAND\\fR \\-\\-help for every command's page.\n");
        return out.toString();
    }

    private static void commands(CommandLine cl, StringBuilder out) {
        for (var sub : cl.getSubcommands().entrySet()) {
            CommandLine c = sub.getValue();
            if (c.getParent() != cl || c.getCommandSpec().usageMessage().hidden()) {
                continue;
            }
            CommandSpec spec = c.getCommandSpec();
            out.append(".SS ").append(roff(spec.qualifiedName())).append('\n');
            out.append(roff(String.join(
                            " ", HelpPages.paragraphs(spec.usageMessage().description()))))
                    .append('\n');
            options(spec, out);
            commands(c, out);
        }
    }

    private static void options(CommandSpec spec, StringBuilder out) {
        for (OptionSpec o : spec.options()) {
            if (o.hidden() || o.inherited()) {
                continue;
            }
            out.append(".TP\n\\fB").append(roff(String.join(", ", o.names()))).append("\\fR");
            if (o.arity().max() > 0) {
                out.append(" \\fI").append(roff(o.paramLabel())).append("\\fR");
            }
            out.append('\n').append(roff(String.join(" ", o.description()))).append('\n');
        }
    }

    private static String roff(String text) {
        String escaped = text.replace("\\", "\\e").replace("-", "\\-");
        return escaped.startsWith(".") || escaped.startsWith("'") ? "\\&" + escaped : escaped;
    }
}
