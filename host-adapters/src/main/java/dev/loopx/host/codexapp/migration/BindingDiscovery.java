package dev.loopx.host.codexapp.migration;

import dev.loopx.host.heartbeat.WrapperBinding;
import dev.loopx.host.heartbeat.WrapperRecognizer;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Which goal and agent an automation prompt belongs to (SPEC §S12). A managed wrapper that
 * {@link WrapperRecognizer} recognises exactly carries its binding. Any other prompt is bound when
 * it names exactly one registered goal id and exactly one of that goal's registered agents (as
 * whole words: an id is a maximal run of id characters, a trailing {@code .} ignored); naming none
 * is {@link None}, naming several is {@link Ambiguous}. Discovery only proposes: nothing here
 * authorises a write. Pure and thread-safe.
 */
public final class BindingDiscovery {
    /** What discovery found. */
    public sealed interface Result {}

    /** The prompt is a managed wrapper with this binding (not yet checked against the registry). */
    public record Managed(WrapperBinding binding) implements Result {
        public Managed {
            Objects.requireNonNull(binding, "binding");
        }
    }

    /** A custom prompt naming exactly one registered goal and one of its agents. */
    public record Named(String goalId, String agentId) implements Result {}

    /** No registered goal, or no agent of the named goal, is named. */
    public record None(String reason) implements Result {}

    /** Several goals, or several agents of the one goal, are named. */
    public record Ambiguous(String reason, List<String> candidates) implements Result {
        public Ambiguous {
            candidates = List.copyOf(candidates);
        }
    }

    private BindingDiscovery() {}

    /**
     * @param registered every registered goal id with its registered agent ids
     */
    public static Result discover(String prompt, Map<String, List<String>> registered) {
        var managed = WrapperRecognizer.recognize(prompt);
        if (managed.isPresent()) {
            return new Managed(managed.get());
        }
        Set<String> words = words(prompt);
        List<String> goals =
                registered.keySet().stream().filter(words::contains).sorted().toList();
        if (goals.isEmpty()) {
            return new None("no_registered_goal_named");
        }
        if (goals.size() > 1) {
            return new Ambiguous("several_goals_named", goals);
        }
        String goal = goals.get(0);
        List<String> agents = registered.get(goal).stream()
                .filter(words::contains)
                .sorted()
                .distinct()
                .toList();
        if (agents.isEmpty()) {
            return new None("no_registered_agent_named");
        }
        if (agents.size() > 1) {
            return new Ambiguous("several_agents_named", agents);
        }
        return new Named(goal, agents.get(0));
    }

    /** Maximal runs of id characters ({@code [A-Za-z0-9_.-]}), also without trailing dots. */
    static Set<String> words(String text) {
        Set<String> out = new LinkedHashSet<>();
        List<String> runs = new ArrayList<>();
        StringBuilder run = new StringBuilder();
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if ((c >= 'A' && c <= 'Z')
                    || (c >= 'a' && c <= 'z')
                    || (c >= '0' && c <= '9')
                    || c == '_'
                    || c == '.'
                    || c == '-') {
                run.append(c);
            } else if (!run.isEmpty()) {
                runs.add(run.toString());
                run.setLength(0);
            }
        }
        if (!run.isEmpty()) {
            runs.add(run.toString());
        }
        for (String r : runs) {
            out.add(r);
            String trimmed = r.replaceAll("\\.+$", "");
            if (!trimmed.isEmpty()) {
                out.add(trimmed);
            }
        }
        return out;
    }
}
