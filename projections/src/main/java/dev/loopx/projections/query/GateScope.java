package dev.loopx.projections.query;

import dev.loopx.projections.todo.TodoView;

/**
 * Whom an open user gate blocks ({@code scope} of a gate brief): every lane ({@code global}), the
 * one agent it names ({@code agent}), or — unscoped — every lane of a goal with fewer than two
 * agents ({@link TodoRules#gateBlocks}).
 */
public enum GateScope {
    GLOBAL("global"),
    AGENT("agent"),
    UNSCOPED("unscoped");

    private final String wire;

    GateScope(String wire) {
        this.wire = wire;
    }

    public static GateScope of(TodoView gate) {
        return gate.globalGate() ? GLOBAL : gate.blocksAgent().isEmpty() ? UNSCOPED : AGENT;
    }

    /** The spelling in JSON. */
    public String wire() {
        return wire;
    }
}
