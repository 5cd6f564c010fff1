package dev.loopx.application.ledger;

import dev.loopx.ledger.Actor;
import dev.loopx.ledger.ActorKind;
import dev.loopx.ledger.Head;
import dev.loopx.ledger.Ledger;
import dev.loopx.ledger.LedgerException;
import dev.loopx.ledger.ProposedEvent;
import dev.loopx.ledger.Recorded;
import dev.loopx.ledger.Salvage;
import dev.loopx.ledger.audit.LedgerTransfer;
import dev.loopx.ledger.event.EventCodec;
import dev.loopx.ledger.event.LedgerRepaired;
import dev.loopx.ledger.json.EnvelopeCodec;
import java.io.BufferedReader;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.LongConsumer;

/**
 * Writes a salvage into an empty ledger: the valid chain exactly as stored (hashes and event ids
 * reproduced bit for bit), then from the first lost seq on a new chain in which every intact event
 * is re-appended at its own seq with its type, payload, actor, time, goal and operation id unchanged
 * (its {@code prev_hash}, {@code event_id} and {@code hash} follow from the new chain), and each lost
 * seq is taken by a {@code ledger.repaired} event. Seqs therefore never move, so a payload naming a
 * seq ({@code quota.slot_voided.spent_seq}) still names the same event.
 */
final class RepairedChain {
    private static final int BATCH = 200;
    private static final Actor OWNER = new Actor(ActorKind.OWNER, "cli");

    private RepairedChain() {}

    /** Writes {@code salvage} into the empty {@code ledger}; returns the new head. */
    static Head write(Ledger ledger, EventCodec codec, Salvage salvage, Instant now, LongConsumer written) {
        Head valid = salvage.validThrough();
        writeAsStored(ledger, codec, salvage.events().subList(0, (int) valid.seq()), written);
        Map<Long, Recorded> kept = new TreeMap<>();
        salvage.events().stream().filter(r -> r.seq() > valid.seq()).forEach(r -> kept.put(r.seq(), r));
        Map<Long, Salvage.Lost> lost = new TreeMap<>();
        salvage.lost().forEach(l -> lost.put(l.seq(), l));
        List<LedgerRepaired.SeqRange> damaged = ranges(salvage.lost());
        // a repair event takes the previous event's time (the next one's at seq 1), so times stay in order
        String previousTime = salvage.events().isEmpty()
                ? EnvelopeCodec.formatTime(now)
                : salvage.events().get((int) Math.max(0, valid.seq() - 1)).recordedAt();
        List<ProposedEvent> batch = new ArrayList<>(BATCH);
        List<Recorded> originals = new ArrayList<>(BATCH);
        long expected = valid.seq();
        for (long seq = valid.seq() + 1; seq <= salvage.headSeq(); seq++) {
            Recorded r = kept.get(seq);
            if (r != null) {
                batch.add(unchanged(r));
                previousTime = r.recordedAt();
            } else {
                Salvage.Lost gone = lost.get(seq);
                LedgerRepaired repaired = new LedgerRepaired(
                        seq,
                        gone.type(),
                        gone.recordedAt(),
                        damaged,
                        salvage.replacedHead().seq(),
                        salvage.replacedHead().hash(),
                        EnvelopeCodec.formatTime(now));
                batch.add(codec.propose(repaired, Instant.parse(previousTime), "", OWNER, ""));
            }
            originals.add(r);
            if (batch.size() == BATCH || seq == salvage.headSeq()) {
                expected = append(ledger, expected, batch, originals);
                written.accept(expected);
                batch.clear();
                originals.clear();
            }
        }
        return ledger.head();
    }

    /** The valid chain, imported so that every hash and event id is reproduced bit for bit. */
    private static void writeAsStored(Ledger ledger, EventCodec codec, List<Recorded> events, LongConsumer written) {
        StringBuilder lines = new StringBuilder();
        for (Recorded r : events) {
            lines.append(new String(EnvelopeCodec.toBytes(r), StandardCharsets.UTF_8))
                    .append('\n');
        }
        new LedgerTransfer(codec).importInto(ledger, new BufferedReader(new StringReader(lines.toString())), written);
    }

    /** An intact event proposed again as it was recorded: only its place in the new chain is new. */
    private static ProposedEvent unchanged(Recorded r) {
        return new ProposedEvent(
                r.type(),
                r.typeVersion(),
                Instant.parse(r.recordedAt()),
                r.goalId(),
                r.actor(),
                r.operationId(),
                r.payload());
    }

    /** Appends one batch at {@code expected}; every re-appended event must keep its seq and everything it recorded. */
    private static long append(Ledger ledger, long expected, List<ProposedEvent> batch, List<Recorded> originals) {
        List<Recorded> stored = ledger.appendIfHead(expected, batch)
                .getOrElseThrow(m ->
                        new LedgerException("concurrent_write_conflict", "another writer appended during the repair"));
        for (int i = 0; i < stored.size(); i++) {
            Recorded original = originals.get(i);
            Recorded now = stored.get(i);
            if (original != null
                    && (now.seq() != original.seq() || !unchanged(now).equals(unchanged(original)))) {
                throw new LedgerException(
                        "ledger_repair_failed",
                        "seq " + original.seq() + " could not be re-appended unchanged; the repair stopped");
            }
        }
        return expected + stored.size();
    }

    /** The lost seqs as ascending runs. */
    static List<LedgerRepaired.SeqRange> ranges(List<Salvage.Lost> lost) {
        List<LedgerRepaired.SeqRange> runs = new ArrayList<>();
        for (Salvage.Lost l : lost) {
            if (!runs.isEmpty() && runs.getLast().to() == l.seq() - 1) {
                runs.set(
                        runs.size() - 1,
                        new LedgerRepaired.SeqRange(runs.getLast().from(), l.seq()));
            } else {
                runs.add(new LedgerRepaired.SeqRange(l.seq(), l.seq()));
            }
        }
        return runs;
    }
}
