package dev.loopx.cli.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.ledger.json.Json;
import dev.loopx.projections.next.Flag;
import dev.loopx.projections.next.NextStep;
import dev.loopx.projections.next.Remedy;
import dev.loopx.projections.next.Verb;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The one place next steps are spelled: command lines that run as printed, inputs named apart. */
class CommandLinesTest {
    private static final NextStep COMPLETE = NextStep.of(Verb.TODO_COMPLETE)
            .with(Flag.GOAL_ID, "g1")
            .with(Flag.TODO_ID, "todo_1")
            .needs(Flag.EVIDENCE, "what was delivered");

    @Test
    void everyVerbAndFlag_hasItsOwnSpelling() {
        Set<String> verbs = new HashSet<>();
        Arrays.stream(Verb.values()).forEach(v -> assertTrue(verbs.add(CommandLines.verb(v)), v::toString));
        Set<String> flags = new HashSet<>();
        for (Flag f : Flag.values()) {
            String spelled = CommandLines.flag(f);
            assertTrue(spelled.matches("--[a-z]+(-[a-z]+)*"), spelled);
            assertTrue(flags.add(spelled), spelled);
        }
    }

    @Test
    void aStep_isSpelledWithItsKnownValuesOnly_andShellQuotedWhereTheShellWouldReadThem() {
        assertEquals("loopx todo complete --goal-id g1 --todo-id todo_1", CommandLines.of(COMPLETE));
        NextStep ack = NextStep.of(Verb.QUOTA_SCHEDULER_ACK_CURRENT)
                .with(Flag.APPLIED_RRULE, "FREQ=MINUTELY;INTERVAL=3")
                .with(Flag.EXECUTE);
        assertEquals(
                "loopx quota scheduler-ack-current --applied-rrule 'FREQ=MINUTELY;INTERVAL=3' --execute",
                CommandLines.of(ack));
        assertEquals(
                List.of("quota", "scheduler-ack-current", "--applied-rrule", "FREQ=MINUTELY;INTERVAL=3", "--execute"),
                CommandLines.args(ack));
    }

    @Test
    void inputs_areWrittenBesideTheCommands_andShownUnderThemAtATerminal() throws Exception {
        NextStep decide = NextStep.of(Verb.TODO_COMPLETE)
                .with(Flag.GOAL_ID, "g1")
                .needsOneOf(Flag.DECISION_OUTCOME, "the owner's decision", List.of("approve", "reject", "cancel"));
        ObjectNode doc = Json.object();
        CommandLines.write(doc, "next", "next_inputs", List.of(COMPLETE, decide));
        assertEquals(
                "{\"next\":[\"loopx todo complete --goal-id g1 --todo-id todo_1\",\"loopx todo complete --goal-id g1\"],"
                        + "\"next_inputs\":[{\"command\":\"loopx todo complete --goal-id g1 --todo-id todo_1\","
                        + "\"flag\":\"--evidence\",\"meaning\":\"what was delivered\",\"required\":true,"
                        + "\"switch\":false,\"choices\":[]},{\"command\":\"loopx todo complete --goal-id g1\","
                        + "\"flag\":\"--decision-outcome\",\"meaning\":\"the owner's decision\",\"required\":true,"
                        + "\"switch\":false,\"choices\":[\"approve\",\"reject\",\"cancel\"]}]}",
                Json.text(doc));
        assertEquals(
                "loopx todo complete --goal-id g1\n  add --decision-outcome (approve, reject or cancel): the owner's decision",
                CommandLines.withInputs(decide));
    }

    @Test
    void aFilledInput_takesItsPlaceInFlagOrder() {
        NextStep list = NextStep.of(Verb.TODO_LIST)
                .needs(Flag.GOAL_ID, "the goal")
                .with(Flag.AGENT_ID, "a1")
                .with(Flag.STATUS, "open");
        assertEquals(
                "loopx todo list --goal-id g1 --agent-id a1 --status open",
                CommandLines.of(list.fill(Flag.GOAL_ID, "g1")));
        assertEquals(List.of(), list.fill(Flag.GOAL_ID, "g1").inputs());
        assertEquals(list, list.fill(Flag.TODO_ID, "t1"), "a step without that input is unchanged");
        assertEquals(
                "find it in: loopx todo list --goal-id g1 --agent-id a1 --status open",
                CommandLines.of(Remedy.of("find it in", list).fill(Flag.GOAL_ID, "g1")));
    }
}
