package dev.loopx.host.codexapp.store;

import java.util.List;
import java.util.Locale;
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
 * same user). Which processes it looks at is the caller's choice ({@link #over}): a real
 * {@code loopx} looks at the whole machine ({@link #system()}); a test looks only at processes it
 * started itself, so a Codex App running on the developer's machine cannot change its result.
 * Thread-safe.
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

    /**
     * Operating systems whose Codex App stores this adapter is qualified for (the SQLite + TOML
     * layout and the process names above were checked there): macOS and Linux. Elsewhere every
     * offline write is deferred to the App ({@code store_unqualified_platform}).
     */
    public static final Set<String> QUALIFIED_OS = Set.of("mac", "linux");

    private final Supplier<Stream<ProcessSample>> processes;
    private final String osName;

    /** A probe on this machine's operating system. */
    public CodexAppProcessProbe(Supplier<Stream<ProcessSample>> processes) {
        this(processes, System.getProperty("os.name", ""));
    }

    /** @param osName the {@code os.name} the probe judges qualification by */
    public CodexAppProcessProbe(Supplier<Stream<ProcessSample>> processes, String osName) {
        this.processes = Objects.requireNonNull(processes, "processes");
        this.osName = Objects.requireNonNull(osName, "osName");
    }

    /** The probe over this machine's processes ({@link ProcessHandle#allProcesses()}). */
    public static CodexAppProcessProbe system() {
        return over(ProcessHandle::allProcesses);
    }

    /** The probe over the real processes {@code processes} supplies (a fresh stream per look). */
    public static CodexAppProcessProbe over(Supplier<Stream<ProcessHandle>> processes) {
        Objects.requireNonNull(processes, "processes");
        return new CodexAppProcessProbe(() ->
                processes.get().map(p -> new ProcessSample(p.pid(), p.info().command())));
    }

    /** Whether offline writes are qualified on this operating system. */
    public boolean qualifiedPlatform() {
        String os = osName.toLowerCase(Locale.ROOT);
        return QUALIFIED_OS.stream().anyMatch(os::startsWith);
    }

    /**
     * Why an offline write must be deferred to the App now, if it must: {@code store_unqualified_platform}
     * (checked first: no process list can make such a platform safe) or {@code app_running}.
     */
    public Optional<String> deferralReason() {
        if (!qualifiedPlatform()) {
            return Optional.of("store_unqualified_platform");
        }
        return appRunning() ? Optional.of("app_running") : Optional.empty();
    }

    public List<AppProcess> running() {
        try (Stream<ProcessSample> all = processes.get()) {
            return all.flatMap(p -> p.command()
                            .flatMap(CodexAppProcessProbe::appName)
                            .map(n -> Stream.of(new AppProcess(p.pid(), n)))
                            .orElseGet(Stream::empty))
                    .toList();
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
