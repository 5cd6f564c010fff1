package dev.loopx.cli.render;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.host.slash.Catalog;
import dev.loopx.host.slash.SlashCommand;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * {@code loopx slash-commands}' answer, {@code loopx_slash_command_catalog_v0} (SPEC §S10), from
 * {@link Catalog}: every LoopX slash command with its scope, intent, mutation policy and CLI
 * reference; also the {@code slash_help} of an unknown command's handoff. Without legacy aliases no
 * {@code /loop-global-} string appears in it.
 *
 * <p>Its text is a table of the commands (does it write, what it runs), the old names still
 * answered, and how to install them in a host.
 */
public record SlashCatalogAnswer(Catalog catalog) implements RenderedAnswer {
    static final String SCHEMA = "loopx_slash_command_catalog_v0";

    public SlashCatalogAnswer {
        Objects.requireNonNull(catalog, "catalog");
    }

    @Override
    public ObjectNode json() {
        ObjectNode doc = Documents.answer(SCHEMA, true);
        doc.put("canonical_prefix", catalog.canonicalPrefix());
        doc.put("cli_bin", catalog.cliBin());
        doc.put("matching", "exact_leading_token");
        doc.put("unknown_command_policy", catalog.unknownCommandPolicy());
        doc.put("legacy_aliases_included", catalog.legacyAliases());
        doc.put("gate_approval", "never: a slash command is a request to run LoopX, not an owner decision");
        ArrayNode commands = doc.putArray("commands");
        for (SlashCommand c : catalog.commands()) {
            ObjectNode item = commands.addObject();
            item.put("command", c.command());
            item.put("scope", c.scope());
            item.put("intent", c.intent());
            item.put("mutation_policy", c.mutationPolicy());
            item.put("cli_reference", c.cliReference(catalog.cliBin()));
            item.put("summary", c.summary());
            ArrayNode aliases = item.putArray("legacy_aliases");
            aliases(c).forEach(aliases::add);
        }
        return doc;
    }

    /** The command's legacy aliases as the catalog lists them: none when it leaves them out. */
    private List<String> aliases(SlashCommand c) {
        return catalog.legacyAliases() ? c.legacyAliases() : List.of();
    }

    /** What the host's values stand for, in words. */
    private static final Map<String, String> FILLED_BY_HOST =
            Map.of("<text>", "the goal text after the command", "<surface>", "the host it runs in");

    /**
     * The RUNS column: the command as it pastes and runs, without the options whose value the host
     * fills in from the message (the {@code <text>} of {@code cli_reference}); those are named on a
     * line of their own under the table ({@link #filledByHost}), never put into the command as a
     * placeholder.
     */
    static String runs(SlashCommand c, String cliBin) {
        List<String> spelled = new ArrayList<>(List.of(Words.shellWord(cliBin)));
        List<String> args = c.cliArgs();
        for (int i = 0; i < args.size(); i++) {
            if (hostFills(args, i)) {
                i++;
            } else {
                spelled.add(Words.shellWord(args.get(i)));
            }
        }
        return String.join(" ", spelled);
    }

    /** What the host adds to {@link #runs}, in words ("" when it adds nothing). */
    static String filledByHost(SlashCommand c) {
        List<String> filled = new ArrayList<>();
        List<String> args = c.cliArgs();
        for (int i = 0; i < args.size(); i++) {
            if (hostFills(args, i)) {
                filled.add(args.get(i) + " (" + FILLED_BY_HOST.getOrDefault(args.get(i + 1), args.get(i + 1)) + ")");
                i++;
            }
        }
        return filled.isEmpty() ? "" : c.command() + ": the host adds " + String.join(" and ", filled);
    }

    private static boolean hostFills(List<String> args, int i) {
        return i + 1 < args.size()
                && args.get(i).startsWith("--")
                && args.get(i + 1).startsWith("<");
    }

    void text(PrintWriter out) {
        String prefix = catalog.canonicalPrefix();
        out.println(Words.count(catalog.commands().size(), "slash command") + " for LoopX in your host (prefix "
                + prefix + "); an unknown " + prefix + " command answers with this list and does nothing else");
        Table table = new Table("  ", "COMMAND", "SCOPE", "WRITES", "RUNS");
        List<String> aliases = new ArrayList<>();
        for (SlashCommand c : catalog.commands()) {
            table.row(
                    c.command(),
                    c.scope(),
                    c.mutationPolicy().equals("read_only") ? "no" : "through its guided plan",
                    runs(c, catalog.cliBin()));
            for (String a : aliases(c)) {
                aliases.add(a + " → " + c.command());
            }
        }
        table.print(out);
        new Lines(out)
                .add(
                        "filled in",
                        catalog.commands().stream()
                                .map(SlashCatalogAnswer::filledByHost)
                                .filter(line -> !line.isEmpty())
                                .toList())
                .add("old names", aliases.isEmpty() ? "" : String.join(" · ", aliases) + " (still answered)")
                .add(
                        "install",
                        List.of(
                                "loopx slash-commands --install --surface all",
                                "or one host: --surface codex, claude-code, opencode or pi (loopx slash-commands --help)"))
                .print();
    }
}
