package dev.loopx.host.codexapp.store;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Both stores' state of one automation at one moment: the full SQLite row and the exact
 * {@code automation.toml} bytes (empty when the file is absent). This is what a migration journal
 * records before and after a write, and what {@link CodexAutomationStore#converge} restores.
 * Equality is byte equality of both parts. Immutable.
 */
public final class AutomationImage {
    private final String automationId;
    private final RowImage row;
    private final byte[] toml;

    public AutomationImage(String automationId, RowImage row, Optional<byte[]> toml) {
        this.automationId = Objects.requireNonNull(automationId, "automationId");
        this.row = Objects.requireNonNull(row, "row");
        this.toml = toml.map(byte[]::clone).orElse(null);
    }

    public String automationId() {
        return automationId;
    }

    public RowImage row() {
        return row;
    }

    public Optional<byte[]> toml() {
        return toml == null ? Optional.empty() : Optional.of(toml.clone());
    }

    /**
     * {@code source_sha256}: SHA-256 over the full row (every column, storage class and bytes) and
     * the TOML bytes, so any change to either store changes the digest (preview_stale detection).
     */
    public String sourceSha256() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes("loopx_codex_automation_source_v1\n".getBytes(StandardCharsets.US_ASCII));
        RowImage.lengthPrefixed(out, automationId.getBytes(StandardCharsets.UTF_8));
        RowImage.lengthPrefixed(out, row.canonicalBytes());
        out.write(toml == null ? 0 : 1);
        RowImage.lengthPrefixed(out, toml == null ? new byte[0] : toml);
        return sha256(out.toByteArray());
    }

    /**
     * The fields the Codex App's scheduler rewrites on every run, in the row and in the TOML
     * mirror: they never make a plan, a snapshot or a preview stale.
     */
    public static final Set<String> SCHEDULER_FIELDS = Set.of("next_run_at", "updated_at", "last_run_at");

    /**
     * {@code state_sha256}: what a plan, a snapshot or an App-side request holds as its
     * precondition. SHA-256 over the row without {@link #SCHEDULER_FIELDS} (every other column,
     * storage class and bytes: identity, kind, prompt, status, rrule, thread, name…) and the exact
     * TOML bytes without the lines that assign those keys (so a scheduler tick, which rewrites
     * them, changes nothing here; a TOML that is not UTF-8 counts whole). Any other change to
     * either store, a comment included, changes it.
     */
    public String stateSha256() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes("loopx_codex_automation_state_v1\n".getBytes(StandardCharsets.US_ASCII));
        RowImage.lengthPrefixed(out, automationId.getBytes(StandardCharsets.UTF_8));
        RowImage stable = new RowImage(row.columns().stream()
                .filter(c -> !SCHEDULER_FIELDS.contains(c.name()))
                .toList());
        RowImage.lengthPrefixed(out, stable.canonicalBytes());
        if (toml == null) {
            out.write(0);
        } else {
            out.write(1);
            RowImage.lengthPrefixed(
                    out,
                    Utf8.decode(toml)
                            .map(text ->
                                    SCHEDULER_LINE.matcher(text).replaceAll("").getBytes(StandardCharsets.UTF_8))
                            .orElse(toml));
        }
        return sha256(out.toByteArray());
    }

    /** A line assigning one of the {@link #SCHEDULER_FIELDS} (bare or quoted key), with its line end. */
    private static final Pattern SCHEDULER_LINE = Pattern.compile(
            "(?m)^[ \\t]*(?:next_run_at|updated_at|last_run_at|\"next_run_at\"|\"updated_at\"|\"last_run_at\")"
                    + "[ \\t]*=[^\\n]*(?:\\n|$)");

    static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }

    /** {@code prompt_sha256}: SHA-256 of the prompt's UTF-8 bytes. */
    public static String promptSha256(String prompt) {
        return sha256(prompt.getBytes(StandardCharsets.UTF_8));
    }

    /** A JSON form for private journals (prompt bodies included: never public). */
    public ObjectNode toJson() {
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        o.put("automation_id", automationId);
        o.set("row", row.toJson());
        if (toml == null) {
            o.putNull("toml_base64");
        } else {
            o.put("toml_base64", Base64.getEncoder().encodeToString(toml));
        }
        o.put("source_sha256", sourceSha256());
        return o;
    }

    public static AutomationImage fromJson(JsonNode o) {
        JsonNode t = o.get("toml_base64");
        AutomationImage image = new AutomationImage(
                o.get("automation_id").asText(),
                RowImage.fromJson(o.get("row")),
                t == null || t.isNull()
                        ? Optional.empty()
                        : Optional.of(Base64.getDecoder().decode(t.asText())));
        if (o.has("source_sha256") && !o.get("source_sha256").asText().equals(image.sourceSha256())) {
            throw new IllegalArgumentException("automation image digest does not match its content");
        }
        return image;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof AutomationImage i
                && automationId.equals(i.automationId)
                && row.equals(i.row)
                && Arrays.equals(toml, i.toml);
    }

    @Override
    public int hashCode() {
        return Objects.hash(automationId, row, Arrays.hashCode(toml));
    }

    @Override
    public String toString() {
        return "AutomationImage[" + automationId + ", source_sha256=" + sourceSha256() + "]";
    }
}
