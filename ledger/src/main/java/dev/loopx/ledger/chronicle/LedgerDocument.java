package dev.loopx.ledger.chronicle;

import dev.loopx.ledger.LedgerException;
import dev.loopx.ledger.Recorded;
import dev.loopx.ledger.json.EnvelopeCodec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** One journal document: the envelopes of one append as canonical JSON lines. */
final class LedgerDocument {
    private LedgerDocument() {}

    static List<Recorded> parse(byte[] bytes) {
        List<Recorded> events = new ArrayList<>(1);
        int start = 0;
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] == '\n') {
                events.add(EnvelopeCodec.fromBytes(Arrays.copyOfRange(bytes, start, i)));
                start = i + 1;
            }
        }
        if (start != bytes.length || events.isEmpty()) {
            throw new LedgerException("ledger_corrupt", "a journal document is not a list of envelopes");
        }
        return events;
    }

    /** The last envelope of a document, parsing only its last line (the head of an append). */
    static Recorded last(byte[] bytes) {
        int end = bytes.length - 1;
        if (end < 1 || bytes[end] != '\n') {
            throw new LedgerException("ledger_corrupt", "a journal document is not a list of envelopes");
        }
        int start = end;
        while (start > 0 && bytes[start - 1] != '\n') {
            start--;
        }
        if (start == end) {
            throw new LedgerException("ledger_corrupt", "a journal document is not a list of envelopes");
        }
        return EnvelopeCodec.fromBytes(Arrays.copyOfRange(bytes, start, end));
    }
}
