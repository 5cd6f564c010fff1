package dev.loopx.cli.render;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.application.project.ProjectDigests;
import dev.loopx.application.project.ScanProjects;
import dev.loopx.projections.query.GoalRisks;
import java.io.PrintWriter;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * {@code loopx global-risks}'s answer, {@code loopx_global_risks_v0}: per readable project
 * ({@link GlobalScanParts}) the cheap ledger check ({@code head_marker}; the full verify is
 * {@code skipped}) and its risks; then per missing project (after the readable ones) an entry with
 * {@code ledger_check: null} and the one risk {@code project_missing} (with {@code fix} and
 * {@code if_moved}); {@code risk_count} over all projects.
 *
 * <p>Its text counts the risks, then one table row per risk, its kind in words.
 */
public record GlobalRisksAnswer(Instant now, ScanProjects.Scan<GlobalRisksAnswer.ProjectRisks> scan)
        implements RenderedAnswer {
    public GlobalRisksAnswer {
        Objects.requireNonNull(now, "now");
        Objects.requireNonNull(scan, "scan");
    }

    /** One project's facts: the views' checkpoint against the head marker, and the risks found. */
    public record ProjectRisks(ScanProjects.LedgerCheck ledgerCheck, List<GoalRisks.Risk> risks) {
        public ProjectRisks {
            Objects.requireNonNull(ledgerCheck, "ledgerCheck");
            risks = List.copyOf(risks);
        }
    }

    @Override
    public boolean ok() {
        return GlobalScanParts.ok(scan);
    }

    /** The risk a missing project is. */
    public static final String PROJECT_MISSING = "project_missing";

    private int riskCount() {
        return GlobalScanParts.sum(scan, p -> p.risks().size()) + scan.missing().size();
    }

    @Override
    public ObjectNode json() {
        return GlobalScanParts.json(
                "loopx_global_risks_v0",
                now,
                scan,
                d -> d.put("risk_count", riskCount()),
                GlobalRisksAnswer::project,
                this::missing);
    }

    /** One entry per missing project: no ledger check, the one risk {@code project_missing}. */
    private void missing(ArrayNode projects) {
        for (ScanProjects.Missing m : scan.missing()) {
            ObjectNode project = projects.addObject().put("project_label", m.label());
            project.putNull("ledger_check");
            ObjectNode risk = project.putArray("risks").addObject();
            risk.put("goal_id", "");
            risk.put("kind", PROJECT_MISSING);
            risk.put("detail", GlobalScanParts.MISSING_DETAIL);
            risk.put("fix", GlobalScanParts.fix(m));
            risk.put("if_moved", GlobalScanParts.ifMoved());
        }
    }

    private static void project(ProjectRisks p, ObjectNode into) {
        ObjectNode check = into.putObject("ledger_check");
        check.put("method", "head_marker");
        check.put("head_seq", p.ledgerCheck().headSeq());
        check.put("head_marker", p.ledgerCheck().state().wire());
        check.put("full_verify", "skipped");
        ArrayNode risks = into.putArray("risks");
        for (GoalRisks.Risk r : p.risks()) {
            ObjectNode risk = risks.addObject()
                    .put("goal_id", r.goalId())
                    .put("kind", r.kind())
                    .put("detail", r.detail());
            if (r.kind().equals(ProjectDigests.LEDGER_DAMAGED)) {
                risk.put(
                        "first_bad_seq",
                        p.ledgerCheck().damage().map(d -> d.firstBadSeq()).orElse(0L));
                risk.put("fix", CommandLines.of(LedgerDamageDocument.REPAIR));
            }
            if (!r.fixes().isEmpty()) {
                risk.put("fix", CommandLines.of(r.fixes().get(0)));
            }
        }
    }

    /** The table, then only the unreadable projects (the missing ones are rows of the table already). */
    private void printRest(Table t, PrintWriter out) {
        GlobalScanParts.print(t, new ScanProjects.Scan<>(scan.readable(), List.of(), scan.unavailable()), out);
    }

    void text(PrintWriter out) {
        int n = riskCount();
        out.println(n == 0 ? "no risks found" : Words.count(n, "risk") + " found");
        Table t = new Table("  ", "PROJECT", "GOAL", "RISK", "DETAIL");
        for (ScanProjects.Read<ProjectRisks> p : scan.readable()) {
            for (GoalRisks.Risk r : p.facts().risks()) {
                t.row(
                        p.label(),
                        r.goalId(),
                        r.kind().replace('_', ' '),
                        r.detail()
                                + (r.kind().equals(ProjectDigests.LEDGER_DAMAGED)
                                        ? "; in that project run: " + CommandLines.of(LedgerDamageDocument.REPAIR)
                                        : "")
                                + (r.fixes().isEmpty()
                                        ? ""
                                        : "; in that project run: "
                                                + CommandLines.of(r.fixes().get(0))));
            }
        }
        for (ScanProjects.Missing m : scan.missing()) {
            t.row(
                    m.label(),
                    "",
                    PROJECT_MISSING.replace('_', ' '),
                    "folder moved or deleted; forget it with "
                            + GlobalScanParts.fix(m) + " (if it moved, also run " + GlobalScanParts.ifMoved()
                            + " in its new folder)");
        }
        printRest(t, out);
    }
}
