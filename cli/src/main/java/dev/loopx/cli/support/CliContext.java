package dev.loopx.cli.support;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.application.InvalidRequest;
import dev.loopx.application.Invocation;
import dev.loopx.application.host.HostEnvironment;
import dev.loopx.cli.render.CommandLines;
import dev.loopx.cli.render.Documents;
import dev.loopx.cli.render.RenderedAnswer;
import dev.loopx.cli.render.TextView;
import dev.loopx.commands.privacy.PathRedactor;
import dev.loopx.host.codexapp.migration.PrivateFiles;
import dev.loopx.ledger.LedgerException;
import dev.loopx.ledger.json.Json;
import dev.loopx.projections.next.Remedy;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Per-invocation services for commands: resolved global options, the clock read once, the
 * runtime root, and rendering of documents and errors (paths redacted, one JSON document on
 * stdout in JSON mode).
 */
public final class CliContext {
    private final LoopxCommand root;
    private final PrintWriter out;
    private final PrintWriter err;
    private final Environment environment;
    private final Runner runner;
    private final Consumer<RenderedAnswer> answers;
    private Instant now;

    /**
     * Runs a whole {@code loopx} command line in this process (used by {@code demo}), handing each
     * answer the command renders to {@code answers} as well.
     */
    @FunctionalInterface
    public interface Runner {
        int run(
                String[] args,
                PrintWriter out,
                PrintWriter err,
                Environment environment,
                Consumer<RenderedAnswer> answers);

        /** A command line whose answers nobody but its writers takes. */
        default int run(String[] args, PrintWriter out, PrintWriter err, Environment environment) {
            return run(args, out, err, environment, answer -> {});
        }
    }

    CliContext(
            LoopxCommand root,
            PrintWriter out,
            PrintWriter err,
            Environment environment,
            Runner runner,
            Consumer<RenderedAnswer> answers) {
        this.root = root;
        this.answers = answers;
        this.runner = runner;
        this.out = out;
        this.err = err;
        this.environment = environment;
    }

    /**
     * A context for one more call in this process (an MCP tool call): the same runtime root,
     * environment and stderr, one JSON document to {@code out}, the clock read anew.
     */
    public CliContext forCall(PrintWriter out) {
        LoopxCommand call = new LoopxCommand(out, err, environment, runner, answers);
        call.runtimeRoot = root.runtimeRoot;
        call.format = "json";
        return call.context();
    }

    /**
     * A context for one read in this process (a dashboard read): the same environment, JSON
     * output, the clock read anew, the runtime root given ({@code null}: resolved as without
     * {@code --runtime-root}); what it would print or warn is dropped, as the answer is taken
     * from the use case itself.
     */
    public CliContext forRead(Path runtimeRoot) {
        PrintWriter dropped = new PrintWriter(Writer.nullWriter());
        LoopxCommand read = new LoopxCommand(dropped, dropped, environment, runner, answer -> {});
        read.runtimeRoot = runtimeRoot == null ? null : runtimeRoot.toString();
        read.format = "json";
        return read.context();
    }

    /** The arguments of a command line parsed without picocli ({@link QuickPath}); null when not so parsed. */
    private List<String> quickArguments;

    void quickArguments(List<String> arguments) {
        this.quickArguments = List.copyOf(arguments);
    }

    /** See {@link #quickArguments(List)}. */
    Optional<List<String>> quickArguments() {
        return Optional.ofNullable(quickArguments);
    }

    public PrintWriter out() {
        return out;
    }

    public PrintWriter err() {
        return err;
    }

    public Runner runner() {
        return runner;
    }

    public Environment environment() {
        return environment;
    }

    public boolean json() {
        String format = root.format;
        if (format == null) {
            return !environment.interactive();
        }
        return switch (format) {
            case "json" -> true;
            case "text" -> false;
            default -> throw CliError.badInput(ErrorCode.INVALID_FORMAT, "--format must be json or text");
        };
    }

    /**
     * Checks the global options a command reads only later ({@code --format} when it answers,
     * {@code --now} when it needs the time), so a bad one is exit 2 before anything is written.
     */
    public void requireGlobalOptions() {
        json();
        if (root.now != null) {
            now();
        }
    }

    /** The clock, read once per invocation (or {@code --now}). */
    public Instant now() {
        if (now == null) {
            if (root.now != null) {
                now = NumberOptions.time("--now", root.now);
            } else {
                now = environment.clock().instant();
            }
        }
        return now;
    }

    /** SPEC §S0: --runtime-root, else the nearest .loopx/ upward, else $LOOPX_HOME, else ~/.loopx. */
    public Path runtimeRoot() {
        if (root.runtimeRoot != null) {
            return explicitRuntimeRoot().orElseThrow();
        }
        for (Path dir = environment.workingDirectory(); dir != null; dir = dir.getParent()) {
            Path candidate = dir.resolve(".loopx");
            if (Files.isDirectory(candidate.resolve("ledger"))) {
                return candidate;
            }
        }
        return loopxHome();
    }

    /** The runtime root given with --runtime-root, if any. */
    public Optional<Path> explicitRuntimeRoot() {
        if (root.runtimeRoot == null) {
            return Optional.empty();
        }
        try {
            if (root.runtimeRoot.isBlank() || root.runtimeRoot.indexOf('\0') >= 0) {
                throw new InvalidPathException(root.runtimeRoot, "empty or NUL");
            }
            return Optional.of(
                    environment.workingDirectory().resolve(root.runtimeRoot).normalize());
        } catch (InvalidPathException e) {
            throw CliError.badInput(ErrorCode.INVALID_VALUE, "--runtime-root is not a usable path");
        }
    }

    /** Where per-user LoopX files live ({@code projects.json}): $LOOPX_HOME, else ~/.loopx. */
    public Path loopxHome() {
        String home = environment.variable("LOOPX_HOME");
        if (home != null && !home.isBlank()) {
            return environment.workingDirectory().resolve(home).normalize();
        }
        return environment.userHome().resolve(".loopx");
    }

    /** What a use case may know about this call, for the runtime root the options name. */
    public Invocation invocation() {
        return invocation(runtimeRoot());
    }

    /** The same for another runtime root (e.g. the one {@code connect} creates). */
    public Invocation invocation(Path runtimeRoot) {
        return new Invocation(
                now(),
                runtimeRoot,
                loopxHome(),
                environment.workingDirectory(),
                environment.userHome(),
                environment.variables(),
                environment.processes(),
                this::progress,
                this::warn,
                environment.servers());
    }

    /** A warning for the person: stderr, always (stdout stays one JSON document). */
    public void warn(String message) {
        err.println("loopx: warning: " + PathRedactor.redact(message));
        err.flush();
    }

    /**
     * What a host use case may know about this call (environment variables, working directory, the
     * user's home): neither the clock nor the runtime root is resolved for it.
     */
    public HostEnvironment hostEnvironment() {
        return new HostEnvironment(environment.variables(), environment.workingDirectory(), environment.userHome());
    }

    /** Whether {@code --verbose} asks text views for every detail. */
    public boolean verbose() {
        return root.verbose;
    }

    /** Whether progress lines are drawn: text mode on a terminal, stderr a terminal too. */
    public boolean showsProgress() {
        boolean text;
        try {
            text = !json();
        } catch (CliError badFormat) {
            text = false;
        }
        return text && environment.interactive() && environment.stderrTerminal();
    }

    /**
     * Progress for long work: one line on stderr, redrawn in place (carriage return, then erase to
     * the end of the line, so a shorter line leaves nothing of the longer one); an empty line
     * erases it. Nothing at all in JSON mode or when stdout or stderr is not a terminal.
     */
    public void progress(String line) {
        if (showsProgress()) {
            err.print(ERASE_LINE + line);
            err.flush();
            progressShown = !line.isEmpty();
        }
    }

    /** Carriage return and ANSI "erase to end of line". */
    public static final String ERASE_LINE = "\r\u001b[K";

    private boolean progressShown;

    /** Values the failing command was given ({@code --goal-id} → g), to fill into its hint in text mode. */
    private Map<String, String> known = Map.of();

    private List<String> knownGoals = List.of();

    private List<String> knownProjects = List.of();

    /** The projects the LoopX home knows, named in text mode when no runtime root was found here. */
    public void knownProjects(List<String> projects) {
        this.knownProjects = List.copyOf(projects);
    }

    /** The goals of the runtime root, named in text mode when a goal id was not found. */
    public void knownGoals(List<String> goals) {
        this.knownGoals = List.copyOf(goals);
    }

    /** Records the values a command was given, for {@link Hints#runnable}. */
    public void knownValues(Map<String, String> values) {
        this.known = Map.copyOf(values);
    }

    /** Erases a progress line still on the terminal, so the answer starts on a clean line. */
    private void endProgress() {
        if (progressShown) {
            err.print(ERASE_LINE);
            err.flush();
            progressShown = false;
        }
    }

    public static ObjectNode document(String schemaVersion, boolean ok) {
        return Documents.answer(schemaVersion, ok);
    }

    /**
     * Renders a command's answer: one JSON document on stdout in JSON mode, else its text view
     * (with {@code --verbose} every detail under it); paths redacted either way. Exit 0 when the
     * answer is {@code ok}, 1 (a refusal) otherwise.
     */
    public int emit(RenderedAnswer answer) {
        answers.accept(answer);
        endProgress();
        if (json()) {
            JsonNode document = TextView.json(answer);
            assert document.path("ok").asBoolean(false) == answer.ok()
                    : answer.getClass() + ": ok() is not the document's ok";
            try {
                out.println(Json.text(document));
            } catch (JsonProcessingException e) {
                throw new IllegalStateException("a CLI document did not serialise", e);
            }
        } else {
            TextView.show(answer, out, verbose());
        }
        out.flush();
        return ExitCodes.forDocument(answer.ok());
    }

    /**
     * The {@code loopx_error_v0} document of {@code error}, paths redacted, exactly as
     * {@link #renderError} prints it in JSON mode (an MCP tool call answers it without printing).
     */
    public ObjectNode errorDocument(CliError error) {
        ObjectNode doc = document("loopx_error_v0", false);
        doc.put("error_code", error.errorCode());
        if (error.refusal()) {
            doc.put("error_kind", error.errorCode());
            doc.put("appended", false);
        }
        doc.put("message", EchoedValues.message(error.getMessage()));
        if (error.remedy().isEmpty()) {
            doc.put("hint", EchoedValues.message(error.hint()));
        } else {
            Remedy remedy = Hints.fill(error.remedy(), known);
            doc.put("hint", EchoedValues.message(CommandLines.of(remedy)));
            if (!remedy.inputs().isEmpty()) {
                CommandLines.inputs(doc.putArray("hint_inputs"), remedy);
            }
        }
        error.damage().forEach(doc::put);
        error.flags().forEach(doc::put);
        return (ObjectNode) PathRedactor.redact(doc);
    }

    public int renderError(CliError error) {
        ObjectNode safe = errorDocument(error);
        boolean asJson;
        try {
            asJson = json();
        } catch (CliError formatError) {
            asJson = true;
        }
        endProgress();
        if (asJson) {
            try {
                out.println(Json.text(safe));
            } catch (JsonProcessingException e) {
                throw new IllegalStateException("an error document did not serialise", e);
            }
        } else {
            err.println("loopx: " + safe.path("message").asText() + " [" + error.errorCode() + "]");
            if (error.errorCode().equals("goal_not_found") && !knownGoals.isEmpty()) {
                // a mistyped goal id: name the goals there are rather than suggest a new one
                err.println("goals in this runtime root: " + String.join(", ", knownGoals));
                err.println("hint: loopx status" + (knownGoals.size() == 1 ? " --goal-id " + knownGoals.get(0) : ""));
            } else {
                if (!knownProjects.isEmpty()) {
                    err.println("projects LoopX knows: " + String.join(", ", knownProjects)
                            + " (run the command in one of their folders, or connect this one)");
                }
                err.println("hint: " + Hints.runnable(safe.path("hint").asText(), known));
                Hints.fill(error.remedy(), known)
                        .inputs()
                        .forEach(in -> err.println("      " + CommandLines.input(in)));
            }
        }
        out.flush();
        err.flush();
        return error.exitCode();
    }

    public int renderFailure(Exception failure) {
        return renderError(errorOf(failure));
    }

    /**
     * The error a failure is reported as: a {@link CliError} as it is, a rejected request, a
     * ledger failure or a refused private file by its code, anything else {@code internal_error}
     * (its class named on stderr).
     */
    public CliError errorOf(Exception failure) {
        if (failure instanceof CliError e) {
            return e;
        }
        if (failure instanceof InvalidRequest e) {
            return CliError.of(e);
        }
        if (failure instanceof LedgerException e) {
            return CliError.of(e, hintFor(e.errorCode()));
        }
        if (failure instanceof PrivateFiles.Refused e) {
            return new CliError(
                    ErrorCode.PRIVATE_FILE_TARGET_REFUSED,
                    e.getMessage() + "; nothing was replaced",
                    "name a new file or a regular file of your own (e.g. --plan-file ./plan.json)");
        }
        err.println("loopx: internal error: " + PathRedactor.redact(String.valueOf(failure)));
        return new CliError(
                ErrorCode.INTERNAL_ERROR,
                "LoopX failed unexpectedly (" + failure.getClass().getSimpleName() + "); nothing was acknowledged",
                "loopx doctor");
    }

    static String hintFor(String errorCode) {
        return switch (errorCode) {
            case "runtime_root_not_found", "runtime_root_not_initialized" -> "loopx connect --project .";
            case "projection_diverged", "projection_store_unreadable" -> "loopx projections rebuild";
            case "lock_acquire_timeout" -> "retry; if it persists, run loopx doctor to see the lock state";
            case "project_index_lock_timeout" ->
                "other LoopX processes were changing projects.json; run the same loopx connect again (it"
                        + " records only what is missing)";
            case "ledger_corrupt", "ledger_tail_lost", "ledger_tampered" ->
                "the ledger is the only truth and is never rewritten: restore the runtime root from a backup, or"
                        + " import an export into a fresh root (loopx ledger import --file FILE); loopx ledger repair"
                        + " shows which damaged events a repair would lose";
            case "ledger_damaged" -> "loopx ledger repair";
            case "ledger_unverified" -> "retry in a minute; to check now and wait for it: loopx ledger verify";
            case "ledger_unreadable", "ledger_foreign_files" -> "loopx ledger verify";
            default -> "loopx doctor";
        };
    }
}
