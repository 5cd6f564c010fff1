package dev.loopx.projections.todo;

import java.time.Instant;
import java.util.Objects;

/**
 * A todo's hard lease as the {@code task.lease_*} events left it ({@code task_lease_v0}): who holds
 * it, since when and until when. Whether it still holds is a question of {@code now}
 * ({@link #state}), never of the fold: an expired lease stays recorded until someone claims,
 * leases, releases or completes the todo. Empty strings and 0 mean "no lease" ({@link #NONE}).
 *
 * @param acquiredAt when the current holder's lease began (acquire or transfer), RFC 3339 UTC
 * @param expiresAt {@code recorded_at} of the last acquire/renew/transfer plus its TTL, RFC 3339 UTC
 */
public record TodoLease(String holder, String acquiredAt, String expiresAt, int ttlMinutes) {
    public static final TodoLease NONE = new TodoLease("", "", "", 0);

    public TodoLease {
        Objects.requireNonNull(holder, "holder");
        Objects.requireNonNull(acquiredAt, "acquiredAt");
        Objects.requireNonNull(expiresAt, "expiresAt");
    }

    /** Where a lease stands at a moment: none recorded, live (now before its expiry), or expired. */
    public enum State {
        NONE("none"),
        LIVE("live"),
        EXPIRED("expired");

        private final String wire;

        State(String wire) {
            this.wire = wire;
        }

        /** The spelling of {@code lease_state} in JSON. */
        public String wire() {
            return wire;
        }
    }

    public boolean present() {
        return !holder.isEmpty();
    }

    /** A lease is live strictly before {@code expires_at} and expired from that instant on. */
    public State state(Instant now) {
        if (!present()) {
            return State.NONE;
        }
        return now.isBefore(Instant.parse(expiresAt)) ? State.LIVE : State.EXPIRED;
    }

    /** The lease {@code agentId} took at {@code at} for {@code ttlMinutes}. */
    static TodoLease of(String agentId, String acquiredAt, String at, int ttlMinutes) {
        return new TodoLease(
                agentId,
                Instant.parse(acquiredAt).toString(),
                Instant.parse(at).plusSeconds(60L * ttlMinutes).toString(),
                ttlMinutes);
    }
}
