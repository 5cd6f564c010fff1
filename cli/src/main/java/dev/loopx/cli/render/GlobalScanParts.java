package dev.loopx.cli.render;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.application.project.ScanProjects;
import dev.loopx.projections.next.Flag;
import dev.loopx.projections.next.NextStep;
import dev.loopx.projections.next.Verb;
import java.io.PrintWriter;
import java.time.Instant;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.ToIntFunction;

/**
 * The frame the cross-project reads ({@code global-summary|gates|todos|risks}) share, over one
 * {@link ScanProjects.Scan}: the JSON {@code {schema_version, ok, read_only: true, now,
 * project_count, <total>, projects[{project_label, …}], missing_projects[{project_label, reason,
 * detail, fix, if_moved}], unavailable_projects[{project_label, error_code, message}]}} (any
 * unreadable project makes {@code ok=false} with {@code error_code=status_collection_unavailable};
 * a missing one does not: its entry is stale, and {@code fix} forgets it), and the text's table
 * followed by the projects that are missing and those that could not be read.
 */
final class GlobalScanParts {
    private GlobalScanParts() {}

    /** Whether every project that is still there could be read (a missing one is not a failure). */
    static boolean ok(ScanProjects.Scan<?> scan) {
        return scan.unavailable().isEmpty();
    }

    /** A missing project's {@code reason}. */
    static final String RUNTIME_ROOT_MISSING = "runtime_root_missing";

    /**
     * The command that stops listing a project that could not be read ({@code loopx projects forget
     * LABEL}: a preview first, as every write); what is wrong there, {@code loopx doctor} in its
     * folder says (the folder is not shown: paths stay private).
     */
    static String unreadableFix(ScanProjects.Unavailable u) {
        return CommandLines.forgetProject(u.label());
    }

    /** What a missing project's entry means, in one sentence. */
    static final String MISSING_DETAIL =
            "its runtime root no longer exists (the project folder was moved or deleted): projects.json still lists it";

    /** The command that forgets a missing project's entry: {@code loopx projects forget LABEL}. */
    static String fix(ScanProjects.Missing m) {
        return CommandLines.forgetProject(m.label());
    }

    /** What to run in a moved project's new folder (it records the project there again). */
    static String ifMoved() {
        return CommandLines.of(NextStep.of(Verb.CONNECT).with(Flag.PROJECT, "."));
    }

    /** A missing project's fields after its {@code project_label}: {@code reason, detail, fix, if_moved}. */
    static void missing(ScanProjects.Missing m, ObjectNode into) {
        into.put("reason", RUNTIME_ROOT_MISSING);
        into.put("detail", MISSING_DETAIL);
        into.put("fix", fix(m));
        into.put("if_moved", ifMoved());
    }

    /** A missing project in words: what it is and the commands, as they paste. */
    static String missingText(ScanProjects.Missing m) {
        return "missing: " + m.label() + " (folder moved or deleted): forget it with " + fix(m)
                + "; if it moved, also run " + ifMoved() + " in its new folder";
    }

    /** The sum of {@code count} over the readable projects' facts. */
    static <T> int sum(ScanProjects.Scan<T> scan, ToIntFunction<T> count) {
        return scan.readable().stream()
                .mapToInt(r -> count.applyAsInt(r.facts()))
                .sum();
    }

    /**
     * The document: {@code totals} adds the totals after {@code project_count}, {@code facts} one
     * readable project's facts after its {@code project_label}.
     */
    static <T> ObjectNode json(
            String schemaVersion,
            Instant now,
            ScanProjects.Scan<T> scan,
            Consumer<ObjectNode> totals,
            BiConsumer<T, ObjectNode> facts) {
        return json(schemaVersion, now, scan, totals, facts, projects -> {});
    }

    /** The same, with {@code more} adding entries to {@code projects[]} after the readable ones. */
    static <T> ObjectNode json(
            String schemaVersion,
            Instant now,
            ScanProjects.Scan<T> scan,
            Consumer<ObjectNode> totals,
            BiConsumer<T, ObjectNode> facts,
            Consumer<ArrayNode> more) {
        ObjectNode doc = Documents.answer(schemaVersion, true);
        boolean ok = ok(scan);
        doc.put("ok", ok);
        if (!ok) {
            doc.put("error_code", "status_collection_unavailable");
            doc.put(
                    "message",
                    scan.unavailable().size()
                            + " project(s) could not be read; the others are reported (loopx doctor in a project's"
                            + " folder says what is wrong there)");
            doc.put("hint", unreadableFix(scan.unavailable().get(0)));
        }
        doc.put("read_only", true);
        doc.put("now", now.toString());
        doc.put("project_count", scan.projectCount());
        totals.accept(doc);
        ArrayNode readable = doc.putArray("projects");
        for (ScanProjects.Read<T> r : scan.readable()) {
            ObjectNode project = readable.addObject().put("project_label", r.label());
            facts.accept(r.facts(), project);
        }
        more.accept(readable);
        ArrayNode missing = doc.putArray("missing_projects");
        scan.missing().forEach(m -> missing(m, missing.addObject().put("project_label", m.label())));
        ArrayNode unavailable = doc.putArray("unavailable_projects");
        scan.unavailable()
                .forEach(u -> unavailable
                        .addObject()
                        .put("project_label", u.label())
                        .put("error_code", u.errorCode())
                        .put("message", u.message())
                        .put("fix", unreadableFix(u)));
        return doc;
    }

    /** The table (when it has rows), then one line per missing project and one per project that could not be read. */
    static void print(Table t, ScanProjects.Scan<?> scan, PrintWriter out) {
        if (!t.isEmpty()) {
            t.print(out);
        }
        scan.missing().forEach(m -> out.println("  " + missingText(m)));
        scan.unavailable()
                .forEach(u ->
                        out.println("  unreadable: " + u.label() + " (" + u.errorCode() + "): run loopx doctor in its"
                                + " folder to see why, or stop listing it with " + unreadableFix(u)));
    }
}
