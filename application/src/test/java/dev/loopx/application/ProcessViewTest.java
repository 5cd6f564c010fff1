package dev.loopx.application;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The process view a {@code loopx} process takes from {@code LOOPX_PROCESS_SCOPE}: scoped to a test
 * JVM's descendants only when the named process is an ancestor; the whole machine otherwise.
 */
class ProcessViewTest {
    private static final long SELF = ProcessHandle.current().pid();

    @Test
    void withoutTheVariable_orWithAnUnusableValue_theViewIsTheWholeMachine() {
        ProcessHandle self = ProcessHandle.current();
        assertEquals(ProcessView.machine(), ProcessView.of(Map.of(), self));
        assertEquals(ProcessView.machine(), ProcessView.of(Map.of(ProcessView.SCOPE_VARIABLE, " "), self));
        assertEquals(ProcessView.machine(), ProcessView.of(Map.of(ProcessView.SCOPE_VARIABLE, "not-a-pid"), self));
    }

    @Test
    void aScopeNamingAnAncestor_isHonoured_andOneNamingAnyOtherProcess_isIgnored() throws Exception {
        Process child = new ProcessBuilder("sleep", "30").start();
        try {
            Map<String, String> ours = Map.of(ProcessView.SCOPE_VARIABLE, Long.toString(SELF));
            assertEquals(new ProcessView.DescendantsOf(SELF), ProcessView.of(ours, child.toHandle()));
            assertEquals(
                    ProcessView.machine(),
                    ProcessView.of(ours, ProcessHandle.current()),
                    "a process is not its own ancestor");
            Map<String, String> childs = Map.of(ProcessView.SCOPE_VARIABLE, Long.toString(child.pid()));
            assertEquals(
                    ProcessView.machine(),
                    ProcessView.of(childs, ProcessHandle.current()),
                    "a scope naming a process that did not start this one narrows nothing");
        } finally {
            child.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void theScopedViewHoldsThisJvmsChildren_andPassesItselfOnToAChild() throws Exception {
        Process child = new ProcessBuilder("sleep", "30").start();
        try {
            ProcessView own = ProcessView.ownChildren();
            try (Stream<ProcessHandle> seen = own.processes()) {
                assertTrue(seen.anyMatch(p -> p.pid() == child.pid()));
            }
            try (Stream<ProcessHandle> seen = own.processes()) {
                assertFalse(seen.anyMatch(p -> p.pid() == SELF), "not the JVM itself");
            }
            try (Stream<ProcessHandle> seen = ProcessView.machine().processes()) {
                assertTrue(seen.anyMatch(p -> p.pid() == child.pid()));
            }
            assertEquals(Map.of(ProcessView.SCOPE_VARIABLE, Long.toString(SELF)), own.childVariables());
            assertEquals(Map.of(), ProcessView.machine().childVariables());
        } finally {
            child.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }
}
