package dev.loopx.commands.runtime;

import dev.loopx.ledger.LedgerException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Refuses a runtime root that is missing, not a folder, unreadable, or not LoopX's. */
final class RuntimeRootCheck {
    private RuntimeRootCheck() {}

    static void requireInitialised(Path root) {
        if (!Files.exists(root)) {
            throw new LedgerException(
                    "runtime_root_not_found", "the runtime root does not exist; connect the project first");
        }
        if (!Files.isDirectory(root)) {
            throw new LedgerException("runtime_root_not_a_directory", "the runtime root is not a folder");
        }
        if (!Files.isReadable(root) || !Files.isExecutable(root)) {
            throw new LedgerException("runtime_root_unreadable", "the runtime root cannot be read by this user");
        }
        if (!Files.isDirectory(root.resolve("ledger"))) {
            throw new LedgerException(
                    "runtime_root_not_initialized",
                    "the folder is not a LoopX runtime root (it has no ledger/); connect the project first");
        }
    }
}
