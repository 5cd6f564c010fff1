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
}
