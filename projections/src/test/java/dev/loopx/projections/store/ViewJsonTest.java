package dev.loopx.projections.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.core.JsonProcessingException;
import dev.loopx.ledger.json.CanonicalJson;
import dev.loopx.ledger.json.Json;
import dev.loopx.ledger.json.RecordReader;
import dev.loopx.projections.audit.GoalLog;
import dev.loopx.projections.goal.GoalLifecycle;
import dev.loopx.projections.goal.GoalView;
import dev.loopx.projections.heartbeat.HeartbeatFold;
import dev.loopx.projections.lane.LaneGoal;
import dev.loopx.projections.lane.LaneView;
import dev.loopx.projections.migration.PromptMigrationFold;
import dev.loopx.projections.quota.QuotaFold;
import dev.loopx.projections.quota.QuotaLog;
import dev.loopx.projections.scheduler.SchedulerFold;
import dev.loopx.projections.scheduler.SchedulerView;
import dev.loopx.projections.todo.Priority;
import dev.loopx.projections.todo.TaskClass;
import dev.loopx.projections.todo.TodoCounts;
import dev.loopx.projections.todo.TodoLease;
import dev.loopx.projections.todo.TodoRole;
import dev.loopx.projections.todo.TodoStatus;
import dev.loopx.projections.todo.TodoView;
import java.lang.reflect.Method;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The store writes view records straight to text; that text must be the canonical JSON of the record's tree. */
class ViewJsonTest {
    /** Also: the stored text reads back to the same record by RecordReader (no Jackson fallback) and by Jackson. */
    private static void sameAsTree(Object record) {
        String text = ViewJson.canonical(record);
        assertEquals(CanonicalJson.string(Json.mapper().valueToTree(record)), text, record.toString());
        Object fast = RecordReader.read(text, record.getClass());
        assertNotNull(fast, "RecordReader takes " + record.getClass().getSimpleName());
        assertEquals(record, fast);
        try {
            assertEquals(Json.mapper().readValue(text, record.getClass()), fast);
        } catch (JsonProcessingException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void everyStoredEnum_isReadByItsRecordedFactory_whichJacksonCallsToo() throws Exception {
        // RecordReader finds the factory by name (reading the annotation would cost a proxy class
        // per start); Jackson finds it by @JsonCreator: the two must name the same method
        for (Class<?> type :
                List.of(TodoRole.class, TaskClass.class, Priority.class, TodoStatus.class, GoalLifecycle.class)) {
            Method recorded = type.getMethod("recorded", String.class);
            assertTrue(recorded.isAnnotationPresent(JsonCreator.class), type.getName());
            assertEquals(type, recorded.getReturnType(), type.getName());
        }
    }

    @Test
    void everyViewRecordEncodesToTheCanonicalTextOfItsTree() {
        String odd = "quote \" back\\slash tab\t nl\n é ü 漢 😀 \u0001";
        for (BigDecimal compute :
                List.of(new BigDecimal("1.50"), new BigDecimal("2E+1"), BigDecimal.ZERO, new BigDecimal("0.125"))) {
            sameAsTree(new GoalView(
                    "g",
                    odd,
                    "app",
                    1,
                    "2026-01-01T00:00:00Z",
                    new GoalView.QuotaPolicy(compute, 24, 5),
                    GoalLifecycle.STOPPED,
                    "",
                    List.of(new GoalView.Agent("b", "s", 3), new GoalView.Agent("a", "", 2)),
                    List.of("user"),
                    9));
            sameAsTree(new GoalView.QuotaPolicy(compute, 12, 1));
        }
        sameAsTree(new TodoView(
                "todo_1",
                "g",
                TodoRole.AGENT,
                TodoStatus.OPEN,
                odd,
                TaskClass.ADVANCEMENT_TASK,
                Priority.P1,
                "a",
                "",
                true,
                List.of("x", "y"),
                "",
                "resume_at:2026-02-01T00:00:00Z",
                false,
                "",
                "",
                "",
                List.of("todo_2"),
                List.of("gpu", "shell"),
                new TodoLease("a", "2026-01-01T00:00:00Z", "2026-01-01T00:30:00Z", 30),
                4,
                7,
                odd,
                9));
        sameAsTree(new TodoView(
                "todo_1",
                "g",
                TodoRole.AGENT,
                TodoStatus.OPEN,
                odd,
                TaskClass.ADVANCEMENT_TASK,
                Priority.P1,
                "",
                "",
                false,
                List.of(),
                "",
                "",
                false,
                "",
                "",
                "",
                List.of(),
                List.of(),
                TodoLease.NONE,
                4,
                7,
                "",
                0,
                3,
                List.of(new TodoView.Reclaim("a", 1, odd), new TodoView.Reclaim("b", 2, ""))));
        sameAsTree(new QuotaLog.Writeback(5, "a", "outcome_progress", odd, "2026-01-01T00:00:00.000Z", true, 6));
        sameAsTree(new QuotaLog.Spend(6, "a", 2, 5, "2026-01-01T00:00:00.000Z", 0));
        sameAsTree(new QuotaFold.Summary("g", 9, 5, Map.of("zed", 5L, "a", 3L, "B", 4L)));
        sameAsTree(GoalLog.empty("g"));
        sameAsTree(new GoalLog(
                "g", new GoalLog.Reward(3, "positive", odd, "", "", "", "user", "2026-01-01T00:00:00Z"), 2, 1));
        sameAsTree(new GoalLog.Gate(4, "release", "approve", odd, "operator", "2026-01-01T00:00:00Z"));
        sameAsTree(SchedulerView.empty("g", "a", "codex_app"));
        sameAsTree(new SchedulerView(
                "g",
                "a",
                "codex_app",
                new SchedulerView.Ack(3, "tok", "sig", 1, 30, "FREQ=MINUTELY", "2026-01-01T00:00:00Z"),
                List.of(new SchedulerView.Failure(4, "r1", "r2", "2026-01-01T00:00:00Z"))));
        sameAsTree(new SchedulerFold.TurnRecord(3, "a", "run"));
        sameAsTree(new TodoCounts(4, 1, 3, 0, 2));
        sameAsTree(new HeartbeatFold.HeartbeatInstall(3, "g", "a", "codex-app", 2, "sha", "2026-01-01T00:00:00Z"));
        sameAsTree(LaneView.empty("g", "a"));
        sameAsTree(new LaneView(
                "g",
                "a",
                "2026-01-01T00:00:00Z",
                "2026-01-02T00:00:00Z",
                "writeback",
                7,
                odd,
                "t2",
                "t3",
                "FREQ=MINUTELY;INTERVAL=30",
                "codex_app",
                List.of("t4", odd),
                2,
                "t5",
                9,
                "t6",
                1,
                "turn",
                "t7",
                11));
        sameAsTree(new LaneGoal("g", 0, "", 3, 36));
        sameAsTree(new LaneGoal("g", 12, "2026-01-01T00:00:00Z", 5, 1));
        sameAsTree(new PromptMigrationFold.PendingUpgrade(
                5, "g", "a", "auto", "old", "thread", "loopx", "", odd, true, 0));
    }

    /** The hand-written rows ({@link RowText}) escape every character as Jackson does. */
    @Test
    void handWrittenRowsEscapeLikeJackson() {
        StringBuilder every = new StringBuilder();
        for (char c = 0; c < 0x100; c++) {
            every.append(c);
        }
        String text = every + " é ü 漢 \u2028 \u2029 \uffff";
        for (String s : List.of(text, "", "plain", "😀 pair", "what? ?", "op_0123456789abcdef", "tab\tend", "é")) {
            sameAsTree(new TodoView(
                    s,
                    s,
                    TodoRole.USER,
                    TodoStatus.DONE,
                    s,
                    TaskClass.UNKNOWN,
                    Priority.NONE,
                    s,
                    s,
                    false,
                    List.of(s),
                    s,
                    s,
                    true,
                    s,
                    s,
                    s,
                    List.of(),
                    List.of(s),
                    new TodoLease(s, s, s, -1),
                    0,
                    -1,
                    s,
                    0));
            sameAsTree(new QuotaLog.Writeback(-5, s, s, s, s, false, 0));
            sameAsTree(new QuotaLog.Spend(Long.MIN_VALUE, s, -2, 5, s, 0));
            sameAsTree(new GoalLog.Gate(-1, s, s, s, s, s));
            sameAsTree(new GoalLog(s, null, 0, Long.MAX_VALUE));
            sameAsTree(new GoalLog(s, new GoalLog.Reward(Long.MIN_VALUE, s, s, s, s, s, s, s), -3, 0));
            sameAsTree(new SchedulerView(s, s, s, null, List.of()));
            sameAsTree(new SchedulerView(
                    s,
                    s,
                    s,
                    new SchedulerView.Ack(7, s, s, -1, Integer.MAX_VALUE, s, s),
                    List.of(new SchedulerView.Failure(1, s, s, s), new SchedulerView.Failure(2, "", s, "t"))));
            sameAsTree(new QuotaFold.Summary(s, 1, -2, Map.of()));
            sameAsTree(new QuotaFold.Summary(s, 1, 2, Map.of(s, 5L, "a", Long.MIN_VALUE, s + "z", 0L)));
        }
        sameAsTree(new TodoCounts(Long.MAX_VALUE, -1, 0, Long.MIN_VALUE, 3));
        for (Object record : List.of(
                new GoalLog.Gate(1, "g", "approve", "ok", "owner", "t"),
                new TodoCounts(1, 2, 3, 4, 5),
                GoalLog.empty("g"),
                SchedulerView.empty("g", "a", "codex_app"),
                new QuotaFold.Summary("g", 0, 0, Map.of()))) {
            assertNotNull(
                    RowText.utf8(record),
                    "written by hand: " + record.getClass().getSimpleName());
        }
        // null strings and map values are written as Jackson writes them
        assertEquals(
                CanonicalJson.string(Json.mapper().valueToTree(new GoalLog.Gate(1, null, "d", null, "k", "t"))),
                ViewJson.canonical(new GoalLog.Gate(1, null, "d", null, "k", "t")));
        java.util.Map<String, Long> withNull = new java.util.HashMap<>();
        withNull.put("b", null);
        withNull.put("a", 1L);
        assertEquals(
                CanonicalJson.string(Json.mapper().valueToTree(new QuotaFold.Summary("g", 0, 0, withNull))),
                ViewJson.canonical(new QuotaFold.Summary("g", 0, 0, withNull)));
        assertEquals(
                "{\"agent_id\":\"a\",\"recorded_at\":\"t\",\"seq\":6,\"slots\":2,\"voided_seq\":0,\"writeback_seq\":5}",
                new String(
                        RowText.utf8(new QuotaLog.Spend(6, "a", 2, 5, "t", 0)),
                        java.nio.charset.StandardCharsets.UTF_8));
    }
}
