package dev.loopx.ledger.audit;

import dev.loopx.ledger.EventCursor;
import dev.loopx.ledger.Head;
import dev.loopx.ledger.Ledger;
import dev.loopx.ledger.LedgerException;
import dev.loopx.ledger.ProposedEvent;
import dev.loopx.ledger.Recorded;
import dev.loopx.ledger.event.EventCodec;
import dev.loopx.ledger.json.EnvelopeCodec;
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.function.LongConsumer;

/**
 * Moves a ledger between machines as JSON lines of stored envelopes. Export writes every event
 * exactly as stored; import first verifies the whole file's chain, then appends the events the
 * target does not have yet, reproducing every {@code hash} and {@code event_id} bit for bit. A
 * target must be empty or hold a prefix of the file, so an interrupted import can be rerun.
 */
public final class LedgerTransfer {
    private static final int IMPORT_BATCH = 200;

    private final EventCodec codec;

    public LedgerTransfer(EventCodec codec) {
        this.codec = codec;
    }

    public long export(Ledger ledger, BufferedWriter out) throws IOException {
        return export(ledger, out, done -> {});
    }

    /**
     * {@link #export(Ledger, BufferedWriter)}, telling {@code written} the count every
     * {@value Counted#REPORT_EVERY} events and once at the end (a progress line for a person).
     */
    public long export(Ledger ledger, BufferedWriter out, LongConsumer written) throws IOException {
        long count = 0;
        Head previous = Head.EMPTY;
        try (EventCursor cursor = ledger.readFrom(1)) {
            while (cursor.hasNext()) {
                // a forged event is refused here, not written into a backup that import then refuses
                Recorded r = cursor.next();
                previous = Chain.next(r, previous);
                out.write(new String(EnvelopeCodec.toBytes(r), StandardCharsets.UTF_8));
                out.write('\n');
                if (++count % Counted.REPORT_EVERY == 0) {
                    written.accept(count);
                }
            }
        }
        out.flush();
        written.accept(count);
        return count;
    }

    /** Checks a file's chain without writing anything. */
    public VerifyReport verifyFile(BufferedReader in) {
        return verifyFile(in, done -> {});
    }

    /** {@link #verifyFile(BufferedReader)}, telling {@code read} the count every {@value Counted#REPORT_EVERY} events and at the end. */
    public VerifyReport verifyFile(BufferedReader in, LongConsumer read) {
        return new LedgerVerifier(codec).verify(Counted.of(lines(in), read), Optional.empty());
    }

    /** Appends the file's events beyond the ledger's head; returns how many were appended. */
    public long importInto(Ledger ledger, BufferedReader in) {
        return importInto(ledger, in, done -> {});
    }

    /** {@link #importInto(Ledger, BufferedReader)}, telling {@code appendedSoFar} the count after every batch. */
    public long importInto(Ledger ledger, BufferedReader in, LongConsumer appendedSoFar) {
        Head head = ledger.head();
        Iterator<Recorded> events = lines(in);
        List<Recorded> existing = new ArrayList<>();
        try (EventCursor cursor = ledger.readFrom(1)) {
            while (cursor.hasNext()) {
                Recorded mine = cursor.next();
                if (!events.hasNext() || !events.next().equals(mine)) {
                    throw new LedgerException(
                            "ledger_not_empty",
                            "the target ledger already holds events that are not a prefix of the import file");
                }
                existing.add(mine);
            }
        }
        long appended = 0;
        long expected = head.seq();
        List<ProposedEvent> batch = new ArrayList<>(IMPORT_BATCH);
        List<Recorded> originals = new ArrayList<>(IMPORT_BATCH);
        while (events.hasNext()) {
            Recorded r = events.next();
            batch.add(new ProposedEvent(
                    r.type(),
                    r.typeVersion(),
                    Instant.parse(r.recordedAt()),
                    r.goalId(),
                    r.actor(),
                    r.operationId(),
                    r.payload()));
            originals.add(r);
            if (batch.size() == IMPORT_BATCH || !events.hasNext()) {
                List<Recorded> stored = ledger.appendIfHead(expected, batch)
                        .getOrElseThrow(m -> new LedgerException(
                                "concurrent_write_conflict", "another writer appended during the import"));
                if (!stored.equals(originals)) {
                    throw new LedgerException(
                            "import_file_invalid",
                            "an imported event did not reproduce its hash; its recorded_at is not in LoopX's stored form");
                }
                expected += stored.size();
                appended += stored.size();
                appendedSoFar.accept(appended);
                batch.clear();
                originals.clear();
            }
        }
        return appended;
    }

    private static Iterator<Recorded> lines(BufferedReader in) {
        return new Iterator<>() {
            private String next = read();

            private String read() {
                try {
                    String line;
                    do {
                        line = in.readLine();
                    } while (line != null && line.isBlank());
                    return line;
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }

            @Override
            public boolean hasNext() {
                return next != null;
            }

            @Override
            public Recorded next() {
                if (next == null) {
                    throw new NoSuchElementException();
                }
                String line = next;
                next = read();
                return EnvelopeCodec.fromBytes(line.getBytes(StandardCharsets.UTF_8));
            }
        };
    }
}
