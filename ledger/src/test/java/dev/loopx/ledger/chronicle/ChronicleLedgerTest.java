package dev.loopx.ledger.chronicle;

import dev.loopx.ledger.Ledger;
import dev.loopx.ledger.LedgerContract;
import dev.loopx.ledger.SyncPolicy;
import dev.loopx.ledger.lock.LedgerLock;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

class ChronicleLedgerTest extends LedgerContract {
    @TempDir
    Path root;

    @Override
    protected Ledger newEmptyLedger() {
        return ChronicleLedger.open(root, SyncPolicy.ALWAYS, new LedgerLock(root));
    }

    @Override
    protected Ledger reopen(Ledger current) {
        current.close();
        return ChronicleLedger.open(root, SyncPolicy.ALWAYS, new LedgerLock(root));
    }

    @org.junit.jupiter.api.Test
    void anAppendTooLargeForOneDocumentIsRefusedAndWritesNothing() {
        var big = new java.util.ArrayList<dev.loopx.ledger.ProposedEvent>();
        for (int i = 0; i < 2_000; i++) {
            big.add(event("g", i));
        }
        ledger.appendIfHead(0, java.util.List.of(event("g", 1))).get();
        var refused = org.junit.jupiter.api.Assertions.assertThrows(
                dev.loopx.ledger.LedgerException.class, () -> ledger.appendIfHead(1, big));
        org.junit.jupiter.api.Assertions.assertEquals("append_too_large", refused.errorCode());
        org.junit.jupiter.api.Assertions.assertEquals(1, ledger.head().seq());
        ledger.appendIfHead(1, java.util.List.of(event("g", 2))).get();
        try (var cursor = ledger.readFrom(1)) {
            int n = 0;
            while (cursor.hasNext()) {
                cursor.next();
                n++;
            }
            org.junit.jupiter.api.Assertions.assertEquals(2, n);
        }
    }
}
