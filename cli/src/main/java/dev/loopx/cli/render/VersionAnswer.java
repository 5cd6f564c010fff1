package dev.loopx.cli.render;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.util.Objects;

/**
 * {@code loopx version}'s answer, {@code loopx_version_v0}: the LoopX version, the Java runtime it
 * runs on and the ledger format it writes. Built without Jackson's {@code ObjectMapper} (a heartbeat
 * path command).
 *
 * @param version      the LoopX version ({@code unknown} when the jar carries none)
 * @param javaVersion  the runtime's full version ({@code 21.0.2+13-58})
 * @param javaFeature  its feature release ({@code 21})
 * @param ledgerFormat the embedded ledger's format
 */
public record VersionAnswer(String version, String javaVersion, int javaFeature, String ledgerFormat)
        implements RenderedAnswer {
    public VersionAnswer {
        Objects.requireNonNull(version, "version");
        Objects.requireNonNull(javaVersion, "javaVersion");
        Objects.requireNonNull(ledgerFormat, "ledgerFormat");
    }

    /** The answer for this LoopX on the runtime it runs on. */
    public static VersionAnswer of(String version) {
        return new VersionAnswer(
                version, Runtime.version().toString(), Runtime.version().feature(), "chronicle_queue_json_lines_v1");
    }

    @Override
    public ObjectNode json() {
        ObjectNode doc = Documents.answer("loopx_version_v0", true);
        doc.put("version", version);
        doc.put("java_version", javaVersion);
        doc.put("java_feature", javaFeature);
        doc.put("ledger_format", ledgerFormat);
        return doc;
    }

    void text(PrintWriter out) {
        out.println("loopx " + version);
        new Lines(out).add("java", javaVersion).add("ledger", ledgerFormat).print();
    }
}
