package dev.loopx.ledger.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** A location's equality (written out, not the record's generated one): every part counts, option order does not. */
class LedgerLocationTest {
    static final String BASE = "postgresql://db.example:5432/loopx?ledger=team";

    @Test
    void theSameTextGivesEqualLocationsWithEqualHashes() throws Exception {
        LedgerLocation a = LedgerLocation.parse(BASE + "&sslmode=require&service=s");
        LedgerLocation b = LedgerLocation.parse(BASE + "&service=s&sslmode=require");
        assertEquals(a, b);
        assertEquals(a.hashCode(), b.hashCode());
        assertEquals(a, new LedgerLocation(a.scheme(), a.host(), a.port(), a.database(), a.ledger(), a.options()));
    }

    @Test
    void everyPartTellsLocationsApart() throws Exception {
        LedgerLocation base = LedgerLocation.parse(BASE);
        for (String other : List.of(
                "postgresql://db2.example:5432/loopx?ledger=team",
                "postgresql://db.example:5433/loopx?ledger=team",
                "postgresql://db.example:5432/other?ledger=team",
                "postgresql://db.example:5432/loopx?ledger=team2",
                BASE + "&sslmode=require")) {
            assertNotEquals(base, LedgerLocation.parse(other), other);
        }
        assertNotEquals(
                base,
                new LedgerLocation(
                        "postgres", base.host(), base.port(), base.database(), base.ledger(), base.options()));
        assertNotEquals(base, null);
        assertNotEquals(base, BASE);
    }
}
