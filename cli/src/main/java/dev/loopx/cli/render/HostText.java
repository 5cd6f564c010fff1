package dev.loopx.cli.render;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.host.pack.Choice;
import dev.loopx.host.pack.CliCall;
import dev.loopx.host.pack.ProjectSnapshot;
import dev.loopx.ledger.json.Json;
import dev.loopx.projections.goal.GoalLifecycle;
import java.util.ArrayList;
import java.util.List;

/**
 * The parts the read-first host answers share ({@link StartGoalPlanAnswer},
 * {@link CommandPackAnswer}): the project's connection, a command as its shell line and argument
 * vector, a choice between commands, and the wording rules of their text views (at most
 * {@value #COMMANDS} commands listed, a sentence as the middle of a line). Pure.
 */
final class HostText {
    private static final int COMMANDS = 6;

    private HostText() {}

    /** {@code connection}: whether the project is connected, its state current, and its goals. */
    static ObjectNode connection(ProjectSnapshot snapshot) {
        ObjectNode c = Json.object();
        c.put("connected", snapshot.connected());
        c.put("state_current", snapshot.stateCurrent());
        c.put("goal_count", snapshot.goals().size());
        ArrayNode goals = c.putArray("goals");
        for (ProjectSnapshot.Goal g : snapshot.goals()) {
            ObjectNode node = goals.addObject();
            node.put("goal_id", g.goalId());
            node.put("lifecycle", lifecycle(g));
            node.set("agent_ids", strings(g.agentIds()));
            node.put("open_agent_todos", g.openAgentTodos());
        }
        return c;
    }

    static String lifecycle(ProjectSnapshot.Goal g) {
        return (g.stopped() ? GoalLifecycle.STOPPED : GoalLifecycle.ACTIVE).wire();
    }

    /** {@code options}: one object per choice, its field and value, and its command. */
    static void options(ObjectNode parent, List<Choice> choices, String cli) {
        ArrayNode options = parent.putArray("options");
        for (Choice choice : choices) {
            options.addObject().put(choice.field(), choice.value()).set("command", call(choice.command(), cli));
        }
    }

    /** A command as {@code command} (one POSIX shell line) and {@code argv}. */
    static ObjectNode call(CliCall call, String cli) {
        ObjectNode node = Json.object();
        node.put("command", call.line(cli));
        node.set("argv", strings(call.argv(cli)));
        return node;
    }

    static ArrayNode strings(List<String> values) {
        ArrayNode array = Json.array();
        values.forEach(array::add);
        return array;
    }

    /** Each choice as its pasteable command, at most {@value #COMMANDS} of them. */
    static List<String> choices(List<Choice> choices, String cli) {
        List<String> lines = new ArrayList<>();
        for (Choice c : choices) {
            lines.add(Words.pasteable(c.command().line(cli)));
        }
        return limited(lines);
    }

    static List<String> limited(List<String> lines) {
        if (lines.size() <= COMMANDS) {
            return lines;
        }
        List<String> shown = new ArrayList<>(lines.subList(0, COMMANDS));
        shown.add("… " + (lines.size() - COMMANDS) + " more (--verbose)");
        return shown;
    }

    /** A sentence as the middle of a line: lower-case first letter, no closing full stop. */
    static String lowerFirst(String s) {
        String t = s.endsWith(".") ? s.substring(0, s.length() - 1) : s;
        return t.isEmpty() ? t : Character.toLowerCase(t.charAt(0)) + t.substring(1);
    }
}
