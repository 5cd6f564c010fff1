package dev.loopx.cli.render;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintWriter;
import java.util.List;

/**
 * The text forms of the operations a person runs by hand: {@code doctor} (a verdict, then one line
 * per check with the fix of each failed one), {@code ledger verify}, {@code ledger export} and
 * {@code import}, {@code projections rebuild}, {@code version}.
 */
final class OpsText {
    private OpsText() {}

    static void doctor(JsonNode d, PrintWriter out) {
        JsonNode checks = d.path("checks");
        int failed = 0;
        for (JsonNode c : checks) {
            failed += c.path("ok").asBoolean() ? 0 : 1;
        }
        out.println(
                failed == 0
                        ? "doctor: all " + Words.count(checks.size(), "check") + " passed"
                        : "doctor: " + failed + " of " + Words.count(checks.size(), "check") + " failed");
        Table table = new Table("  ");
        for (JsonNode c : checks) {
            boolean ok = c.path("ok").asBoolean();
            table.row(
                    ok ? "ok" : "FAIL",
                    c.path("check").asText().replace('_', ' '),
                    c.path("detail").asText());
            String fix = Words.text(c, "/fix");
            if (!ok && !fix.isEmpty()) {
                table.row("", "", "fix: " + Words.pasteable(fix));
            }
        }
        table.print(out);
    }

    static void verify(JsonNode d, PrintWriter out) {
        if (d.path("ok").asBoolean()) {
            out.println("ledger intact: " + Words.count(d.path("events_checked").asLong(), "event")
                    + " checked, hash chain unbroken");
        } else {
            out.println("ledger DAMAGED at seq " + d.path("first_bad_seq").asText("?") + ": "
                    + d.path("problem").asText(d.path("message").asText()));
        }
        Lines lines = new Lines(out);
        lines.add(
                "head",
                "seq " + d.path("head_seq").asText() + " · hash "
                        + Words.shortHash(d.path("head_hash").asText()));
        if (!d.path("ok").asBoolean()) {
            lines.add("valid to", "seq " + d.path("valid_through_seq").asText("?"));
            lines.add(
                    "next", List.of("loopx ledger repair", "a preview: what keeping only the valid chain would drop"));
        }
        lines.print();
    }

    static void export(JsonNode d, PrintWriter out) {
        out.println("exported " + Words.count(d.path("events").asLong(), "event") + " to "
                + d.path("file").asText() + " (0600)");
        out.println("  next: on the other machine, loopx --runtime-root 'NEW_ROOT' ledger import "
                + d.path("file").asText());
    }

    static void importLedger(JsonNode d, PrintWriter out) {
        if (!d.path("ok").asBoolean()) {
            out.println("import refused, nothing appended: the file's chain breaks at seq "
                    + d.path("first_bad_seq").asText("?") + ": "
                    + d.path("problem").asText());
            return;
        }
        long appended = d.path("appended").asLong();
        long inFile = d.path("events_in_file").asLong();
        out.println(
                appended == 0
                        ? "nothing to import: the ledger already holds all " + Words.count(inFile, "event")
                                + " of the file"
                        : "imported " + Words.count(appended, "event") + " (" + inFile + " in the file)");
        new Lines(out)
                .add(
                        "head",
                        "seq " + d.path("head_seq").asText() + " · hash "
                                + Words.shortHash(d.path("head_hash").asText()))
                .print();
    }

    static void rebuild(JsonNode d, PrintWriter out) {
        out.println("projections rebuilt from "
                + Words.count(d.path("events_applied").asLong(), "event") + " in "
                + d.path("elapsed_ms").asLong() + " ms");
        new Lines(out)
                .add(
                        "checkpoint",
                        "seq " + d.path("checkpoint_seq").asText() + " · hash "
                                + Words.shortHash(d.path("checkpoint_hash").asText()))
                .add("schema", "v" + d.path("projection_schema_version").asText())
                .print();
    }

    static void version(JsonNode d, PrintWriter out) {
        out.println("loopx " + d.path("version").asText());
        new Lines(out)
                .add("java", d.path("java_version").asText())
                .add("ledger", d.path("ledger_format").asText())
                .print();
    }

    static void repair(JsonNode d, PrintWriter out) {
        if (!d.path("damaged").asBoolean()) {
            out.println("ledger sound: " + Words.count(d.path("head_seq").asLong(), "event")
                    + " checked, nothing to repair");
            return;
        }
        long lost = d.path("acknowledged_events_lost").asLong(0);
        String keep = "seq 1–" + d.path("valid_through_seq").asText();
        if (d.path("repaired").asBoolean()) {
            out.println("ledger repaired: kept the valid chain (" + keep + ")"
                    + (lost > 0 ? "; " + Words.count(lost, "acknowledged event") + " could not be kept" : ""));
            new Lines(out)
                    .add("kept at", d.path("damaged_files_kept_at").asText() + "  (the damaged files, never deleted)")
                    .add("next", "loopx ledger verify")
                    .print();
            return;
        }
        out.println("ledger DAMAGED: " + d.path("problem").asText() + " (preview: nothing written)");
        new Lines(out)
                .add(
                        "would keep",
                        keep
                                + (lost > 0
                                        ? " · loses " + Words.count(lost, "acknowledged event")
                                        : " · loses nothing acknowledged"))
                .add(
                        "next",
                        List.of(
                                "restore a backup or import an export if you have one (nothing is lost then); else",
                                "loopx ledger repair --execute"))
                .print();
    }

    static void migrate(JsonNode d, PrintWriter out) {
        if (!d.path("ok").asBoolean()) {
            out.println("migrate refused, nothing copied: the ledger's chain breaks at seq "
                    + d.path("first_bad_seq").asText("?") + ": "
                    + d.path("problem").asText());
            new Lines(out)
                    .add(
                            "next",
                            List.of("loopx ledger repair", "a preview: what keeping only the valid chain would drop"))
                    .print();
            return;
        }
        out.println("ledger moved to the " + d.path("ledger_backend").asText() + " ledger "
                + d.path("ledger_name").asText() + ": "
                + Words.count(d.path("copied").asLong(), "event")
                + " copied, heads equal");
        new Lines(out)
                .add(
                        "head",
                        "seq " + d.path("head_seq").asText() + " · hash "
                                + Words.shortHash(d.path("head_hash").asText()))
                .add("backup", "the embedded journal stays in ledger/ (no longer read)")
                .add("next", d.path("next_step").asText())
                .print();
    }

    static void dump(JsonNode d, PrintWriter out) {
        JsonNode c = d.path("checkpoint");
        out.println("read models at seq " + c.path("seq").asText() + " (projection schema v"
                + d.path("projection_schema_version").asText() + "), folded from the ledger");
        Table table = new Table("  ", "VIEW", "ROWS");
        d.path("views")
                .fields()
                .forEachRemaining(
                        v -> table.row(v.getKey(), String.valueOf(v.getValue().size())));
        table.print(out);
        new Lines(out)
                .add(
                        "all of it",
                        List.of(
                                "loopx --format json projections dump",
                                "one JSON document; add --canonical to compare two runtime roots"))
                .print();
    }
}
