package dev.loopx.cli.render;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.util.List;
import java.util.Objects;

/**
 * {@code loopx doctor}'s answer, {@code loopx_doctor_v0}: every check in the order it ran; ok when
 * each one passed ({@code doctor_found_problems} otherwise). Its text is a verdict, then one line
 * per check with the fix of each failed one.
 */
public record DoctorAnswer(List<DoctorAnswer.Check> checks) implements RenderedAnswer {
    public DoctorAnswer {
        checks = List.copyOf(Objects.requireNonNull(checks, "checks"));
    }

    /**
     * One check.
     *
     * @param name    {@code java_version}, {@code ledger}, {@code host_cli}, …
     * @param detail  what was found
     * @param fix     what to run (empty: nothing); shown only when the check failed
     * @param blocker the blocker a failed check stands for ({@code cli_unavailable}; empty: none)
     */
    public record Check(String name, boolean ok, String detail, String fix, String blocker) {
        public Check {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(detail, "detail");
            Objects.requireNonNull(fix, "fix");
            Objects.requireNonNull(blocker, "blocker");
        }

        private ObjectNode json(ObjectNode c) {
            c.put("check", name);
            c.put("ok", ok);
            c.put("detail", detail);
            if (!fix.isEmpty()) {
                c.put("fix", fix);
            }
            if (!blocker.isEmpty()) {
                c.put("blocker", blocker);
            }
            return c;
        }
    }

    @Override
    public boolean ok() {
        return checks.stream().allMatch(Check::ok);
    }

    @Override
    public ObjectNode json() {
        ObjectNode doc = Documents.answer("loopx_doctor_v0", ok());
        ArrayNode array = doc.putArray("checks");
        checks.forEach(c -> c.json(array.addObject()));
        if (!ok()) {
            doc.put("error_code", "doctor_found_problems");
        }
        return doc;
    }

    void text(PrintWriter out) {
        long failed = checks.stream().filter(c -> !c.ok()).count();
        out.println(
                failed == 0
                        ? "doctor: all " + Words.count(checks.size(), "check") + " passed"
                        : "doctor: " + failed + " of " + Words.count(checks.size(), "check") + " failed");
        Table table = new Table("  ");
        for (Check c : checks) {
            table.row(c.ok() ? "ok" : "FAIL", c.name().replace('_', ' '), c.detail());
            if (!c.ok() && !c.fix().isEmpty()) {
                table.row("", "", "fix: " + Words.pasteable(c.fix()));
            }
        }
        table.print(out);
    }
}
