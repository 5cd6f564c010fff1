package dev.loopx.ledger;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.loopx.ledger.json.EnvelopeCodec;
import dev.loopx.ledger.json.Json;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * What a repair keeps and loses ({@link Salvage#of}): only events whose own bytes are damaged, or
 * that are not the acknowledged event at their seq, are lost; a broken link caused only by a lost
 * predecessor loses nothing more.
 */
class SalvageTest {
    private final List<Recorded> chain = chain(6);

    private static List<Recorded> chain(int n) {
        List<Recorded> events = new ArrayList<>();
        String previous = Head.GENESIS_HASH;
        for (int seq = 1; seq <= n; seq++) {
            var payload = Json.object();
            payload.put("n", seq);
            Recorded r = EnvelopeCodec.seal(
                    new ProposedEvent(
                            "todo.added",
                            1,
                            Instant.parse("2026-03-01T12:00:0" + seq + "Z"),
                            "g",
                            Actor.system(),
                            "",
                            payload),
                    seq - 1,
                    previous);
            previous = r.hash();
            events.add(r);
        }
        return events;
    }

    private Salvage.Piece intact(int seq) {
        return new Salvage.Piece.Intact(chain.get(seq - 1));
    }

    private Salvage.Piece damaged(int seq) {
        String line = new String(EnvelopeCodec.toBytes(chain.get(seq - 1)), StandardCharsets.UTF_8);
        return new Salvage.Piece.Damaged(line.replace("\"n\":" + seq, "\"n\":9" + seq));
    }

    private Head head(int seq) {
        return new Head(seq, chain.get(seq - 1).hash());
    }

    @Test
    void aDamagedEventInTheMiddle_losesOnlyThatEvent_andNamesItsTypeAndTime() {
        Salvage s = Salvage.of(
                List.of(intact(1), intact(2), damaged(3), intact(4), intact(5), intact(6)), Optional.of(head(6)));
        assertEquals(List.of(new Salvage.Lost(3, "todo.added", "2026-03-01T12:00:03.000Z")), s.lost());
        assertEquals(5, s.events().size());
        assertEquals(head(2), s.validThrough());
        assertEquals(3, s.rechained());
        assertEquals(6, s.headSeq());
        assertEquals(head(6), s.replacedHead());
    }

    @Test
    void aTailTheMarkerAcknowledgedButTheJournalLacks_isLost_withNothingToRead() {
        Salvage s = Salvage.of(List.of(intact(1), intact(2), intact(3), intact(4)), Optional.of(head(6)));
        assertEquals(List.of(new Salvage.Lost(5, "", ""), new Salvage.Lost(6, "", "")), s.lost());
        assertEquals(6, s.headSeq());
    }

    @Test
    void aLastEventRewrittenWithARecomputedHash_isLost_becauseTheMarkerNamesAnother() {
        Recorded forged = EnvelopeCodec.seal(
                new ProposedEvent("todo.added", 1, Instant.EPOCH, "g", Actor.system(), "", Json.object()),
                5,
                chain.get(4).hash());
        List<Salvage.Piece> pieces = new ArrayList<>();
        for (int seq = 1; seq <= 5; seq++) {
            pieces.add(intact(seq));
        }
        pieces.add(new Salvage.Piece.Intact(forged));
        Salvage s = Salvage.of(pieces, Optional.of(head(6)));
        assertEquals(List.of(6L), s.lost().stream().map(Salvage.Lost::seq).toList());
        assertEquals(5, s.events().size());
    }

    @Test
    void aMiddleEventRewrittenWithARecomputedHash_isLost_becauseItsSuccessorDoesNotLinkToIt() {
        Recorded forged = EnvelopeCodec.seal(
                new ProposedEvent("todo.added", 1, Instant.EPOCH, "g", Actor.system(), "", Json.object()),
                2,
                chain.get(1).hash());
        Salvage s = Salvage.of(
                List.of(intact(1), intact(2), new Salvage.Piece.Intact(forged), intact(4), intact(5), intact(6)),
                Optional.of(head(6)));
        assertEquals(List.of(3L), s.lost().stream().map(Salvage.Lost::seq).toList());
    }

    @Test
    void damagedLinesWithoutReadableSeqs_describeTheLostSeqsInOrder_whenTheCountsAgree() {
        Salvage s = Salvage.of(
                List.of(
                        intact(1),
                        new Salvage.Piece.Damaged("{\"actor\":… \"type\":\"todo.claimed\",\"type_version\":1}"),
                        new Salvage.Piece.Damaged("{\"actor\":… \"type\":\"todo.updated\",\"type_version\":1}"),
                        intact(4)),
                Optional.empty());
        assertEquals(
                List.of(new Salvage.Lost(2, "todo.claimed", ""), new Salvage.Lost(3, "todo.updated", "")), s.lost());
        assertEquals(head(4), s.replacedHead());
    }

    @Test
    void aSoundJournal_losesNothing_andKeepsEveryEventAsStored() {
        List<Salvage.Piece> pieces = new ArrayList<>();
        for (int seq = 1; seq <= 6; seq++) {
            pieces.add(intact(seq));
        }
        Salvage s = Salvage.of(pieces, Optional.of(head(6)));
        assertEquals(List.of(), s.lost());
        assertEquals(head(6), s.validThrough());
        assertEquals(0, s.rechained());
    }
}
