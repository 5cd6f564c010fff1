package dev.loopx.application;

import dev.loopx.application.composition.Composition;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;

/** The invocation of a test: at {@code now}, on {@code root}, in the sandbox folder {@code dir}, no environment. */
public final class Invocations {
    private Invocations() {}

    /**
     * @param home the LoopX home the call sees
     * @param dir  the working directory and the user's home (the test's sandbox)
     */
    public static Invocation sandboxed(Instant now, Path root, Path home, Path dir) {
        return new Invocation(
                now, root, home, dir, dir, Map.of(), Invocation.Progress.NONE, Composition.serverSessions());
    }
}
