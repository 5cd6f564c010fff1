package dev.loopx.ledger.json;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.ledger.Actor;
import dev.loopx.ledger.ActorKind;
import dev.loopx.ledger.Head;
import dev.loopx.ledger.LedgerException;
import dev.loopx.ledger.ProposedEvent;
import dev.loopx.ledger.Recorded;
import java.io.IOException;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;

/**
 * Turns envelopes into their stored bytes and back, and computes the hash chain. The stored
 * form of an event is the canonical JSON of its whole envelope, so the bytes on disk are the
 * bytes that were hashed (minus {@code hash} itself).
 */
public final class EnvelopeCodec {
    private static final DateTimeFormatter RFC3339_MILLIS =
            DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC);

    private EnvelopeCodec() {}

    /** Numbers, ids and hashes a proposed event as the event after {@code prevSeq}/{@code prevHash}. */
    public static Recorded seal(ProposedEvent event, long prevSeq, String prevHash) {
        long seq = prevSeq + 1;
        String recordedAt = formatTime(event.recordedAt());
        ObjectNode body = Json.object();
        body.put("seq", seq);
        body.put("type", event.type());
        body.put("type_version", event.typeVersion());
        body.put("recorded_at", recordedAt);
        body.put("goal_id", event.goalId());
        body.set("actor", actorJson(event.actor()));
        body.put("operation_id", event.operationId());
        body.set("payload", event.payload());
        body.put("prev_hash", prevHash);
        String eventId = "evt_" + CanonicalJson.sha256Hex(body).substring(0, 24);
        body.put("event_id", eventId);
        String hash = CanonicalJson.sha256Hex(body);
        return new Recorded(
                seq,
                eventId,
                event.type(),
                event.typeVersion(),
                recordedAt,
                event.goalId(),
                event.actor(),
                event.operationId(),
                event.payload(),
                prevHash,
                hash);
    }

    /** Seals a whole append: consecutive seqs after {@code head}, each chained to the one before. */
    public static List<Recorded> sealAll(List<ProposedEvent> events, Head head) {
        List<Recorded> sealed = new ArrayList<>(events.size());
        long seq = head.seq();
        String prev = head.hash();
        for (ProposedEvent event : events) {
            Recorded r = seal(event, seq, prev);
            sealed.add(r);
            seq = r.seq();
            prev = r.hash();
        }
        return List.copyOf(sealed);
    }

    public static String formatTime(Instant instant) {
        return RFC3339_MILLIS.format(instant.truncatedTo(ChronoUnit.MILLIS));
    }

    public static ObjectNode toJson(Recorded r) {
        ObjectNode node = Json.object();
        node.put("seq", r.seq());
        node.put("event_id", r.eventId());
        node.put("type", r.type());
        node.put("type_version", r.typeVersion());
        node.put("recorded_at", r.recordedAt());
        node.put("goal_id", r.goalId());
        node.set("actor", actorJson(r.actor()));
        node.put("operation_id", r.operationId());
        node.set("payload", r.payload());
        node.put("prev_hash", r.prevHash());
        node.put("hash", r.hash());
        return node;
    }

    public static byte[] toBytes(Recorded r) {
        return CanonicalJson.bytes(toJson(r));
    }

    /** Parses stored bytes; anything that is not a well-formed envelope is {@code ledger_corrupt}. */
    public static Recorded fromBytes(byte[] bytes) {
        try {
            return fromJson(Json.tree(bytes));
        } catch (IOException | RuntimeException e) {
            throw new LedgerException("ledger_corrupt", "a stored event is not a well-formed envelope", e);
        }
    }

    public static Recorded fromJson(JsonNode n) {
        if (!(n instanceof ObjectNode)
                || !(n.get("payload") instanceof ObjectNode payload)
                || !(n.get("actor") instanceof ObjectNode actor)) {
            throw new LedgerException("ledger_corrupt", "a stored event is not a well-formed envelope");
        }
        ActorKind kind = ActorKind.fromWire(text(actor, "kind"))
                .orElseThrow(() -> new LedgerException("ledger_corrupt", "unknown actor kind"));
        return new Recorded(
                n.path("seq").asLong(-1),
                text(n, "event_id"),
                text(n, "type"),
                n.path("type_version").asInt(-1),
                text(n, "recorded_at"),
                text(n, "goal_id"),
                new Actor(kind, text(actor, "id")),
                text(n, "operation_id"),
                payload,
                text(n, "prev_hash"),
                text(n, "hash"));
    }

    /** The hash this envelope should carry, recomputed from its other fields. */
    public static String expectedHash(Recorded r) {
        ObjectNode node = toJson(r);
        node.remove("hash");
        return CanonicalJson.sha256Hex(node);
    }

    /** The event id this envelope should carry, recomputed from its other fields. */
    public static String expectedEventId(Recorded r) {
        ObjectNode node = toJson(r);
        node.remove("hash");
        node.remove("event_id");
        return "evt_" + CanonicalJson.sha256Hex(node).substring(0, 24);
    }

    private static ObjectNode actorJson(Actor actor) {
        ObjectNode node = Json.object();
        node.put("kind", actor.kind().wire());
        node.put("id", actor.id());
        return node;
    }

    private static String text(JsonNode node, String field) {
        JsonNode value = node.get(field);
        if (value == null || !value.isTextual()) {
            throw new LedgerException("ledger_corrupt", "a stored event lacks " + field);
        }
        return value.textValue();
    }
}
