package dev.loopx.cli.render;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.application.project.ConnectPlan;
import dev.loopx.application.project.ConnectProject;
import dev.loopx.commands.privacy.PathRedactor;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * {@code loopx connect}'s answer, {@code loopx_connect_v0}: the plan ({@code --dry-run}: each action
 * {@code would_do} or {@code already_done}) or what it did ({@code done} or {@code already_done},
 * with the goal registration's receipt), and the next step.
 *
 * <p>Its text: which project is connected to which goal (or would be), each step's status, where it
 * was recorded and what to run next (its local path redacted before it is made pasteable, so it
 * reads {@code 'LOCAL-PATH-REDACTED'}).
 *
 * @param outcome what {@link ConnectProject} planned or did
 * @param project the {@code --project} argument as given (the next step repeats it)
 * @param dryRun  whether nothing was to be written ({@code --dry-run})
 */
public record ConnectAnswer(ConnectProject.Outcome outcome, String project, boolean dryRun) implements RenderedAnswer {
    public ConnectAnswer {
        Objects.requireNonNull(outcome, "outcome");
        Objects.requireNonNull(project, "project");
    }

    /** The status of one action: {@code would_do}, {@code done} or {@code already_done}. */
    private String status(ConnectPlan.Action action) {
        return switch (outcome) {
            case ConnectProject.Outcome.Planned p -> p.plan().needs(action) ? "would_do" : "already_done";
            case ConnectProject.Outcome.Connected c -> c.did(action) ? "done" : "already_done";
        };
    }

    private String nextStep() {
        return switch (outcome) {
            case ConnectProject.Outcome.Planned p ->
                "loopx connect --project " + project + " --goal-id " + p.plan().goalId();
            case ConnectProject.Outcome.Connected c -> "loopx doctor";
        };
    }

    @Override
    public ObjectNode json() {
        ConnectPlan plan = outcome.plan();
        ObjectNode doc = Documents.answer("loopx_connect_v0", true);
        doc.put("goal_id", plan.goalId());
        doc.put("project_label", plan.projectLabel());
        doc.put("runtime_root_label", plan.runtimeRootLabel());
        doc.put("dry_run", dryRun);
        if (plan.serverLedger().isPresent()) {
            doc.put("ledger_backend", plan.serverLedger().get().scheme());
            doc.put("ledger_name", plan.serverLedger().get().ledger());
        }
        ArrayNode actions = doc.putArray("actions");
        for (ConnectPlan.Action action : ConnectPlan.Action.values()) {
            actions.addObject().put("action", action.wire()).put("status", status(action));
        }
        switch (outcome) {
            case ConnectProject.Outcome.Planned p -> doc.put("writes_now", false);
            case ConnectProject.Outcome.Connected c -> {
                doc.put("changed", !c.done().isEmpty());
                doc.set("receipt", Receipts.appended(c.receipt()));
            }
        }
        doc.put("next_step", nextStep());
        return doc;
    }

    void text(PrintWriter out) {
        ConnectPlan plan = outcome.plan();
        out.println((dryRun ? "preview: would connect " : "connected ")
                + plan.projectLabel() + " → goal "
                + plan.goalId() + " (runtime root "
                + plan.runtimeRootLabel()
                + ", git-ignored)");
        List<String> steps = new ArrayList<>();
        for (ConnectPlan.Action action : ConnectPlan.Action.values()) {
            steps.add(action.wire().replace('_', ' ') + ": " + status(action));
        }
        new Lines(out)
                .add("steps", String.join(" · ", steps))
                .add("recorded", recorded())
                .add("next", Words.pasteable(PathRedactor.redact(nextStep())))
                .print();
    }

    private String recorded() {
        return outcome instanceof ConnectProject.Outcome.Connected c ? Receipts.line(c.receipt()) : "";
    }
}
