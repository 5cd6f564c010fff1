package dev.loopx.application.project;

import dev.loopx.commands.Rejection;
import dev.loopx.commands.privacy.PublicTextViolation;
import java.util.Objects;

/**
 * Why {@link ConnectProject} did not connect. Every refusal but {@link WriteRejected} is found
 * before anything is written; each maps 1:1 to an {@code error_code}. The request's own problems
 * ({@link InvalidGoalId}, {@link InvalidObjective}, {@link InvalidOperationId}) are bad input; they
 * carry public-safe reasons that never echo the value.
 */
public sealed interface ConnectRefusal {
    /** The given goal id breaks the id rule. */
    record InvalidGoalId(String problem) implements ConnectRefusal {
        public InvalidGoalId {
            Objects.requireNonNull(problem, "problem");
        }
    }

    /** The objective is not public-safe text. */
    record InvalidObjective(PublicTextViolation violation) implements ConnectRefusal {
        public InvalidObjective {
            Objects.requireNonNull(violation, "violation");
        }

        /** Names the field and the problem, never the text. */
        public String message() {
            return violation.message();
        }

        /** How to fix it. */
        public String hint() {
            return violation.hint();
        }
    }

    /** The given operation id breaks the id rule. */
    record InvalidOperationId(String problem) implements ConnectRefusal {
        public InvalidOperationId {
            Objects.requireNonNull(problem, "problem");
        }
    }

    /** The project folder does not exist (or is not a folder). */
    record ProjectFolderMissing() implements ConnectRefusal {}

    /** Something that is not a folder is where the runtime root would be. */
    record RuntimeRootNotAFolder() implements ConnectRefusal {}

    /** The runtime root folder is not readable and writable by this user. */
    record RuntimeRootInaccessible() implements ConnectRefusal {}

    /** The runtime root is a non-empty folder without a ledger: LoopX did not create it and will not take it over. */
    record RuntimeRootForeign() implements ConnectRefusal {}

    /**
     * {@code --ledger} is not a server ledger URL, or carries a password ({@code errorCode}
     * {@code ledger_location_has_password}); the message never repeats the URL.
     */
    record InvalidLedgerLocation(String code, String problem) implements ConnectRefusal {
        public InvalidLedgerLocation {
            Objects.requireNonNull(code, "code");
            Objects.requireNonNull(problem, "problem");
        }
    }

    /** {@code --ledger} names another ledger than the one the existing runtime root uses. */
    record LedgerLocationConflict() implements ConnectRefusal {}

    /** The goal registration was refused by the write path (e.g. an {@code --operation-id} reused for another intent). */
    record WriteRejected(Rejection rejection) implements ConnectRefusal {
        public WriteRejected {
            Objects.requireNonNull(rejection, "rejection");
        }
    }

    default String errorCode() {
        return switch (this) {
            case InvalidGoalId r -> "invalid_goal_id";
            case InvalidObjective r -> r.violation().errorCode();
            case InvalidOperationId r -> "invalid_value";
            case ProjectFolderMissing r -> "project_not_found";
            case RuntimeRootNotAFolder r -> "runtime_root_not_a_directory";
            case RuntimeRootInaccessible r -> "runtime_root_unreadable";
            case RuntimeRootForeign r -> "runtime_root_foreign";
            case InvalidLedgerLocation r -> r.code();
            case LedgerLocationConflict r -> "ledger_location_conflict";
            case WriteRejected r -> r.rejection().errorCode();
        };
    }
}
