package dev.loopx.ledger.remote;

import dev.loopx.ledger.Head;
import dev.loopx.ledger.Ledger;
import dev.loopx.ledger.lock.WriteLock;
import java.time.Duration;

/**
 * One process's connection to a server ledger: the {@link Ledger} and its {@link WriteLock} (held
 * on the server, so writers on every machine serialise). Closing the ledger closes the session.
 * Single connection; thread-safe.
 */
public interface ServerLedgerSession {
    /** The ledger; every append takes {@link #lock()} (re-entrant) when the caller has not. */
    Ledger ledger();

    /** The server-side writer lock of this ledger, with the usual deadline. */
    WriteLock lock();

    /** What {@code loopx doctor} reports: connects, checks the schema version, reads the head. */
    Health health();

    /**
     * Whether the session's connection still reaches the server, checked with one round trip of
     * nothing (at most {@code timeout}); false for a session that was lost or closed, which it
     * never becomes again. A head holder asks this every few seconds, so it ends with its server.
     * The default, for a session with no connection of its own to check, answers true.
     */
    default boolean alive(Duration timeout) {
        return true;
    }

    /**
     * @param serverVersion the server's version text (e.g. {@code 15.8})
     * @param schemaVersion the LoopX schema version found on the server
     * @param supportedSchemaVersion the version this LoopX writes
     * @param head the ledger's head
     */
    record Health(String serverVersion, int schemaVersion, int supportedSchemaVersion, Head head) {}
}
