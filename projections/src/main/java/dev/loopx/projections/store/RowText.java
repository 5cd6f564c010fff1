package dev.loopx.projections.store;

import dev.loopx.projections.audit.GoalLog;
import dev.loopx.projections.lane.LaneGoal;
import dev.loopx.projections.lane.LaneView;
import dev.loopx.projections.quota.QuotaFold;
import dev.loopx.projections.quota.QuotaLog;
import dev.loopx.projections.scheduler.SchedulerView;
import dev.loopx.projections.todo.TodoCounts;
import dev.loopx.projections.todo.TodoView;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Canonical text of the view rows a rebuild writes (one per todo, writeback, spend and gate, and
 * the per-goal and per-lane summaries rewritten by many events), written by hand as UTF-8 bytes:
 * exactly the text {@link ViewJson}'s Jackson writer gives — names snake_case and sorted, Jackson's string escapes — without its per-property reflection (that
 * bean serialisation was ~12% of a 1M-event rebuild; with the summaries too, no Jackson
 * serialiser runs often enough in a rebuild for C2 to compile it) and without a {@code String}
 * in between (the store binds the bytes). {@code ViewJsonTest} holds the two paths
 * byte-equal. Any other record, or a string with a UTF-16 surrogate (Jackson's own rules for
 * those stay in charge): {@code null}. One instance per thread ({@link #utf8} keeps one); its
 * buffer is reused.
 */
final class RowText {
    private static final ThreadLocal<RowText> PER_THREAD = ThreadLocal.withInitial(RowText::new);
    private byte[] buf = new byte[1024];
    private int len;
    private boolean plain;
    private byte separator;

    private RowText() {}

    /** The canonical text of {@code record} in UTF-8, or null when this class does not write that record. */
    static byte[] utf8(Object record) {
        return PER_THREAD.get().write(record);
    }

    private byte[] write(Object record) {
        len = 0;
        plain = true;
        separator = '{';
        switch (record) {
            case TodoView todo -> {
                num("archived_seq", todo.archivedSeq())
                        .str("blocks_agent", todo.blocksAgent())
                        .num("claim_epoch", todo.claimEpoch())
                        .str("claimed_by", todo.claimedBy())
                        .num("created_seq", todo.createdSeq())
                        .str("decision_outcome", todo.decisionOutcome())
                        .str("evidence", todo.evidence())
                        .strs("excluded_agents", todo.excludedAgents())
                        .bool("global_gate", todo.globalGate())
                        .str("goal_id", todo.goalId())
                        .open("lease")
                        .str("acquired_at", todo.lease().acquiredAt())
                        .str("expires_at", todo.lease().expiresAt())
                        .str("holder", todo.lease().holder())
                        .num("ttl_minutes", todo.lease().ttlMinutes())
                        .close()
                        .bool("no_followup", todo.noFollowup())
                        .str("priority", todo.priority().wire())
                        .name("reclaims")
                        .ascii("[");
                for (int i = 0; i < todo.reclaims().size(); i++) {
                    TodoView.Reclaim r = todo.reclaims().get(i);
                    ascii(i > 0 ? "," : "");
                    separator = '{';
                    str("agent_id", r.agentId())
                            .num("epoch", r.epoch())
                            .str("reason", r.reason())
                            .close();
                }
                ascii("]")
                        .strs("required_capabilities", todo.requiredCapabilities())
                        .str("resume_when", todo.resumeWhen())
                        .str("role", todo.role().wire())
                        .str("status", todo.status().wire())
                        .strs("successor_todo_ids", todo.successorTodoIds())
                        .str("superseded_by", todo.supersededBy())
                        .str("task_class", todo.taskClass().wire())
                        .str("text", todo.text())
                        .str("todo_id", todo.todoId())
                        .str("unblocks_todo_id", todo.unblocksTodoId())
                        .num("updated_seq", todo.updatedSeq())
                        .str("validation_command", todo.validationCommand());
            }
            case QuotaLog.Writeback w ->
                bool("accountable", w.accountable())
                        .str("agent_id", w.agentId())
                        .str("delivery_outcome", w.deliveryOutcome())
                        .str("recorded_at", w.recordedAt())
                        .num("seq", w.seq())
                        .num("spent_seq", w.spentSeq())
                        .str("summary", w.summary());
            case QuotaLog.Spend s ->
                str("agent_id", s.agentId())
                        .str("recorded_at", s.recordedAt())
                        .num("seq", s.seq())
                        .num("slots", s.slots())
                        .num("voided_seq", s.voidedSeq())
                        .num("writeback_seq", s.writebackSeq());
            case GoalLog.Gate g ->
                str("actor_kind", g.actorKind())
                        .str("decision", g.decision())
                        .str("gate", g.gate())
                        .str("reason_summary", g.reasonSummary())
                        .str("recorded_at", g.recordedAt())
                        .num("seq", g.seq());
            case TodoCounts c ->
                num("agent_done", c.agentDone())
                        .num("archived", c.archived())
                        .num("done", c.done())
                        .num("done_no_followup", c.doneNoFollowup())
                        .num("user_done", c.userDone());
            case GoalLog log -> {
                num("gate_count", log.gateCount()).str("goal_id", log.goalId());
                GoalLog.Reward r = log.latestReward();
                if (r == null) {
                    name("latest_reward").ascii("null");
                } else {
                    open("latest_reward")
                            .str("actor_kind", r.actorKind())
                            .str("decision", r.decision())
                            .str("lesson_kind", r.lessonKind())
                            .str("lesson_summary", r.lessonSummary())
                            .str("reason_summary", r.reasonSummary())
                            .str("recorded_at", r.recordedAt())
                            .str("reward", r.reward())
                            .num("seq", r.seq())
                            .close();
                }
                num("reward_count", log.rewardCount());
            }
            case SchedulerView v -> {
                str("agent_id", v.agentId()).name("failures").ascii("[");
                for (int i = 0; i < v.failures().size(); i++) {
                    SchedulerView.Failure f = v.failures().get(i);
                    ascii(i > 0 ? "," : "");
                    separator = '{';
                    str("failed_rrule", f.failedRrule())
                            .str("observed_rrule", f.observedRrule())
                            .str("recorded_at", f.recordedAt())
                            .num("seq", f.seq())
                            .close();
                }
                ascii("]").str("goal_id", v.goalId());
                SchedulerView.Ack a = v.lastAck();
                if (a == null) {
                    name("last_ack").ascii("null");
                } else {
                    open("last_ack")
                            .str("acked_at", a.ackedAt())
                            .str("identity_signature", a.identitySignature())
                            .str("last_applied_rrule", a.lastAppliedRrule())
                            .num("progression_index", a.progressionIndex())
                            .num("progression_minutes", a.progressionMinutes())
                            .str("reset_token", a.resetToken())
                            .num("seq", a.seq())
                            .close();
                }
                str("surface", v.surface());
            }
            case QuotaFold.Summary q -> {
                str("goal_id", q.goalId())
                        .num("last_writeback_seq", q.lastWritebackSeq())
                        .open("latest_accountable_by_agent");
                for (Map.Entry<String, Long> e : q.latestAccountableByAgent().entrySet()) { // a TreeMap: in key order
                    key(e.getKey());
                    if (e.getValue() == null) {
                        ascii("null");
                    } else {
                        number(e.getValue());
                    }
                }
                close().num("latest_accountable_seq", q.latestAccountableSeq());
            }
            case LaneView lane -> {
                num("after_stop", lane.afterStop())
                        .str("after_stop_at", lane.afterStopAt())
                        .str("after_stop_kind", lane.afterStopKind())
                        .num("after_stop_seq", lane.afterStopSeq())
                        .str("agent_id", lane.agentId())
                        .str("applied_rrule", lane.appliedRrule())
                        .str("goal_id", lane.goalId())
                        .str("last_activity_at", lane.lastActivityAt())
                        .str("last_activity_kind", lane.lastActivityKind())
                        .num("last_activity_seq", lane.lastActivitySeq())
                        .str("last_spend_at", lane.lastSpendAt())
                        .str("last_storm_at", lane.lastStormAt())
                        .str("last_turn_at", lane.lastTurnAt())
                        .str("last_writeback_at", lane.lastWritebackAt())
                        .strs("recent_turns", lane.recentTurns())
                        .str("registered_at", lane.registeredAt())
                        .str("stop_acknowledged_at", lane.stopAcknowledgedAt())
                        .num("stop_seq", lane.stopSeq())
                        .num("storm_turns", lane.stormTurns())
                        .str("surface", lane.surface());
            }
            case LaneGoal settings -> {
                str("goal_id", settings.goalId())
                        .num("silent_after_intervals", settings.silentAfterIntervals())
                        .num("stale_claim_hours", settings.staleClaimHours())
                        .num("stop_seq", settings.stopSeq())
                        .str("stopped_at", settings.stoppedAt());
            }
            default -> {
                return null;
            }
        }
        if (!plain) {
            return null;
        }
        room(1);
        buf[len++] = '}';
        return Arrays.copyOf(buf, len);
    }

    private void room(int bytes) {
        if (len + bytes > buf.length) {
            buf = Arrays.copyOf(buf, Math.max(buf.length * 2, len + bytes));
        }
    }

    /** A map key as a name: escaped like any string. */
    private RowText key(String key) {
        room(1);
        buf[len++] = separator;
        string(key);
        room(1);
        buf[len++] = ':';
        separator = ',';
        return this;
    }

    /** Starts the object value of {@code name}: its first name opens it ({@link #close} ends it, also when empty). */
    private RowText open(String name) {
        name(name);
        separator = '{';
        return this;
    }

    private RowText close() {
        room(2);
        if (separator == '{') {
            buf[len++] = '{';
        }
        buf[len++] = '}';
        separator = ',';
        return this;
    }

    /** Names are ASCII constants. */
    private RowText name(String name) {
        room(name.length() + 4);
        buf[len++] = separator;
        buf[len++] = '"';
        for (int i = 0; i < name.length(); i++) {
            buf[len++] = (byte) name.charAt(i);
        }
        buf[len++] = '"';
        buf[len++] = ':';
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
        number(value);
        return this;
    }

    private RowText bool(String name, boolean value) {
        name(name);
        ascii(value ? "true" : "false");
        return this;
    }

    private RowText strs(String name, List<String> values) {
        name(name);
        room(1);
        buf[len++] = '[';
        for (int i = 0; i < values.size(); i++) {
            if (i > 0) {
                room(1);
                buf[len++] = ',';
            }
            string(values.get(i));
        }
        room(1);
        buf[len++] = ']';
        return this;
    }

    private RowText ascii(String s) {
        room(s.length());
        for (int i = 0; i < s.length(); i++) {
            buf[len++] = (byte) s.charAt(i);
        }
        return this;
    }

    private void number(long value) {
        if (value == Long.MIN_VALUE) {
            ascii(Long.toString(value));
            return;
        }
        room(20);
        if (value < 0) {
            buf[len++] = '-';
            value = -value;
        }
        int digits = 1;
        for (long v = value; v >= 10; v /= 10) {
            digits++;
        }
        for (int i = len + digits - 1; i >= len; i--) {
            buf[i] = (byte) ('0' + value % 10);
            value /= 10;
        }
        len += digits;
    }

    /**
     * Jackson's escapes: {@code \" \\ \b \t \n \f \r}, other controls as upper-case
     * {@code \}{@code u00XX}, the rest as is (UTF-8).
     */
    private void string(String s) {
        if (s == null) {
            ascii("null");
            return;
        }
        int n = s.length();
        room(n * 6 + 2); // the longest form of one char is \\u00XX
        byte[] b = buf;
        int at = len;
        b[at++] = '"';
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                if (c >= 0x20 && c != '"' && c != '\\') {
                    b[at++] = (byte) c;
                    continue;
                }
                b[at++] = '\\';
                switch (c) {
                    case '"' -> b[at++] = '"';
                    case '\\' -> b[at++] = '\\';
                    case '\b' -> b[at++] = 'b';
                    case '\t' -> b[at++] = 't';
                    case '\n' -> b[at++] = 'n';
                    case '\f' -> b[at++] = 'f';
                    case '\r' -> b[at++] = 'r';
                    default -> {
                        b[at++] = 'u';
                        b[at++] = '0';
                        b[at++] = '0';
                        b[at++] = HEX[c >> 4];
                        b[at++] = HEX[c & 0xf];
                    }
                }
            } else if (c < 0x800) {
                b[at++] = (byte) (0xc0 | c >> 6);
                b[at++] = (byte) (0x80 | c & 0x3f);
            } else if (Character.isSurrogate(c)) {
                plain = false; // Jackson's rules for pairs and lone halves decide; the text is thrown away
            } else {
                b[at++] = (byte) (0xe0 | c >> 12);
                b[at++] = (byte) (0x80 | c >> 6 & 0x3f);
                b[at++] = (byte) (0x80 | c & 0x3f);
            }
        }
        b[at++] = '"';
        len = at;
    }

    private static final byte[] HEX = {'0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'A', 'B', 'C', 'D', 'E', 'F'};
}
