package dev.loopx.application;

import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Which of the machine's running processes a use case may look at (today only to ask whether the
 * Codex App runs: {@code automation-prompts apply}, {@code recover}, {@code sync-installed}). The
 * adapter that receives a call chooses it, as it chooses every other fact about the outside: a
 * real {@code loopx} sees {@link Machine the whole machine}; a test sees {@link DescendantsOf only
 * the processes it started itself}, so a Codex App the developer happens to run cannot change a
 * test's answer, while a stand-in App the test starts still counts.
 *
 * <p>A test that starts {@code loopx} as a child process runs the production entry point, which
 * reads {@link #SCOPE_VARIABLE} ({@code LOOPX_PROCESS_SCOPE=<pid>}) through {@link #of}: the view
 * is then the descendants of that process, honoured only when it is an ancestor of the process
 * reading it (the test JVM that started it), so a stray or stale value can never narrow what a
 * person's {@code loopx} sees. A child a scoped call starts in turn (the new runtime's prompt
 * reconciliation during {@code update apply}) gets the same view through {@link #childVariables}.
 * Immutable; {@link #processes} is a fresh snapshot each time.
 */
public sealed interface ProcessView {
    /** The environment variable that scopes a {@code loopx} process's view to a test's own processes. */
    String SCOPE_VARIABLE = "LOOPX_PROCESS_SCOPE";

    /** The processes in view now (a snapshot; the caller closes the stream). */
    Stream<ProcessHandle> processes();

    /** The variables a child process needs to see the same processes ({@link #SCOPE_VARIABLE} or none). */
    Map<String, String> childVariables();

    /** Every process of the machine the OS shows this user ({@link ProcessHandle#allProcesses()}). */
    record Machine() implements ProcessView {
        @Override
        public Stream<ProcessHandle> processes() {
            return ProcessHandle.allProcesses();
        }

        @Override
        public Map<String, String> childVariables() {
            return Map.of();
        }
    }

    /** The living descendants of process {@code pid} (not the process itself); none once it has ended. */
    record DescendantsOf(long pid) implements ProcessView {
        @Override
        public Stream<ProcessHandle> processes() {
            return ProcessHandle.of(pid).map(ProcessHandle::descendants).orElseGet(Stream::empty);
        }

        @Override
        public Map<String, String> childVariables() {
            return Map.of(SCOPE_VARIABLE, Long.toString(pid));
        }
    }

    /** The whole machine: what production uses. */
    static ProcessView machine() {
        return new Machine();
    }

    /** What a test running the CLI in its own JVM sees: the processes this JVM started (and theirs). */
    static ProcessView ownChildren() {
        return new DescendantsOf(ProcessHandle.current().pid());
    }

    /**
     * The view a {@code loopx} process takes from its environment: {@link DescendantsOf} the process
     * {@link #SCOPE_VARIABLE} names when that process is an ancestor of {@code self}; otherwise (unset,
     * not a number, not an ancestor) {@link Machine}.
     */
    static ProcessView of(Map<String, String> variables, ProcessHandle self) {
        String value = variables.get(SCOPE_VARIABLE);
        if (value == null || value.isBlank()) {
            return machine();
        }
        long pid;
        try {
            pid = Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            return machine();
        }
        for (Optional<ProcessHandle> p = self.parent();
                p.isPresent();
                p = p.get().parent()) {
            if (p.get().pid() == pid) {
                return new DescendantsOf(pid);
            }
        }
        return machine();
    }
}
