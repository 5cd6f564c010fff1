package dev.loopx.cli.support;

import dev.loopx.cli.render.RenderedAnswer;
import java.io.PrintWriter;
import java.util.function.Consumer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;

/** The root command and the global options of SPEC §S0, inherited by every subcommand. */
@Command(
        name = "loopx",
        mixinStandardHelpOptions = true,
        versionProvider = VersionInfo.class,
        usageHelpAutoWidth = true,
        description = {
            "LoopX keeps long-running coding agents working on a goal across sessions.",
            "The agent host runs the turns; LoopX owns the durable truth (objective, todos, gates,",
            "quota, scheduler state) in an append-only ledger under the runtime root.",
            "",
            "Output: text for a person on a terminal (add --verbose for every detail); one JSON document on",
            "stdout when stdout is not a terminal (or with --format json), diagnostics on stderr."
        },
        footer = {
            "",
            "Examples:",
            "  loopx demo                    a guided tour in a temporary project",
            "  loopx install                 put loopx on your PATH",
            "  ./loopx install               the same from a source checkout",
            "  loopx connect --project .     connect the project in this folder",
            "  loopx status                  the first screen of every goal here",
            "  loopx todo --help             every command has a help page like this one"
        })
public final class LoopxCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Option(
            names = "--runtime-root",
            paramLabel = "PATH",
            scope = ScopeType.INHERIT,
            description = "Runtime root to use. Default: the nearest .loopx/ upward from the current "
                    + "directory, else $LOOPX_HOME, else ~/.loopx.")
    String runtimeRoot;

    @Option(
            names = "--format",
            paramLabel = "json|text",
            scope = ScopeType.INHERIT,
            description = "Output format. Default: text on a terminal, json otherwise.")
    String format;

    @Option(
            names = "--verbose",
            scope = ScopeType.INHERIT,
            description = "Text output: add every detail of the answer under the short view.")
    boolean verbose;

    @Option(
            names = "--now",
            paramLabel = "RFC3339",
            hidden = true,
            scope = ScopeType.INHERIT,
            description = "Fix the clock (tests and replay).")
    String now;

    private final CliContext context;

    public LoopxCommand(PrintWriter out, PrintWriter err, Environment environment, CliContext.Runner runner) {
        this(out, err, environment, runner, answer -> {});
    }

    /** The root whose commands also hand each answer they render to {@code answers} ({@code demo}'s steps). */
    public LoopxCommand(
            PrintWriter out,
            PrintWriter err,
            Environment environment,
            CliContext.Runner runner,
            Consumer<RenderedAnswer> answers) {
        this.context = new CliContext(this, out, err, environment, runner, answers);
    }

    public CliContext context() {
        return context;
    }

    @Override
    public void run() {
        spec.commandLine().usage(context.out());
    }
}
