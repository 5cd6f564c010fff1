package dev.loopx.cli.render;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.projections.next.Flag;
import dev.loopx.projections.next.NextStep;
import dev.loopx.projections.next.Remedy;
import dev.loopx.projections.next.Verb;
import java.util.ArrayList;
import java.util.List;

/**
 * The one place a next step becomes a command line: {@link Verb}s and {@link Flag}s are spelled
 * here and nowhere below the CLI. A spelled step holds only literal values, shell-quoted where the
 * shell would read them otherwise, so it runs as printed; what the reader must add is spelled apart
 * ({@link #input}). Exhaustive: a new verb or flag does not compile until it has its spelling.
 */
public final class CommandLines {
    private CommandLines() {}

    /** A command given as a JSON array of arguments, as one line a person can paste ({@code loopx …}). */
    static String of(List<String> cliArgs) {
        List<String> words = new ArrayList<>(List.of("loopx"));
        cliArgs.forEach(a -> words.add(Words.shellWord(a)));
        return String.join(" ", words);
    }

    /**
     * The command line that repeats a write of unknown outcome: the arguments it was given, with
     * {@code --operation-id ID} added when they named none (with one, it is the id the write was
     * sent under already).
     */
    public static String retry(List<String> cliArgs, String operationId) {
        String option = flag(Flag.OPERATION_ID);
        boolean named = cliArgs.stream().anyMatch(a -> a.equals(option) || a.startsWith(option + "="));
        List<String> args = new ArrayList<>(cliArgs);
        if (!named) {
            args.add(option);
            args.add(operationId);
        }
        return of(args);
    }

    /** The command line as given, with {@code --goal-id goalId} added (a command that left it out). */
    public static String withGoal(List<String> cliArgs, String goalId) {
        List<String> args = new ArrayList<>(cliArgs);
        args.add(flag(Flag.GOAL_ID));
        args.add(goalId);
        return of(args);
    }

    /**
     * {@code loopx projects forget LABEL}: the one command handed out with an operand rather than
     * a flag (a project is named by its label, never by its path), so it is spelled here apart
     * from the {@link Verb}s.
     */
    public static String forgetProject(String label) {
        return of(List.of("projects", "forget", label));
    }

    /** The step as one pasteable line, {@code loopx} first; its inputs are not in it. */
    public static String of(NextStep step) {
        return of(args(step));
    }

    /** The step's arguments after the binary name (a {@code cli_args} array). */
    public static List<String> args(NextStep step) {
        List<String> args = new ArrayList<>(List.of(verb(step.verb()).split(" ")));
        for (NextStep.Arg a : step.args()) {
            args.add(flag(a.flag()));
            if (!a.value().isEmpty()) {
                args.add(a.value());
            }
        }
        return args;
    }

    /**
     * One input in words: {@code add --evidence: what was delivered}, {@code add --decision-outcome
     * (approve, reject or cancel): the owner's decision}, {@code may add --material-change: …}.
     */
    public static String input(NextStep.Input in) {
        String choices = in.choices().isEmpty() ? "" : " (" + Words.orList(in.choices()) + ")";
        return (in.required() ? "add " : "may add ") + flag(in.flag()) + choices + ": " + in.meaning();
    }

    /**
     * The step for a terminal: the command line alone on its line (it pastes as printed), then one
     * indented line per input ({@code   add --evidence: what was delivered}).
     */
    public static String withInputs(NextStep step) {
        StringBuilder text = new StringBuilder(of(step));
        step.inputs().forEach(in -> text.append("\n  ").append(input(in)));
        return text.toString();
    }

    /**
     * Writes {@code steps} as {@code field} (one command line each, nothing to fill inside) and
     * their inputs as {@code inputsField}: one object per input, naming the command it belongs to,
     * the flag, what it means, whether it is required, whether it is a switch, and its choices.
     */
    public static void write(ObjectNode parent, String field, String inputsField, List<NextStep> steps) {
        ArrayNode commands = parent.putArray(field);
        ArrayNode inputs = parent.putArray(inputsField);
        for (NextStep step : steps) {
            commands.add(of(step));
            inputs(inputs, step);
        }
    }

    /** Writes one step as {@code field} and its inputs as {@code inputsField} (shaped as in {@link #write}). */
    public static void writeOne(ObjectNode parent, String field, String inputsField, NextStep step) {
        parent.put(field, of(step));
        inputs(parent.putArray(inputsField), step);
    }

    /** Writes the inputs of every step of {@code remedy} into {@code inputs} (shaped as in {@link #write}). */
    public static void inputs(ArrayNode inputs, Remedy remedy) {
        remedy.steps().forEach(step -> inputs(inputs, step));
    }

    private static void inputs(ArrayNode inputs, NextStep step) {
        String line = of(step);
        for (NextStep.Input in : step.inputs()) {
            ObjectNode o = inputs.addObject();
            o.put("command", line);
            o.put("flag", flag(in.flag()));
            o.put("meaning", in.meaning());
            o.put("required", in.required());
            o.put("switch", in.isSwitch());
            ArrayNode choices = o.putArray("choices");
            in.choices().forEach(choices::add);
        }
    }

    /** A remedy in one line: its words, then its steps ({@code words: loopx …; loopx …}). */
    public static String of(Remedy remedy) {
        String steps =
                String.join("; ", remedy.steps().stream().map(CommandLines::of).toList());
        if (remedy.words().isEmpty() || steps.isEmpty()) {
            return remedy.words() + steps;
        }
        return remedy.words() + ": " + steps;
    }

    public static String verb(Verb verb) {
        return switch (verb) {
            case CONNECT -> "connect";
            case REGISTER_AGENT -> "register-agent";
            case CONFIGURE_GOAL -> "configure-goal";
            case GOAL_LIFECYCLE -> "goal-lifecycle";
            case TODO_LIST -> "todo list";
            case TODO_ADD -> "todo add";
            case TODO_CLAIM -> "todo claim";
            case TODO_RECLAIM -> "todo reclaim";
            case TODO_COMPLETE -> "todo complete";
            case TODO_UPDATE -> "todo update";
            case TODO_CHECKPOINT -> "todo checkpoint";
            case TODO_SUPERSEDE -> "todo supersede";
            case TODO_DECLARE_EMPTY -> "todo declare-empty";
            case REFRESH_STATE -> "refresh-state";
            case REWARD -> "reward";
            case HEARTBEAT_PROMPT -> "heartbeat-prompt";
            case QUOTA_SHOULD_RUN -> "quota should-run";
            case QUOTA_SPEND_SLOT -> "quota spend-slot";
            case QUOTA_MONITOR_POLL -> "quota monitor-poll";
            case QUOTA_SCHEDULER_ACK_CURRENT -> "quota scheduler-ack-current";
            case QUOTA_SCHEDULER_FAIL_CURRENT -> "quota scheduler-fail-current";
            case TASK_LEASE_INSPECT -> "task-lease inspect";
            case TASK_LEASE_RENEW -> "task-lease renew";
            case BIND_AGENT_THREAD -> "bind-agent-thread";
            case LEDGER_REPLAY -> "ledger replay";
            case LEDGER_VERIFY -> "ledger verify";
            case LEDGER_REPAIR -> "ledger repair";
            case PROJECTIONS_REBUILD -> "projections rebuild";
        };
    }

    public static String flag(Flag flag) {
        return switch (flag) {
            case PROJECT -> "--project";
            case CODEX_HOME -> "--codex-home";
            case CLAUDE_HOME -> "--claude-home";
            case OPENCODE_CONFIG_DIR -> "--opencode-config-dir";
            case PI_AGENT_DIR -> "--pi-agent-dir";
            case PLAN_FILE -> "--plan-file";
            case AUTOMATION_ID -> "--automation-id";
            case OBJECTIVE -> "--objective";
            case OPERATION_ID -> "--operation-id";
            case MESSAGE -> "--message";
            case RRULE -> "--rrule";
            case GOAL_ID -> "--goal-id";
            case AGENT_ID -> "--agent-id";
            case TODO_ID -> "--todo-id";
            case THREAD_ID -> "--thread-id";
            case HOST_SURFACE -> "--host-surface";
            case TTL_MINUTES -> "--ttl-minutes";
            case ROLE -> "--role";
            case TEXT -> "--text";
            case STATUS -> "--status";
            case RESUME_WHEN -> "--resume-when";
            case EVIDENCE -> "--evidence";
            case NO_FOLLOW_UP -> "--no-follow-up";
            case NOTE -> "--note";
            case REASON -> "--reason";
            case NEXT_AGENT_TODO -> "--next-agent-todo";
            case DECISION_OUTCOME -> "--decision-outcome";
            case REQUIRED_CAPABILITY -> "--required-capability";
            case AVAILABLE_CAPABILITY -> "--available-capability";
            case DELIVERY_OUTCOME -> "--delivery-outcome";
            case SUMMARY -> "--summary";
            case RUNTIME_PROFILE -> "--runtime-profile";
            case RESULT_DIGEST -> "--result-digest";
            case MATERIAL_CHANGE -> "--material-change";
            case OPERATION -> "--operation";
            case ACTOR_KIND -> "--actor-kind";
            case QUOTA_COMPUTE -> "--quota-compute";
            case REWARD -> "--reward";
            case REASON_SUMMARY -> "--reason-summary";
            case BOOTSTRAP -> "--bootstrap";
            case APPLIED_RRULE -> "--applied-rrule";
            case FAILED_RRULE -> "--failed-rrule";
            case APP_AUTOMATION_CURRENT_RRULE -> "--app-automation-current-rrule";
            case RESET_TOKEN -> "--reset-token";
            case IDENTITY_SIGNATURE -> "--identity-signature";
            case MOVE -> "--move";
            case EXECUTE -> "--execute";
        };
    }
}
