package dev.loopx.host.codexapp.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import dev.loopx.host.codexapp.store.RowImage.Column;
import dev.loopx.host.codexapp.store.RowImage.StorageClass;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The cross-store rules on hand-made images: the cases a generated home cannot hold. */
class CrossStoreCheckTest {
    private static RowImage row(String kind, String status, String prompt, String thread) {
        return new RowImage(List.of(
                Column.text("id", "a1"),
                Column.text("kind", kind),
                Column.text("prompt", prompt),
                Column.text("status", status),
                thread == null
                        ? new Column("target_thread_id", StorageClass.NULL, new byte[0])
                        : Column.text("target_thread_id", thread)));
    }

    private static Optional<byte[]> toml(String body) {
        return Optional.of(("id = \"a1\"\n" + body).getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void aNullThreadAndAnAbsentKeyAgreeAndAMissingRruleColumnMatchesAnAbsentKey() {
        CrossStoreRead r = CrossStoreCheck.evaluate(
                "a1",
                List.of(row("heartbeat", "ACTIVE", "p", null)),
                toml("kind = \"heartbeat\"\nstatus = \"ACTIVE\"\nprompt = \"p\"\n"));
        AutomationPair pair =
                assertInstanceOf(CrossStoreRead.Consistent.class, r).pair();
        assertEquals(Optional.empty(), pair.targetThreadId());
        assertEquals(Optional.empty(), pair.rrule());
        CrossStoreRead withRrule = CrossStoreCheck.evaluate(
                "a1",
                List.of(row("heartbeat", "ACTIVE", "p", null)),
                toml("kind = \"heartbeat\"\nstatus = \"ACTIVE\"\nprompt = \"p\"\nrrule = \"RRULE:FREQ=DAILY\"\n"));
        assertEquals(List.of(BlockReason.STORES_DISAGREE_RRULE), ((CrossStoreRead.Blocked) withRrule).reasons());
    }

    @Test
    void duplicateIdsMissingRowsAndOtherKindsBlock() {
        RowImage r = row("heartbeat", "ACTIVE", "p", "t");
        String body = "kind = \"heartbeat\"\nstatus = \"ACTIVE\"\nprompt = \"p\"\ntarget_thread_id = \"t\"\n";
        assertEquals(
                BlockReason.DUPLICATE_ID,
                ((CrossStoreRead.Blocked) CrossStoreCheck.evaluate("a1", List.of(r, r), toml(body))).primary());
        assertEquals(
                List.of(BlockReason.SQLITE_ROW_MISSING),
                ((CrossStoreRead.Blocked) CrossStoreCheck.evaluate("a1", List.of(), toml(body))).reasons());
        assertEquals(
                List.of(BlockReason.NOT_HEARTBEAT, BlockReason.STORES_DISAGREE_KIND),
                ((CrossStoreRead.Blocked)
                                CrossStoreCheck.evaluate("a1", List.of(row("chat", "ACTIVE", "p", "t")), toml(body)))
                        .reasons());
        assertEquals(
                List.of(BlockReason.CRON_KIND, BlockReason.STORES_DISAGREE_KIND),
                ((CrossStoreRead.Blocked)
                                CrossStoreCheck.evaluate("a1", List.of(r), toml(body.replace("heartbeat", "cron"))))
                        .reasons());
        assertEquals(
                List.of(BlockReason.DELETED, BlockReason.STORES_DISAGREE_STATUS),
                ((CrossStoreRead.Blocked) CrossStoreCheck.evaluate(
                                "a1", List.of(row("heartbeat", "deleted", "p", "t")), toml(body)))
                        .reasons());
    }

    @Test
    void aPromptStoredAsABlobOrInvalidUtf8IsNotText() {
        RowImage blob = new RowImage(List.of(
                Column.text("id", "a1"),
                Column.text("kind", "heartbeat"),
                new Column("prompt", StorageClass.BLOB, "p".getBytes(StandardCharsets.UTF_8)),
                Column.text("status", "ACTIVE"),
                Column.text("target_thread_id", "t")));
        CrossStoreRead r = CrossStoreCheck.evaluate(
                "a1",
                List.of(blob),
                toml("kind = \"heartbeat\"\nstatus = \"ACTIVE\"\nprompt = \"p\"\ntarget_thread_id = \"t\"\n"));
        assertEquals(
                List.of(BlockReason.SQLITE_VALUE_NOT_TEXT, BlockReason.STORES_DISAGREE_PROMPT),
                ((CrossStoreRead.Blocked) r).reasons());
    }
}
