package dev.loopx.application.update;

import dev.loopx.application.Invocation;
import dev.loopx.application.automation.AppLanes;
import dev.loopx.application.composition.Composition;
import dev.loopx.commands.Rejection;
import dev.loopx.commands.operation.Intent;
import dev.loopx.commands.operation.Receipt;
import dev.loopx.commands.runtime.LoopxRuntime;
import dev.loopx.commands.upgrade.RuntimeUpgradeDecider;
import dev.loopx.host.codexapp.store.CodexHome;
import dev.loopx.host.update.DistributionException;
import dev.loopx.host.update.RuntimeInstaller;
import dev.loopx.ledger.Actor;
import dev.loopx.ledger.ActorKind;
import io.vavr.control.Either;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * Use case "install a LoopX distribution and switch to it" (SPEC §S12). In this order, stopping at
 * the first failure: check the archive's digest, unpack it (safe entries, complete layout) and
 * start the new runtime once ({@code version}), snapshot the installed automations into a private
 * file ({@link UpgradeSnapshot}), place the runtime under {@code <loopx-home>/runtimes/}, train its
 * class-data archive, switch {@code <loopx-home>/current}, then let the <em>new</em> runtime
 * reconcile the prompts of the snapshot ({@link PromptReconciliation}). A failed install is
 * {@link Outcome.Refused}: it never reaches the prompt step, so no prompt is written and
 * {@code current} is as it was. A switch is recorded as {@code runtime.upgraded}. Progress of the
 * slow steps goes to {@link Invocation#progress()}.
 */
public final class ApplyUpdate {
    private static final Duration START_TIMEOUT = Duration.ofMinutes(2);
    private static final Duration TRAIN_TIMEOUT = Duration.ofMinutes(5);
    private static final Duration SYNC_TIMEOUT = Duration.ofMinutes(10);

    private ApplyUpdate() {}

    /**
     * @param archive the distribution archive: an existing regular file, absolute (the adapter checked it)
     * @param expectedSha256 the digest the caller was given (64 hex digits, any case), if any
     * @param codexHome the {@code --codex-home} value, {@code null} when not given
     * @param cliBin the CLI binary managed wrappers use (checked by the adapter)
     * @param train whether to train the new runtime's start-up archive
     * @param fromVersion the version of the runtime running this update
     * @param initialiseRuntimeRoot the runtime root is the LoopX home's own (the caller named none):
     *     initialise it when missing, since {@code runtime.upgraded} is recorded there
     * @param word what the progress lines call the run: {@code install} ({@code loopx install}) or {@code update}
     */
    public record Request(
            Path archive,
            Optional<String> expectedSha256,
            String codexHome,
            String cliBin,
            boolean train,
            String fromVersion,
            boolean initialiseRuntimeRoot,
            String word) {
        public Request {
            Objects.requireNonNull(archive, "archive");
            Objects.requireNonNull(expectedSha256, "expectedSha256");
            Objects.requireNonNull(cliBin, "cliBin");
            Objects.requireNonNull(fromVersion, "fromVersion");
            Objects.requireNonNull(word, "word");
        }

        /** An update ({@code update apply}): its progress lines say "update". */
        public Request(
                Path archive,
                Optional<String> expectedSha256,
                String codexHome,
                String cliBin,
                boolean train,
                String fromVersion,
                boolean initialiseRuntimeRoot) {
            this(archive, expectedSha256, codexHome, cliBin, train, fromVersion, initialiseRuntimeRoot, "update");
        }
    }

    /** The archive as read: its SHA-256 (lower-case hex), whether it was compared with an expected one, its size. */
    public record ArchiveCheck(String sha256, boolean sha256Checked, long bytes) {}

    /**
     * The runtime the install left current.
     *
     * @param classArchive {@code trained | failed | skipped | kept} (kept: already installed before)
     * @param launcher what {@link RuntimeInstaller#writeLauncher} did to {@code launcherPath}
     */
    public record InstalledRuntime(
            Path root,
            String id,
            String version,
            Optional<String> previous,
            boolean alreadyInstalled,
            String classArchive,
            String launcher,
            Path launcherPath) {}

    /** The {@code runtime.upgraded} write: whether it was appended, and at which {@code seq}. */
    public record RecordedUpgrade(boolean appended, Optional<Long> seq) {}

    /** What the update did; {@code fromVersion} and the archive check are known either way. */
    public sealed interface Outcome {
        String fromVersion();

        ArchiveCheck archive();

        /** Nothing was switched and no prompt written; the snapshot when it was taken before the failure. */
        record Refused(
                String fromVersion,
                ArchiveCheck archive,
                Optional<UpgradeSnapshot> snapshot,
                String errorCode,
                String message)
                implements Outcome {}

        /** The new runtime is current; {@link #complete} needs the prompts reconciled too. */
        record Switched(
                String fromVersion,
                ArchiveCheck archive,
                UpgradeSnapshot snapshot,
                InstalledRuntime runtime,
                PromptReconciliation prompts,
                RecordedUpgrade ledger)
                implements Outcome {
            public boolean complete() {
                return prompts.complete();
            }
        }
    }

    /** A distribution unpacked into a hidden folder that started and named its version. */
    private record Verified(Path unpacked, String version, String id) {}

    public static Outcome run(Invocation invocation, Request r) throws IOException {
        CodexHome home = AppLanes.codexHome(invocation, r.codexHome());
        String actual = RuntimeInstaller.sha256(r.archive());
        ArchiveCheck archive = new ArchiveCheck(actual, r.expectedSha256().isPresent(), Files.size(r.archive()));
        if (r.expectedSha256().isPresent()
                && !r.expectedSha256().get().toLowerCase(Locale.ROOT).equals(actual)) {
            return new Outcome.Refused(
                    r.fromVersion(),
                    archive,
                    Optional.empty(),
                    "archive_sha256_mismatch",
                    "the archive's SHA-256 is not the one that was given");
        }
        RuntimeInstaller installer = new RuntimeInstaller(invocation.loopxHome());
        Verified verified;
        try {
            verified = verify(invocation, installer, r.archive(), actual, r.word());
        } catch (DistributionException e) {
            return new Outcome.Refused(r.fromVersion(), archive, Optional.empty(), e.code(), e.getMessage());
        }
        Path root = invocation.runtimeRoot().toAbsolutePath().normalize();
        Optional<UpgradeSnapshot> snapshot = Optional.empty();
        InstalledRuntime installed;
        try {
            if (r.initialiseRuntimeRoot() && !Files.isDirectory(root.resolve("ledger"))) {
                LoopxRuntime.initialise(root);
            }
            snapshot = Optional.of(UpgradeSnapshot.take(invocation, home, r.cliBin(), actual));
            installed = install(invocation, installer, verified, r.train(), r.word());
        } catch (DistributionException e) {
            installer.discard(verified.unpacked());
            return new Outcome.Refused(r.fromVersion(), archive, snapshot, e.code(), e.getMessage());
        } catch (IOException | RuntimeException e) {
            installer.discard(verified.unpacked());
            throw e;
        }
        PromptReconciliation prompts =
                PromptReconciliation.run(invocation, snapshot.get(), installed.root(), root, r.cliBin(), SYNC_TIMEOUT);
        RecordedUpgrade ledger = record(
                invocation,
                new RuntimeUpgradeDecider.RecordRuntimeUpgrade(
                        r.fromVersion(), installed.version(), actual, prompts.result(), prompts.complete()));
        return new Outcome.Switched(r.fromVersion(), archive, snapshot.get(), installed, prompts, ledger);
    }

    /** Step 1 (the digest checked by the caller): unpack (safe entries, complete layout) and start it once. */
    private static Verified verify(
            Invocation invocation, RuntimeInstaller installer, Path archiveFile, String digest, String word)
            throws IOException, DistributionException {
        invocation.progress().report(word + ": unpacking and checking the distribution…");
        Path unpacked = installer.unpack(archiveFile);
        try {
            String version = startedVersion(invocation, unpacked);
            return new Verified(unpacked, version, RuntimeInstaller.runtimeId(version, digest));
        } catch (IOException | DistributionException | RuntimeException e) {
            installer.discard(unpacked);
            throw e;
        } finally {
            invocation.progress().report("");
        }
    }

    /** Step 3: place under runtimes/, train, switch current, write the launcher. */
    private static InstalledRuntime install(
            Invocation invocation, RuntimeInstaller installer, Verified v, boolean train, String word)
            throws IOException, DistributionException {
        Optional<String> previous = installer.current();
        boolean already = Files.isDirectory(installer.runtimes().resolve(v.id()));
        Path placed = installer.place(v.unpacked(), v.id());
        String classArchive = already ? "kept" : "skipped";
        if (train && !already) {
            invocation.progress().report(word + ": training the new runtime's start-up archive…");
            RuntimeProcess.Outcome trained =
                    RuntimeProcess.run(invocation, placed.resolve("bin/loopx-train"), List.of(), TRAIN_TIMEOUT);
            classArchive = trained.exitCode() == 0 && !trained.timedOut() ? "trained" : "failed";
            invocation.progress().report("");
        }
        try {
            installer.activate(v.id());
        } catch (DistributionException | IOException e) {
            if (!already) {
                installer.discard(placed); // a runtime that never became current is not left behind
            }
            throw e;
        }
        String launcher = installer.writeLauncher();
        return new InstalledRuntime(
                placed, v.id(), v.version(), previous, already, classArchive, launcher, installer.launcher());
    }

    /** Starts the unpacked runtime once; its {@code version} answer is the version installed. */
    private static String startedVersion(Invocation invocation, Path unpacked)
            throws IOException, DistributionException {
        RuntimeProcess.Outcome started = RuntimeProcess.run(
                invocation, unpacked.resolve("bin/loopx"), List.of("version", "--format", "json"), START_TIMEOUT);
        String version = started.json().map(j -> j.path("version").asText("")).orElse("");
        if (started.exitCode() != 0 || version.isEmpty() || version.equals("unknown")) {
            throw new DistributionException(
                    "runtime_start_failed",
                    started.timedOut()
                            ? "the new runtime did not answer `version` within " + START_TIMEOUT.toSeconds() + " s"
                            : "the new runtime did not start (exit " + started.exitCode()
                                    + "); it needs a JDK 21 or newer");
        }
        return version;
    }

    /** Records the switch as {@code runtime.upgraded} (runtime-wide: no goal) in the invocation's runtime root. */
    private static RecordedUpgrade record(Invocation invocation, RuntimeUpgradeDecider.RecordRuntimeUpgrade command) {
        try (LoopxRuntime runtime = Composition.open(invocation)) {
            Either<Rejection, Receipt> receipt = runtime.write(
                    new LoopxRuntime.WriteContext(
                            invocation.now(), "", new Actor(ActorKind.OWNER, "cli"), "", Intent.NONE),
                    views -> RuntimeUpgradeDecider.decide(command));
            Optional<Long> seq = receipt.isRight() && !receipt.get().seqs().isEmpty()
                    ? Optional.of(receipt.get().seqs().get(0))
                    : Optional.empty();
            return new RecordedUpgrade(receipt.isRight(), seq);
        }
    }
}
