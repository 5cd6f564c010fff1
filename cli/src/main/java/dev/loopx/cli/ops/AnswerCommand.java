package dev.loopx.cli.ops;

import dev.loopx.application.resident.ResidentAnswerer;
import dev.loopx.cli.render.DebugAnswerAnswer;
import dev.loopx.cli.support.CliContext;
import dev.loopx.cli.support.Environment;
import dev.loopx.cli.support.LoopxSubcommand;
import java.nio.file.Path;
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
        Optional<ResidentAnswerer.Ended> unservable = ResidentAnswerer.unservable(address.get());
        if (unservable.isPresent()) {
            return context.emit(new DebugAnswerAnswer(unservable.get())); // before any warm-up
        }
        Path distribution = Path.of(dist.get());
        Environment own = context.environment();
        ResidentCommands commands = new ResidentCommands(context.runner(), own);
        for (List<String> warm : WARM_UP) {
            List<String> args = new ArrayList<>(List.of("--runtime-root", root.toString()));
            args.addAll(warm);
            commands.run(own, args);
        }
        ResidentAnswerer.Ended ended = ResidentAnswerer.serve(
                address.get(),
                distribution,
                ResidentAnswerer.Stamp.of(distribution),
                ResidentAnswerer.idle(own.variables()),
                commands);
        return context.emit(new DebugAnswerAnswer(ended));
    }
}
