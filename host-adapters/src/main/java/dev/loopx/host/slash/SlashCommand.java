package dev.loopx.host.slash;

import java.util.List;
import java.util.Objects;

/**
 * One entry of the slash-command catalog (SPEC §S10): the command as a person types it, what it
 * may do, and the LoopX CLI call a host makes for it.
 *
 * @param command the catalog spelling ({@code /loopx}, {@code /loopx <goal text>}, {@code /loopx-global-summary}…)
 * @param token the leading token a message must start with to select this entry
 * @param scope {@code project} or {@code global}
 * @param intent what the command is for (a stable snake_case word)
 * @param mutationPolicy what the command may change ({@code read_only} for everything but the explicit goal start)
 * @param cliArgs the CLI call after the binary name; {@code <text>} and {@code <surface>} are placeholders
 * @param legacyAliases older spellings that canonicalise to {@link #token}
 * @param takesText true for the entry selected when text follows the token
 * @param summary one line for people
 */
public record SlashCommand(
        String command,
        String token,
        String scope,
        String intent,
        String mutationPolicy,
        List<String> cliArgs,
        List<String> legacyAliases,
        boolean takesText,
        String summary) {
    public SlashCommand {
        Objects.requireNonNull(command, "command");
        Objects.requireNonNull(token, "token");
        Objects.requireNonNull(scope, "scope");
        Objects.requireNonNull(intent, "intent");
        Objects.requireNonNull(mutationPolicy, "mutationPolicy");
        Objects.requireNonNull(summary, "summary");
        cliArgs = List.copyOf(cliArgs);
        legacyAliases = List.copyOf(legacyAliases);
    }

    public boolean global() {
        return scope.equals("global");
    }

    /** The catalog's {@code cli_reference}: {@code cliBin} followed by the arguments, placeholders kept. */
    public String cliReference(String cliBin) {
        return cliBin + " " + String.join(" ", cliArgs);
    }
}
