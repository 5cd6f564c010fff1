package dev.loopx.cli.ops;

import dev.loopx.application.ProcessView;
import dev.loopx.application.composition.Composition;
import dev.loopx.application.resident.ResidentAnswerer;
import dev.loopx.application.resident.ResidentRequest;
import dev.loopx.cli.support.CliContext;
import dev.loopx.cli.support.Environment;
import dev.loopx.ledger.remote.ServerSessions;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * What the resident answerer (ADR 0014) runs, the CLI's side of it: which handed-over command lines it
 * answers, and each one run with {@code Cli.run} as {@code Main} runs it in a process of its own, with
 * the asking process's arguments, environment, working directory and terminal flags.
 */
final class ResidentCommands implements ResidentAnswerer.Commands {
    /**
     * The commands it answers: the heartbeat reads and the acknowledged todo write that bin/loopx hands
     * over (the same list as the launcher's). Anything else is declined and runs in a JVM of its own.
     */
    static final Set<String> ANSWERED =
            Set.of("status", "quota should-run", "quota status", "todo list", "todo add", "heartbeat-prompt");

    /** The global options that take a value (so their value is not a command word). */
    private static final Set<String> VALUED_GLOBALS = Set.of("--runtime-root", "--format", "--now");

    private final CliContext.Runner runner;
    private final Environment own;

    ResidentCommands(CliContext.Runner runner, Environment own) {
        this.runner = runner;
        this.own = own;
    }

    @Override
    public Optional<String> declines(ResidentRequest request, Path root) {
        if (!ANSWERED.contains(command(request.args()))) {
            return Optional.of("not a command it answers");
        }
        if (request.args().contains("-")) {
            return Optional.of("reads its standard input");
        }
        Optional<Path> asked = runtimeRoot(request);
        if (asked.isEmpty() || !sameFile(asked.get(), root)) {
            return Optional.of("another runtime root");
        }
        return Optional.empty();
    }

    @Override
    public ResidentAnswerer.Commands.Result run(ResidentRequest request) {
        ServerSessions servers = Composition.serverSessions();
        String home = request.environment().getOrDefault("HOME", own.userHome().toString());
        ProcessHandle asker = ProcessHandle.of(request.pid()).orElse(ProcessHandle.current());
        Environment environment = new Environment(
                request.environment(),
                request.workingDirectory(),
                Path.of(home),
                request.stdoutTerminal(),
                request.stdoutTerminal() && request.stderrTerminal(),
                Clock.systemUTC(),
                request.environment().containsKey(ProcessView.SCOPE_VARIABLE)
                        ? ProcessView.of(request.environment(), asker)
                        : own.processes(),
                servers);
        try {
            return run(environment, request.args());
        } finally {
            servers.close();
        }
    }

    /** Runs {@code args} in this process with {@code environment}, capturing what it prints. */
    ResidentAnswerer.Commands.Result run(Environment environment, List<String> args) {
        ByteArrayOutputStream stdout = new ByteArrayOutputStream();
        ByteArrayOutputStream stderr = new ByteArrayOutputStream();
        PrintWriter out = new PrintWriter(new OutputStreamWriter(stdout, StandardCharsets.UTF_8), true);
        PrintWriter err = new PrintWriter(new OutputStreamWriter(stderr, StandardCharsets.UTF_8), true);
        int exit;
        try {
            exit = runner.run(args.toArray(String[]::new), out, err, environment);
        } catch (RuntimeException e) {
            // a defect the CLI did not turn into an answer: an environment failure, never a rerun (it may have written)
            err.println("loopx: the resident answerer failed on this command ("
                    + e.getClass().getSimpleName() + "); " + ResidentAnswerer.SWITCH
                    + "=off runs every command without it");
            exit = 3;
        }
        out.flush();
        err.flush();
        return new ResidentAnswerer.Commands.Result(exit, stdout.toByteArray(), stderr.toByteArray());
    }

    /** The command's words ("quota should-run", "status"), global options and their values skipped. */
    static String command(List<String> args) {
        List<String> words = new ArrayList<>(2);
        for (int i = 0; i < args.size() && words.size() < 2; i++) {
            String a = args.get(i);
            if (a.startsWith("-")) {
                if (words.isEmpty() && VALUED_GLOBALS.contains(a)) {
                    i++; // its value
                }
                if (!words.isEmpty()) {
                    break; // options of the command: no second word
                }
                continue;
            }
            words.add(a);
        }
        if (words.size() == 2 && !ANSWERED.contains(String.join(" ", words))) {
            return words.get(0);
        }
        return String.join(" ", words);
    }

    /**
     * The runtime root the command will use, as the CLI finds it (SPEC §S0): {@code --runtime-root}
     * (either spelling; the last one), else the nearest {@code .loopx/} upward holding a {@code
     * ledger/}, else {@code $LOOPX_HOME}, else {@code ~/.loopx}. Empty when a value is unusable.
     */
    static Optional<Path> runtimeRoot(ResidentRequest request) {
        List<String> args = request.args();
        Path cwd = request.workingDirectory();
        String explicit = null;
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (a.equals("--runtime-root") && i + 1 < args.size()) {
                explicit = args.get(++i);
            } else if (a.startsWith("--runtime-root=")) {
                explicit = a.substring("--runtime-root=".length());
            }
        }
        try {
            if (explicit != null) {
                return Optional.of(cwd.resolve(explicit).normalize());
            }
            for (Path dir = cwd; dir != null; dir = dir.getParent()) {
                Path candidate = dir.resolve(".loopx");
                if (Files.isDirectory(candidate.resolve("ledger"))) {
                    return Optional.of(candidate);
                }
            }
            String home = request.environment().get("LOOPX_HOME");
            if (home != null && !home.isBlank()) {
                return Optional.of(cwd.resolve(home).normalize());
            }
            String user = request.environment().get("HOME");
            return user == null || user.isBlank() ? Optional.empty() : Optional.of(Path.of(user, ".loopx"));
        } catch (InvalidPathException e) {
            return Optional.empty();
        }
    }

    private static boolean sameFile(Path a, Path b) {
        try {
            return Files.isSameFile(a, b);
        } catch (IOException e) {
            return false;
        }
    }
}
