package dev.loopx.cli.ops;

import dev.loopx.application.ProcessView;
import dev.loopx.application.composition.Composition;
import dev.loopx.application.resident.ResidentAnswerer;
import dev.loopx.application.resident.ResidentRequest;
import dev.loopx.cli.render.DebugAnswerAnswer;
import dev.loopx.cli.support.CliContext;
import dev.loopx.cli.support.Environment;
import dev.loopx.cli.support.LoopxSubcommand;
import dev.loopx.ledger.remote.ServerSessions;
import java.io.ByteArrayOutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Command;

/**
 * Runs as the resident answerer of the runtime root (ADR 0014): started in the background by a
 * heartbeat read or {@code todo add} that found none, it answers the later ones the launcher hands
 * it until it idles out ({@code LOOPX_ANSWERER_IDLE_SECONDS}, default 1800), its runtime root or
 * distribution goes, or a signal ends it. Prints what ended it (its starter discards that); ok=false
 * (exit 1) when it never served: another answerer has the address, no socket, or no journal here.
 */
@Command(name = "answer", description = "Answer this runtime root's heartbeat reads and todo add from a warm JVM.")
public final class AnswerCommand extends LoopxSubcommand {
    /** Read-only commands run once at start, so the first real answer finds the code warm. */
    private static final List<List<String>> WARM_UP =
            List.of(List.of("status", "--format", "json"), List.of("todo", "list"));

    @Override
    protected int execute(CliContext context) {
        Path root = context.runtimeRoot();
        Optional<String> dist = Optional.ofNullable(System.getProperty("loopx.dist"));
        Optional<ResidentAnswerer.Address> address = ResidentAnswerer.Address.of(root);
        if (dist.isEmpty() || address.isEmpty()) {
            return context.emit(new DebugAnswerAnswer(ResidentAnswerer.Ended.NO_SOCKET));
        }
        Path distribution = Path.of(dist.get());
        CliContext.Runner runner = context.runner();
        Environment own = context.environment();
        ResidentAnswerer.Commands commands = request -> run(runner, own, request);
        for (List<String> warm : WARM_UP) {
            List<String> args = new ArrayList<>(List.of("--runtime-root", root.toString()));
            args.addAll(warm);
            run(runner, own, args);
        }
        ResidentAnswerer.Ended ended = ResidentAnswerer.serve(
                address.get(),
                distribution,
                ResidentAnswerer.Stamp.of(distribution),
                ResidentAnswerer.idle(own.variables()),
                commands);
        return context.emit(new DebugAnswerAnswer(ended));
    }

    /** One handed-over command, run as {@code Main} runs it in a process of its own, with the asker's world. */
    private static ResidentAnswerer.Commands.Result run(
            CliContext.Runner runner, Environment own, ResidentRequest request) {
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
            return run(runner, environment, request.args());
        } finally {
            servers.close();
        }
    }

    private static ResidentAnswerer.Commands.Result run(
            CliContext.Runner runner, Environment environment, List<String> args) {
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
}
