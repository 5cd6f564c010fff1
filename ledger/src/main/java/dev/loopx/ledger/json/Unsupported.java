package dev.loopx.ledger.json;

/**
 * {@link RecordReader} or {@link RecordWriter} cannot answer for a type or a value: the caller asks
 * Jackson's mapper instead. One shared instance, no stack trace (it is control flow, never shown).
 */
final class Unsupported extends Exception {
    private static final long serialVersionUID = 1L;
    static final Unsupported INSTANCE = new Unsupported();

    private Unsupported() {
        super(null, null, false, false);
    }
}
