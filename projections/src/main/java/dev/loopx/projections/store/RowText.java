package dev.loopx.projections.store;

import dev.loopx.projections.audit.OperationView;
import dev.loopx.projections.quota.QuotaLog;
import dev.loopx.projections.todo.TodoView;
import java.util.List;

/**
 * Canonical text of the view rows a rebuild writes most (one per operation id, todo, writeback
 * and spend), written by hand: exactly the text {@link ViewJson}'s Jackson writer gives — names
 * snake_case and sorted, Jackson's string escapes — without its per-property reflection (that
 * bean serialisation was ~12% of a 1M-event rebuild). {@code ViewJsonTest} holds the two paths
 * byte-equal. Any other record, or a string with a UTF-16 surrogate (Jackson's own rules for
 * those stay in charge): {@code null}. Each call writes into its own instance; thread-safe.
 */
final class RowText {
    private final StringBuilder out = new StringBuilder(512);
    private boolean plain = true;
    private char separator = '{';

    private RowText() {}

    /** The canonical text of {@code record}, or null when this class does not write that record. */
    static String of(Object record) {
        RowText t = new RowText();
        switch (record) {
            case OperationView op -> t.str("command", op.command()).strs("event_ids", op.eventIds())
                    .longs("event_seqs", op.eventSeqs()).strs("event_types", op.eventTypes())
                    .str("goal_id", op.goalId()).str("intent_sha256", op.intentSha256())
                    .str("operation_id", op.operationId());
            case TodoView todo -> t.str("blocks_agent", todo.blocksAgent()).str("claimed_by", todo.claimedBy())
                    .num("created_seq", todo.createdSeq()).str("decision_outcome", todo.decisionOutcome())
                    .str("evidence", todo.evidence()).strs("excluded_agents", todo.excludedAgents())
                    .bool("global_gate", todo.globalGate()).str("goal_id", todo.goalId())
                    .bool("no_followup", todo.noFollowup()).str("priority", todo.priority())
                    .str("resume_when", todo.resumeWhen()).str("role", todo.role()).str("status", todo.status())
                    .strs("successor_todo_ids", todo.successorTodoIds()).str("superseded_by", todo.supersededBy())
                    .str("task_class", todo.taskClass()).str("text", todo.text()).str("todo_id", todo.todoId())
                    .str("unblocks_todo_id", todo.unblocksTodoId()).num("updated_seq", todo.updatedSeq());
            case QuotaLog.Writeback w -> t.bool("accountable", w.accountable()).str("agent_id", w.agentId())
                    .str("delivery_outcome", w.deliveryOutcome()).str("recorded_at", w.recordedAt())
                    .num("seq", w.seq()).num("spent_seq", w.spentSeq()).str("summary", w.summary());
            case QuotaLog.Spend s -> t.str("agent_id", s.agentId()).str("recorded_at", s.recordedAt())
                    .num("seq", s.seq()).num("slots", s.slots()).num("voided_seq", s.voidedSeq())
                    .num("writeback_seq", s.writebackSeq());
            default -> {
                return null;
            }
        }
        return t.plain ? t.out.append('}').toString() : null;
    }

    private RowText name(String name) {
        out.append(separator).append('"').append(name).append("\":");
        separator = ',';
        return this;
    }

    private RowText str(String name, String value) {
        name(name);
        string(value);
        return this;
    }

    private RowText num(String name, long value) {
        name(name);
        out.append(value);
        return this;
    }

    private RowText bool(String name, boolean value) {
        name(name);
        out.append(value);
        return this;
    }

    private RowText strs(String name, List<String> values) {
        name(name);
        out.append('[');
        for (int i = 0; i < values.size(); i++) {
            if (i > 0) {
                out.append(',');
            }
            string(values.get(i));
        }
        out.append(']');
        return this;
    }

    private RowText longs(String name, List<Long> values) {
        name(name);
        out.append('[');
        for (int i = 0; i < values.size(); i++) {
            if (i > 0) {
                out.append(',');
            }
            out.append(values.get(i).longValue());
        }
        out.append(']');
        return this;
    }

    /** Jackson's escapes: {@code \" \\ \b \t \n \f \r}, other controls as upper-case {@code \}{@code u00XX}, the rest as is. */
    private void string(String s) {
        out.append('"');
        int from = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c >= 0x20 && c != '"' && c != '\\') {
                if (Character.isSurrogate(c)) {
                    plain = false;
                }
                continue;
            }
            out.append(s, from, i);
            from = i + 1;
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\b' -> out.append("\\b");
                case '\t' -> out.append("\\t");
                case '\n' -> out.append("\\n");
                case '\f' -> out.append("\\f");
                case '\r' -> out.append("\\r");
                default -> out.append("\\u00").append(HEX[c >> 4]).append(HEX[c & 0xf]);
            }
        }
        out.append(s, from, s.length()).append('"');
    }

    private static final char[] HEX = "0123456789ABCDEF".toCharArray();
}
