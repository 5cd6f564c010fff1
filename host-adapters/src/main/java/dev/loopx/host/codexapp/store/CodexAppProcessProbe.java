package dev.loopx.host.codexapp.store;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * Is the Codex App running? Writes to its stores are refused while it is: the App keeps its own
 * copy of automations and would overwrite or race a write. A process counts when the basename of
 * its executable is exactly {@code Codex} or {@code ChatGPT} (a {@code .exe} suffix ignored);
 * the lower-case {@code codex} CLI does not count. Processes whose command the OS hides from us
 * are not counted (we cannot see other users' processes on every platform; the App runs as the
 * same user). The process list is injectable for tests. Thread-safe.
 */
public final class CodexAppProcessProbe {
    /** Executable basenames of the Codex desktop App. */
    public static final Set<String> APP_NAMES = Set.of("Codex", "ChatGPT");

    /** One process as the probe sees it. */
    public record ProcessSample(long pid, Optional<String> command) {
        public ProcessSample {
            Objects.requireNonNull(command, "command");
        }
    }

    /** A running App process. */
    public record AppProcess(long pid, String name) {}

    private final Supplier<Stream<ProcessSample>> processes;

    public CodexAppProcessProbe(Supplier<Stream<ProcessSample>> processes) {
        this.processes = Objects.requireNonNull(processes, "processes");
    }

    /** The probe over this machine's processes ({@link ProcessHandle#allProcesses()}). */
    public static CodexAppProcessProbe system() {
        return new CodexAppProcessProbe(() -> ProcessHandle.allProcesses()
                .map(p -> new ProcessSample(p.pid(), p.info().command())));
    }

    public List<AppProcess> running() {
        try (Stream<ProcessSample> all = processes.get()) {
            return all.flatMap(p -> p.command().flatMap(CodexAppProcessProbe::appName)
                    .map(n -> Stream.of(new AppProcess(p.pid(), n))).orElseGet(Stream::empty)).toList();
        }
    }

    public boolean appRunning() {
        return !running().isEmpty();
    }

    static Optional<String> appName(String command) {
        String base = command;
        int slash = Math.max(base.lastIndexOf('/'), base.lastIndexOf('\\'));
        if (slash >= 0) {
            base = base.substring(slash + 1);
        }
        if (base.endsWith(".exe")) {
            base = base.substring(0, base.length() - 4);
        }
        return APP_NAMES.contains(base) ? Optional.of(base) : Optional.empty();
    }
}
