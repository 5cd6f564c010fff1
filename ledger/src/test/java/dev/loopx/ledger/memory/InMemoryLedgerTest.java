package dev.loopx.ledger.memory;

import dev.loopx.ledger.Ledger;
import dev.loopx.ledger.LedgerContract;

class InMemoryLedgerTest extends LedgerContract {
    @Override
    protected Ledger newEmptyLedger() {
        return new InMemoryLedger();
    }

    @Override
    protected Ledger reopen(Ledger current) {
        return current;
    }
}
