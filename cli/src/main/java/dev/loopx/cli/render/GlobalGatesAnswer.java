package dev.loopx.cli.render;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.application.project.ProjectDigests.GoalGate;
import dev.loopx.application.project.ScanProjects;
import dev.loopx.projections.query.GateScope;
import dev.loopx.projections.todo.TodoView;
import java.io.PrintWriter;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * {@code loopx global-gates}'s answer, {@code loopx_global_gates_v0}: every open user gate of every
 * readable project ({@link GlobalScanParts}), each a gate brief with its goal; {@code gate_count} over
 * all projects.
 *
 * <p>Its text says how many gates wait for the owner's decision, then one table row per gate: whom
 * it blocks and its question.
 */
public record GlobalGatesAnswer(Instant now, ScanProjects.Scan<List<GoalGate>> scan) implements RenderedAnswer {
    public GlobalGatesAnswer {
        Objects.requireNonNull(now, "now");
        Objects.requireNonNull(scan, "scan");
    }

    @Override
    public boolean ok() {
        return GlobalScanParts.ok(scan);
    }

    private int gateCount() {
        return GlobalScanParts.sum(scan, List::size);
    }

    @Override
    public ObjectNode json() {
        return GlobalScanParts.json(
                "loopx_global_gates_v0",
                now,
                scan,
                doc -> doc.put("gate_count", gateCount()),
                GlobalGatesAnswer::gates);
    }

    private static void gates(List<GoalGate> goalGates, ObjectNode into) {
        ArrayNode gates = into.putArray("gates");
        goalGates.forEach(g -> gates.add(TodoParts.gate(g.gate()).put("goal_id", g.goalId())));
    }

    void text(PrintWriter out) {
        int n = gateCount();
        out.println(
                n == 0
                        ? "no open gates: nothing waits for your decision"
                        : Words.count(n, "open gate") + " waiting for your decision");
        Table t = new Table("  ", "PROJECT", "GOAL", "GATE", "BLOCKS", "QUESTION");
        for (ScanProjects.Read<List<GoalGate>> p : scan.readable()) {
            for (GoalGate g : p.facts()) {
                t.row(
                        p.label(),
                        g.goalId(),
                        g.gate().todoId(),
                        blocks(g.gate()),
                        g.gate().text());
            }
        }
        GlobalScanParts.print(t, scan, out);
    }

    /** {@code everyone}, the one agent a gate blocks, or its scope ({@code unscoped}). */
    private static String blocks(TodoView gate) {
        GateScope scope = GateScope.of(gate);
        return switch (scope) {
            case GLOBAL -> "everyone";
            case AGENT -> gate.blocksAgent();
            case UNSCOPED -> scope.wire();
        };
    }
}
