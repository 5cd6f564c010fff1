package dev.loopx.ledger.lock;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.ledger.files.OwnerOnly;
import dev.loopx.ledger.json.CanonicalJson;
import dev.loopx.ledger.json.EnvelopeCodec;
import dev.loopx.ledger.json.Json;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Clock;
import java.time.Duration;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The runtime root's record of writers that gave up waiting for the ledger's writer lock: one
 * {@code file_lock_incident_v0} row per timeout in {@code ledger.lock.incidents.jsonl} (appended
 * with O_APPEND, no lock taken, 0600). Written by the process that waited, whichever lock it waited
 * for: the local file lock, or a server ledger's lock ({@link #recording}), so an operator finds
 * every timeout of a runtime root in one place.
 */
public final class LockIncidents {
    public static final String FILE = "ledger.lock.incidents.jsonl";

    private LockIncidents() {}

    /**
     * Appends one row and returns the timeout to throw; an unwritable file is carried as its cause
     * (the timeout is the failure being reported, the missing row must not hide it).
     *
     * @param lock what the writer waited for ({@code ledger.lock}, or the server lock's name)
     */
    static LockTimeoutException record(
            Path runtimeRoot, String lock, long waitedMillis, Duration deadline, Clock clock) {
        ObjectNode row = Json.object();
        row.put("schema_version", "file_lock_incident_v0");
        row.put("lock", lock);
        row.put("occurred_at", EnvelopeCodec.formatTime(clock.instant()));
        row.put("waited_ms", waitedMillis);
        row.put("deadline_ms", deadline.toMillis());
        row.put("pid", ProcessHandle.current().pid());
        try (FileChannel out = FileChannel.open(
                runtimeRoot.resolve(FILE),
                Set.of(StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.APPEND),
                OwnerOnly.fileAttribute())) {
            byte[] line = (CanonicalJson.string(row) + "\n").getBytes(StandardCharsets.UTF_8);
            out.write(ByteBuffer.wrap(line));
        } catch (IOException e) {
            return new LockTimeoutException(waitedMillis, e);
        }
        return new LockTimeoutException(waitedMillis, null);
    }

    /**
     * {@code lock} (a server ledger's writer lock, which has no runtime root of its own) with its
     * timeouts recorded in {@code runtimeRoot}'s incidents file.
     *
     * @param name the row's {@code lock} field, e.g. {@code postgresql advisory lock}
     * @param clock what the row's {@code occurred_at} is read from
     */
    public static WriteLock recording(WriteLock lock, Path runtimeRoot, String name, Duration deadline, Clock clock) {
        return new Recording(lock, runtimeRoot, name, deadline, clock);
    }

    private record Recording(WriteLock lock, Path runtimeRoot, String name, Duration deadline, Clock clock)
            implements WriteLock {
        @Override
        public Held acquire() {
            try {
                return lock.acquire();
            } catch (LockTimeoutException e) {
                throw record(runtimeRoot, name, e.waitedMillis(), deadline, clock);
            }
        }

        @Override
        public boolean isHeldByCurrentThread() {
            return lock.isHeldByCurrentThread();
        }

        @Override
        public WriteLock onLongWait(Consumer<String> notice) {
            lock.onLongWait(notice);
            return this;
        }

        @Override
        public boolean isFree() {
            return lock.isFree();
        }
    }
}
