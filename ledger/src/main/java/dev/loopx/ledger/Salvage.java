package dev.loopx.ledger;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a damaged journal still holds, for an owner's repair: every event whose own bytes are
 * intact ({@link #events()}, ascending seq, not necessarily dense) and every seq whose event is
 * lost ({@link #lost()}, with its type and time as far as its damaged bytes still read). Together
 * they cover seq 1 to {@link #headSeq()}, which reaches the acknowledged head when one is known.
 *
 * <p>An event is lost when its line does not parse, its hash or event id do not recompute, or it
 * is not the event that was acknowledged at its seq: the head marker names another hash there, or
 * the next intact event's {@code prev_hash} does not name it (it was rewritten with a recomputed
 * hash). A chain link broken only because the previous event is lost does not make an event lost.
 */
public record Salvage(List<Recorded> events, List<Lost> lost, Head replacedHead) {
    private static final Pattern SEQ = Pattern.compile("\"seq\":([0-9]{1,18})[,}]");
    private static final Pattern TYPE = Pattern.compile("\"type\":\"([a-z_]+\\.[a-z_]+)\"");
    private static final Pattern TIME = Pattern.compile("\"recorded_at\":\"([0-9]{4}-[0-9:.TZ-]{10,30})\"");

    public Salvage {
        events = List.copyOf(events);
        lost = List.copyOf(lost);
        Objects.requireNonNull(replacedHead, "replacedHead");
    }

    /** A seq whose event could not be kept; {@code type}/{@code recordedAt} empty when unreadable. */
    public record Lost(long seq, String type, String recordedAt) {
        public Lost {
            Objects.requireNonNull(type, "type");
            Objects.requireNonNull(recordedAt, "recordedAt");
        }
    }

    /** One stretch of the journal in file order: an event whose own bytes are intact, or damaged bytes. */
    public sealed interface Piece {
        /** An event whose hash and event id recompute from its stored bytes. */
        record Intact(Recorded event) implements Piece {}

        /** Bytes that held (part of) an event but do not parse or recompute, as text (ISO-8859-1). */
        record Damaged(String text) implements Piece {}
    }

    /** The head of the events kept exactly as stored: every seq from 1 before the first lost one. */
    public Head validThrough() {
        long firstLost = lost.isEmpty() ? Long.MAX_VALUE : lost.getFirst().seq();
        Head head = Head.EMPTY;
        for (Recorded r : events) {
            if (r.seq() >= firstLost) {
                break;
            }
            head = new Head(r.seq(), r.hash());
        }
        return head;
    }

    /** The seq the repaired ledger ends at: the last kept or lost seq. */
    public long headSeq() {
        long kept = events.isEmpty() ? 0 : events.getLast().seq();
        long gone = lost.isEmpty() ? 0 : lost.getLast().seq();
        return Math.max(kept, gone);
    }

    /** Intact events after the first lost seq: a repair re-appends them on a new chain. */
    public long rechained() {
        return events.size() - validThrough().seq();
    }

    /**
     * Decides what is kept and what is lost from the journal's pieces in file order and the
     * acknowledged head ({@code ledger.head}), if any.
     */
    public static Salvage of(List<Piece> pieces, Optional<Head> acknowledged) {
        TreeMap<Long, Recorded> kept = new TreeMap<>();
        List<Map.Entry<Long, String>> fragments = new ArrayList<>(); // damaged text after the kept seq
        TreeMap<Long, Lost> rewritten = new TreeMap<>();
        long last = 0;
        for (Piece piece : pieces) {
            switch (piece) {
                case Piece.Intact intact -> {
                    if (intact.event().seq() > last) {
                        kept.put(intact.event().seq(), intact.event());
                        last = intact.event().seq();
                    } // else out of order: not the event of its seq
                }
                case Piece.Damaged damaged -> fragments.add(Map.entry(last, damaged.text()));
            }
        }
        for (Recorded r : List.copyOf(kept.values())) {
            Recorded next = kept.get(r.seq() + 1);
            boolean unlinked = next != null && !next.prevHash().equals(r.hash())
                    || r.seq() == 1 && !r.prevHash().equals(Head.GENESIS_HASH);
            boolean notAcknowledged = acknowledged.isPresent()
                    && acknowledged.get().seq() == r.seq()
                    && !acknowledged.get().hash().equals(r.hash());
            if (unlinked || notAcknowledged) {
                rewritten.put(r.seq(), new Lost(r.seq(), r.type(), r.recordedAt()));
            }
        }
        rewritten.keySet().forEach(kept::remove);
        long lastKept = kept.isEmpty() ? 0 : kept.lastKey();
        long head = Math.max(
                Math.max(lastKept, rewritten.isEmpty() ? 0 : rewritten.lastKey()),
                acknowledged.map(Head::seq).orElse(0L));
        TreeSet<Long> gone = new TreeSet<>();
        for (long s = 1; s <= head; s++) {
            if (!kept.containsKey(s)) {
                gone.add(s);
            }
        }
        List<Lost> lost = describe(gone, kept, fragments, rewritten);
        Head replaced = acknowledged
                .filter(a -> a.seq() >= lastKept)
                .orElseGet(() -> kept.isEmpty()
                        ? Head.EMPTY
                        : new Head(lastKept, kept.lastEntry().getValue().hash()));
        return new Salvage(List.copyOf(kept.values()), lost, replaced);
    }

    /**
     * Each lost seq with what its damaged bytes still say: the fragment between the same two kept
     * events that names that seq, else (when the counts agree) the fragment in the same position.
     */
    private static List<Lost> describe(
            TreeSet<Long> gone,
            TreeMap<Long, Recorded> kept,
            List<Map.Entry<Long, String>> fragments,
            Map<Long, Lost> rewritten) {
        Map<Long, Lost> described = new TreeMap<>(rewritten);
        Map<Long, List<String>> byGap = new TreeMap<>();
        for (Map.Entry<Long, String> f : fragments) {
            Long floor = kept.floorKey(f.getKey());
            byGap.computeIfAbsent(floor == null ? 0L : floor, k -> new ArrayList<>())
                    .add(f.getValue());
        }
        byGap.forEach((after, texts) -> {
            Long ceiling = kept.higherKey(after);
            List<Long> seqs =
                    new ArrayList<>(gone.subSet(after, false, ceiling == null ? Long.MAX_VALUE : ceiling, false));
            seqs.removeIf(described::containsKey);
            List<String> unmatched = new ArrayList<>();
            for (String text : texts) {
                Optional<Long> seq = find(SEQ, text).map(Long::parseLong).filter(seqs::contains);
                if (seq.isPresent() && !described.containsKey(seq.get())) {
                    described.put(seq.get(), lostFrom(seq.get(), text));
                } else {
                    unmatched.add(text);
                }
            }
            seqs.removeIf(described::containsKey);
            if (seqs.size() == unmatched.size()) {
                for (int i = 0; i < seqs.size(); i++) {
                    described.put(seqs.get(i), lostFrom(seqs.get(i), unmatched.get(i)));
                }
            }
        });
        List<Lost> lost = new ArrayList<>();
        for (long s : gone) {
            lost.add(described.getOrDefault(s, new Lost(s, "", "")));
        }
        return lost;
    }

    private static Lost lostFrom(long seq, String text) {
        return new Lost(seq, find(TYPE, text).orElse(""), find(TIME, text).orElse(""));
    }

    private static Optional<String> find(Pattern pattern, String text) {
        Matcher m = pattern.matcher(text);
        return m.find() ? Optional.of(m.group(1)) : Optional.empty();
    }
}
