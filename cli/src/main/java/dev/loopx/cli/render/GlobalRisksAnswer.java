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
 * {@code skipped}) and its risks; {@code risk_count} over all projects.
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

    private int riskCount() {
        return GlobalScanParts.sum(scan, p -> p.risks().size());
    }

    @Override
    public ObjectNode json() {
        return GlobalScanParts.json(
                "loopx_global_risks_v0",
                now,
                scan,
                doc -> doc.put("risk_count", riskCount()),
                GlobalRisksAnswer::project);
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
        GlobalScanParts.print(t, scan, out);
    }
}
