package dev.loopx.ledger.files;

import java.nio.file.FileSystemException;
import java.nio.file.Path;
import java.util.Objects;

/**
 * {@link AtomicReplace} refused its target: something other than a regular file is there (a
 * symbolic link, which is never followed, a folder, or a FIFO, socket or device). Nothing was
 * written. An {@link java.io.IOException}, so each caller maps it as it maps any other write
 * failure of that file; {@link #errorCode()} names the refusal itself.
 */
public final class NotARegularFileException extends FileSystemException {
    private static final long serialVersionUID = 1L;
    /** The {@code error_code} of this refusal. */
    public static final String ERROR_CODE = "not_a_regular_file";

    /** What was found where a regular file (or nothing) was expected. */
    public enum Found {
        SYMBOLIC_LINK("a symbolic link"),
        DIRECTORY("a folder"),
        OTHER("a special file (FIFO, socket or device)");

        private final String description;

        Found(String description) {
            this.description = description;
        }

        public String description() {
            return description;
        }
    }

    private final Found found;

    NotARegularFileException(Path file, Found found) {
        super(
                file.toString(),
                null,
                "refusing to replace " + Objects.requireNonNull(found, "found").description
                        + "; only a regular file is ever replaced");
        this.found = found;
    }

    public Found found() {
        return found;
    }

    public String errorCode() {
        return ERROR_CODE;
    }
}
