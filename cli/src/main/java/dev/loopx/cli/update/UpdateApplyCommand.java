package dev.loopx.cli.update;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.cli.automation.AutomationPrompts;
import dev.loopx.cli.support.CliContext;
import dev.loopx.cli.support.CliError;
import dev.loopx.cli.support.LoopxSubcommand;
import dev.loopx.cli.support.TextOptions;
import dev.loopx.cli.support.VersionInfo;
import dev.loopx.commands.operation.Intent;
import dev.loopx.commands.runtime.LoopxRuntime;
import dev.loopx.commands.upgrade.RuntimeUpgradeDecider;
import dev.loopx.host.codexapp.store.CodexHome;
import dev.loopx.host.update.DistributionException;
import dev.loopx.host.update.RuntimeInstaller;
import dev.loopx.ledger.Actor;
import dev.loopx.ledger.ActorKind;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code loopx update apply --archive DIST [--sha256 HEX]} (SPEC §S12). In this order, and
 * stopping at the first failure: verify the archive (digest, safe entries, complete layout),
 * snapshot the installed automations into a private file, unpack and start the new runtime
 * ({@code version}), place it under {@code <loopx-home>/runtimes/}, train its class-data archive,
 * switch {@code <loopx-home>/current}, then run the <em>new</em> runtime's
 * {@code automation-prompts sync-installed} on the snapshot. A failed install never reaches the
 * prompt step, so no prompt is written. The outcome is recorded as {@code runtime.upgraded}.
 * {@code ok} is the runtime result only; {@code upgrade_complete} needs prompts reconciled too.
 */
@Command(name = "apply",
        description = {"Install a LoopX distribution archive (the loopx-dist.tar.gz a build",
            "produces) and switch to it:",
            "1. verify: --sha256 must match (when given); entries must be plain files",
            "   inside the archive; bin/, conf/ and lib/loopx-cli-*.jar must be there;",
            "   the unpacked runtime must start;",
            "2. snapshot the Codex App automations (--codex-home, else $CODEX_HOME, else",
            "   ~/.codex) into <runtime-root>/private/upgrades/ (0600);",
            "3. move it to <loopx-home>/runtimes/<version>-<sha12>, train its start-up",
            "   archive, point <loopx-home>/current at it (one atomic rename) and write",
            "   <loopx-home>/bin/loopx;",
            "4. run the NEW runtime's automation-prompts sync-installed --execute on the",
            "   snapshot.",
            "Exit 0 once the runtime is installed (ok=true), even if prompts are still",
            "pending: check upgrade_complete. A failed step 1 or 3 leaves current, the",
            "stores and the ledger as they were (exit 1)."},
        footer = {"", "Example:",
            "  loopx update apply --archive loopx-dist.tar.gz \\",
            "      --sha256 \"$(sha256sum loopx-dist.tar.gz | cut -c1-64)\"",
            "then put <loopx-home>/bin on PATH (it always runs the current runtime)."})
public final class UpdateApplyCommand extends LoopxSubcommand {
    static final String SCHEMA = "loopx_update_apply_v0";
    private static final Pattern SHA256 = Pattern.compile("[0-9a-fA-F]{64}");
    private static final Duration START_TIMEOUT = Duration.ofMinutes(2);
    private static final Duration TRAIN_TIMEOUT = Duration.ofMinutes(5);
    private static final Duration SYNC_TIMEOUT = Duration.ofMinutes(10);

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help.")
    boolean help;

    @Option(names = "--archive", required = true, paramLabel = "DIST", description = "The distribution archive (.tar.gz).")
    String archive;

    @Option(names = "--sha256", paramLabel = "HEX", description = "The archive's expected SHA-256 (64 hex digits).")
    String sha256;

    @Option(names = "--codex-home", paramLabel = "DIR", description = "The Codex home to reconcile (default $CODEX_HOME, else ~/.codex).")
    String codexHome;

    @Option(names = "--cli-bin", paramLabel = "BIN", description = "The CLI binary managed wrappers use (default loopx).")
    String cliBin = "loopx";

    @Option(names = "--no-train", description = "Skip training the new runtime's start-up archive (starts stay slower until bin/loopx-train runs).")
    boolean noTrain;

    @Override
    protected int execute(CliContext context) throws Exception {
        Path archiveFile = archiveFile(context);
        if (sha256 != null && !SHA256.matcher(sha256).matches()) {
            throw CliError.badInput("invalid_value", "--sha256 must be 64 hex digits");
        }
        TextOptions.cliBin(cliBin);
        CodexHome home = AutomationPrompts.codexHome(context, codexHome);
        ObjectNode doc = CliContext.document(SCHEMA, false);
        doc.put("upgrade_complete", false);
        String actual = RuntimeInstaller.sha256(archiveFile);
        ObjectNode archiveDoc = doc.putObject("archive");
        archiveDoc.put("sha256", actual);
        archiveDoc.put("sha256_checked", sha256 != null);
        archiveDoc.put("bytes", Files.size(archiveFile));
        ObjectNode runtimeDoc = doc.putObject("runtime");
        runtimeDoc.put("installed", false);
        runtimeDoc.put("from_version", VersionInfo.version());
        ObjectNode prompts = doc.putObject("prompts");
        prompts.put("started", false);
        if (sha256 != null && !sha256.toLowerCase(Locale.ROOT).equals(actual)) {
            return refuse(context, doc, "archive_sha256_mismatch", "the archive's SHA-256 is not the one given with --sha256",
                    "download the archive again, or check the digest you were given");
        }
        RuntimeInstaller installer = new RuntimeInstaller(context.loopxHome());
        Verified verified;
        try {
            verified = verify(context, installer, archiveFile, actual);
        } catch (DistributionException e) {
            return refuse(context, doc, e.code(), e.getMessage(), hint(e.code()));
        }
        Path root = context.runtimeRoot().toAbsolutePath().normalize();
        Installed installed;
        UpgradeSnapshot snapshot;
        try {
            if (context.explicitRuntimeRoot().isEmpty() && !Files.isDirectory(root.resolve("ledger"))) {
                LoopxRuntime.initialise(root); // the LoopX home's own runtime root, where runtime.upgraded is recorded
            }
            snapshot = UpgradeSnapshot.take(context, home, cliBin, actual);
            doc.set("snapshot", snapshot.toJson());
            installed = install(context, installer, verified);
        } catch (DistributionException e) {
            installer.discard(verified.unpacked());
            return refuse(context, doc, e.code(), e.getMessage(), hint(e.code()));
        } catch (Exception e) {
            installer.discard(verified.unpacked());
            throw e;
        }
        runtimeDoc.put("installed", true);
        runtimeDoc.put("to_version", installed.version());
        runtimeDoc.put("runtime_id", installed.id());
        runtimeDoc.put("previous_runtime_id", installed.previous());
        runtimeDoc.put("already_installed", installed.alreadyInstalled());
        runtimeDoc.put("class_archive", installed.classArchive());
        runtimeDoc.put("launcher", installed.launcher());
        runtimeDoc.put("launcher_path", installer.launcher().toString());

        PromptReconciliation reconciled = PromptReconciliation.run(context, snapshot, installed.root(), root, cliBin, SYNC_TIMEOUT);
        doc.set("prompts", reconciled.toJson());
        boolean complete = reconciled.complete();
        doc.put("ok", true);
        doc.put("upgrade_complete", complete);
        doc.set("ledger", record(context, installed.version(), actual, reconciled.result(), complete));
        doc.put("next_step", complete ? "done: put <loopx-home>/bin on PATH (it always runs the current runtime)"
                : reconciled.nextStep());
        return context.emit(doc, UpdateApplyCommand::text);
    }

    /** A distribution unpacked into a hidden folder that started and named its version. */
    record Verified(Path unpacked, String version, String id) {}

    /** The runtime an install produced. */
    record Installed(Path root, String id, String version, String previous, boolean alreadyInstalled,
            String classArchive, String launcher) {}

    /** Step 1: digest checked by the caller; unpack (safe entries, complete layout) and start it once. */
    private static Verified verify(CliContext context, RuntimeInstaller installer, Path archiveFile, String digest)
            throws Exception {
        context.progress("update: unpacking and checking the distribution…");
        Path unpacked = installer.unpack(archiveFile);
        try {
            String version = startedVersion(context, unpacked);
            return new Verified(unpacked, version, RuntimeInstaller.runtimeId(version, digest));
        } catch (Exception e) {
            installer.discard(unpacked);
            throw e;
        } finally {
            context.progress("");
        }
    }

    /** Step 3: place under runtimes/, train, switch current, write the launcher. */
    private Installed install(CliContext context, RuntimeInstaller installer, Verified v) throws Exception {
        String previous = installer.current().orElse(null);
        boolean already = Files.isDirectory(installer.runtimes().resolve(v.id()));
        Path placed = installer.place(v.unpacked(), v.id());
        String classArchive = already ? "kept" : "skipped";
        if (!noTrain && !already) {
            context.progress("update: training the new runtime's start-up archive…");
            RuntimeProcess.Outcome train = RuntimeProcess.run(placed.resolve("bin/loopx-train"), List.of(),
                    context.environment().variables(), context.environment().workingDirectory(), TRAIN_TIMEOUT);
            classArchive = train.exitCode() == 0 && !train.timedOut() ? "trained" : "failed";
            context.progress("");
        }
        try {
            installer.activate(v.id());
        } catch (DistributionException | java.io.IOException e) {
            if (!already) {
                installer.discard(placed); // a runtime that never became current is not left behind
            }
            throw e;
        }
        String launcher = installer.writeLauncher();
        return new Installed(placed, v.id(), v.version(), previous, already, classArchive, launcher);
    }

    /** Starts the unpacked runtime once; its {@code version} answer is the version installed. */
    private static String startedVersion(CliContext context, Path unpacked) throws Exception {
        RuntimeProcess.Outcome started = RuntimeProcess.run(unpacked.resolve("bin/loopx"), List.of("version", "--format", "json"),
                context.environment().variables(), context.environment().workingDirectory(), START_TIMEOUT);
        String version = started.json().map(j -> j.path("version").asText("")).orElse("");
        if (started.exitCode() != 0 || version.isEmpty() || version.equals("unknown")) {
            throw new DistributionException("runtime_start_failed", started.timedOut()
                    ? "the new runtime did not answer `version` within " + START_TIMEOUT.toSeconds() + " s"
                    : "the new runtime did not start (exit " + started.exitCode() + "); it needs a JDK 21 or newer");
        }
        return version;
    }

    private ObjectNode record(CliContext context, String toVersion, String digest, String promptResult, boolean complete) {
        ObjectNode r = dev.loopx.ledger.json.Json.object();
        r.put("event_type", "runtime.upgraded");
        RuntimeUpgradeDecider.RecordRuntimeUpgrade command = new RuntimeUpgradeDecider.RecordRuntimeUpgrade(
                VersionInfo.version(), toVersion, digest, promptResult, complete);
        try (LoopxRuntime runtime = context.openRuntime()) {
            var receipt = runtime.write(new LoopxRuntime.WriteContext(context.now(), "", new Actor(ActorKind.OWNER, "cli"), "",
                    Intent.NONE), views -> RuntimeUpgradeDecider.decide(command));
            r.put("appended", receipt.isRight());
            if (receipt.isRight() && !receipt.get().seqs().isEmpty()) {
                r.put("seq", receipt.get().seqs().get(0));
            }
        }
        return r;
    }

    private Path archiveFile(CliContext context) {
        Path file;
        try {
            if (archive.isBlank() || archive.indexOf('\0') >= 0) {
                throw new InvalidPathException(archive, "empty or NUL");
            }
            file = context.environment().workingDirectory().resolve(archive).toAbsolutePath().normalize();
        } catch (InvalidPathException e) {
            throw CliError.badInput("invalid_value", "--archive is not a usable path");
        }
        if (!Files.isRegularFile(file)) {
            throw CliError.badInput("archive_not_found", "--archive names no readable file");
        }
        return file;
    }

    private static int refuse(CliContext context, ObjectNode doc, String code, String message, String hint) {
        doc.put("ok", false);
        doc.put("error_code", code);
        doc.put("message", message);
        doc.put("hint", hint);
        doc.put("next_step", "nothing was switched and no prompt was written; " + hint);
        return context.emit(doc, UpdateApplyCommand::text);
    }

    private static String hint(String code) {
        return switch (code) {
            case "corrupt_archive", "unsafe_archive_entry", "incomplete_distribution" ->
                    "use the loopx-dist.tar.gz of a LoopX build (./mvnw -q -DskipTests package → cli/target/loopx-dist.tar.gz)";
            case "runtime_start_failed" -> "check that a JDK 21 or newer is installed (JAVA_HOME), then retry";
            case "current_not_a_link" -> "move <loopx-home>/current away, then retry";
            default -> "loopx update apply --help";
        };
    }

    private static void text(JsonNode doc, PrintWriter out) {
        JsonNode rt = doc.path("runtime");
        if (!doc.path("ok").asBoolean()) {
            out.println("update refused: " + doc.path("error_code").asText() + " — " + doc.path("message").asText());
            out.println("next: " + doc.path("hint").asText());
            return;
        }
        out.println("runtime " + rt.path("from_version").asText() + " → " + rt.path("to_version").asText()
                + " installed (" + rt.path("runtime_id").asText() + ", start-up archive " + rt.path("class_archive").asText() + ")");
        out.println("prompts: " + doc.path("prompts").path("result").asText()
                + " · upgrade_complete=" + doc.path("upgrade_complete").asBoolean());
        out.println("next: " + doc.path("next_step").asText());
    }
}
