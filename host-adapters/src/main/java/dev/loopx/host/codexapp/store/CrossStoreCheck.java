package dev.loopx.host.codexapp.store;

import io.vavr.control.Either;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Decides whether what was read from both stores is one consistent heartbeat automation. A pure
 * function of the rows found for the id and the TOML bytes (if the file exists); it collects
 * every blocking reason rather than stopping at the first. Thread-safe.
 */
final class CrossStoreCheck {
    private CrossStoreCheck() {}

    static CrossStoreRead evaluate(String id, List<RowImage> rows, Optional<byte[]> tomlBytes) {
        return evaluate(id, rows, tomlBytes, true);
    }

    /** {@code tomlIsRegularFile}: false when the TOML path is a symbolic link or another non-regular file. */
    static CrossStoreRead evaluate(
            String id, List<RowImage> rows, Optional<byte[]> tomlBytes, boolean tomlIsRegularFile) {
        EnumSet<BlockReason> reasons = EnumSet.noneOf(BlockReason.class);
        if (tomlBytes.isPresent() && !tomlIsRegularFile) {
            reasons.add(BlockReason.TOML_NOT_REGULAR_FILE);
        }
        Optional<RowImage> row = rows.size() == 1 ? Optional.of(rows.get(0)) : Optional.empty();
        if (rows.isEmpty()) {
            reasons.add(BlockReason.SQLITE_ROW_MISSING);
        } else if (rows.size() > 1) {
            reasons.add(BlockReason.DUPLICATE_ID);
        }
        Optional<AutomationToml> toml = Optional.empty();
        if (tomlBytes.isEmpty()) {
            reasons.add(BlockReason.TOML_MISSING);
        } else {
            Either<StoreProblem, AutomationToml> parsed = AutomationToml.parse(tomlBytes.get());
            if (parsed.isLeft()) {
                reasons.add(BlockReason.TOML_INVALID);
            } else {
                toml = Optional.of(parsed.get());
                if (!parsed.get().string("id").equals(Optional.of(id))) {
                    reasons.add(BlockReason.STORES_DISAGREE_ID);
                }
            }
        }
        RowImage image = row.orElseGet(() -> new RowImage(List.of()));
        AutomationImage automationImage = new AutomationImage(id, image, tomlBytes);

        Field kind = Field.of(image, "kind");
        Field status = Field.of(image, "status");
        Field prompt = Field.of(image, "prompt");
        Field thread = Field.of(image, "target_thread_id");
        Field rrule = Field.of(image, "rrule");
        Optional<String> tomlKind = toml.flatMap(t -> t.string("kind"));
        Optional<String> tomlStatus = toml.flatMap(t -> t.string("status"));
        if (isCron(kind.value) || isCron(tomlKind)) {
            reasons.add(BlockReason.CRON_KIND);
        } else {
            if (row.isPresent() && !kind.value.equals(Optional.of("heartbeat"))
                    || toml.isPresent() && !tomlKind.equals(Optional.of("heartbeat"))) {
                reasons.add(BlockReason.NOT_HEARTBEAT);
            }
        }
        if (row.isPresent() && toml.isPresent() && !agrees(kind, toml.get(), "kind")) {
            reasons.add(BlockReason.STORES_DISAGREE_KIND);
        }
        if (isDeleted(status.value) || isDeleted(tomlStatus)) {
            reasons.add(BlockReason.DELETED);
        }
        if (row.isPresent()) {
            if (!kind.text
                    || !status.text
                    || !prompt.text
                    || !thread.textOrNull
                    || !rrule.textOrNull
                    || kind.value.isEmpty()
                    || status.value.isEmpty()
                    || prompt.value.isEmpty()) {
                reasons.add(BlockReason.SQLITE_VALUE_NOT_TEXT);
            }
        }
        if (row.isPresent() && toml.isPresent()) {
            AutomationToml t = toml.get();
            if (!agrees(prompt, t, "prompt")) {
                reasons.add(BlockReason.STORES_DISAGREE_PROMPT);
            }
            if (!agrees(status, t, "status")) {
                reasons.add(BlockReason.STORES_DISAGREE_STATUS);
            }
            if (!agrees(thread, t, "target_thread_id")) {
                reasons.add(BlockReason.STORES_DISAGREE_THREAD);
            }
            if (!agrees(rrule, t, "rrule")) {
                reasons.add(BlockReason.STORES_DISAGREE_RRULE);
            }
        }
        if (toml.isPresent()
                && toml.get().string("prompt").isPresent()
                && TomlPromptRewriter.rewrite(
                                tomlBytes.get(), toml.get().string("prompt").get())
                        .isLeft()) {
            reasons.add(BlockReason.TOML_PROMPT_UNREWRITABLE);
        }
        if (!reasons.isEmpty()) {
            return new CrossStoreRead.Blocked(
                    id,
                    List.copyOf(reasons),
                    automationImage.sourceSha256(),
                    automationImage.stateSha256(),
                    row.isPresent() ? Optional.of(automationImage) : Optional.empty());
        }
        return new CrossStoreRead.Consistent(new AutomationPair(
                id,
                prompt.value.orElseThrow(),
                status.value.orElseThrow(),
                thread.value,
                rrule.value,
                automationImage));
    }

    private static boolean isCron(Optional<String> kind) {
        return kind.map(k -> k.trim().toLowerCase(Locale.ROOT).equals("cron")).orElse(false);
    }

    private static boolean isDeleted(Optional<String> status) {
        return status.map(s -> s.trim().toUpperCase(Locale.ROOT).equals("DELETED"))
                .orElse(false);
    }

    /** A SQLite value and the TOML key agree: both absent/NULL, or equal strings. */
    private static boolean agrees(Field sqlite, AutomationToml toml, String key) {
        if (toml.has(key) && toml.string(key).isEmpty()) {
            return false; // present in TOML but not a string
        }
        if (!sqlite.textOrNull) {
            return false;
        }
        return sqlite.value.equals(toml.string(key));
    }

    /**
     * One SQLite column read as text: {@code value} is empty for NULL or a missing column;
     * {@code text} says the value is TEXT; {@code textOrNull} allows NULL or a missing column too.
     */
    private record Field(Optional<String> value, boolean text, boolean textOrNull) {
        static Field of(RowImage row, String name) {
            Optional<RowImage.Column> c = row.column(name);
            if (c.isEmpty() || c.get().type() == RowImage.StorageClass.NULL) {
                return new Field(Optional.empty(), false, true);
            }
            Optional<String> text = c.get().text();
            return new Field(text, text.isPresent(), text.isPresent());
        }
    }
}
