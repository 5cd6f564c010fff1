package dev.loopx.host.codexapp.store;

import java.util.Objects;

/**
 * Why the store adapter refused to read or write. A refusal is a typed answer, never a partial
 * write: whenever a {@code StoreProblem} is returned, neither store was changed by the call.
 * Messages name no absolute local path and no prompt body.
 *
 * @param code    a stable code (see {@link Code#wire()})
 * @param message a public-safe explanation
 */
public record StoreProblem(Code code, String message) {
    public StoreProblem {
        Objects.requireNonNull(code, "code");
        Objects.requireNonNull(message, "message");
    }

    public enum Code {
        /** {@code sqlite/codex-dev.db} does not exist. */
        DATABASE_MISSING("codex_database_missing"),
        /** The database has no {@code automations} table, lacks a required column, or is not UTF-8. */
        UNSUPPORTED_SCHEMA("unsupported_schema"),
        /** Another process holds the SQLite writer lock. */
        STORE_LOCKED("store_locked"),
        /** The automation row or TOML is missing. */
        AUTOMATION_MISSING("automation_missing"),
        /** The two stores do not describe one consistent heartbeat automation. */
        BLOCKED("blocked"),
        /** The TOML file is not valid UTF-8 TOML. */
        TOML_INVALID("toml_invalid"),
        /** The TOML's prompt is encoded in a way this adapter cannot rewrite safely. */
        TOML_PROMPT_UNREWRITABLE("toml_prompt_unrewritable"),
        /** The new prompt equals the stored one: there is nothing to change. */
        PROMPT_UNCHANGED("prompt_unchanged"),
        /** The new prompt cannot be stored (e.g. unpaired surrogates). */
        PROMPT_NOT_ENCODABLE("prompt_not_encodable"),
        /** Either store changed since the images were captured (source digest differs). */
        SOURCE_CHANGED("source_changed"),
        /** The compare-and-swap update matched no row: the prompt changed underneath. */
        CAS_CONFLICT("cas_conflict"),
        /** What was read back after writing is not what was written; the write was undone. */
        READBACK_MISMATCH("readback_mismatch"),
        /** A store holds neither the before nor the after image: someone else changed it. */
        CHANGED_SINCE_MIGRATION("changed_since_migration");

        private final String wire;

        Code(String wire) {
            this.wire = wire;
        }

        public String wire() {
            return wire;
        }
    }

    static StoreProblem of(Code code, String message) {
        return new StoreProblem(code, message);
    }
}
