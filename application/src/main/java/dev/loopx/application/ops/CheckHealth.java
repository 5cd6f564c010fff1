package dev.loopx.application.ops;

import dev.loopx.application.Invocation;
import dev.loopx.application.composition.Composition;
import dev.loopx.application.ledger.VerifyLedger;
import dev.loopx.commands.runtime.LoopxRuntime;
import dev.loopx.ledger.LedgerDamage;
import dev.loopx.ledger.LedgerException;
import dev.loopx.ledger.audit.VerifyReport;
import dev.loopx.ledger.files.OwnerOnly;
import dev.loopx.ledger.remote.ServerLedgerSession;
import dev.loopx.projections.ProjectionStore;
import dev.loopx.projections.Projector;
import dev.loopx.projections.next.Flag;
import dev.loopx.projections.next.NextStep;
import dev.loopx.projections.next.Remedy;
import dev.loopx.projections.next.Verb;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Use case "is this installation and runtime root healthy?" ({@code doctor}, SPEC §S9): the Java
 * version and JVM flags of this process, then the runtime root — initialised and writable, the
 * write lock, the ledger's integrity, the projection store's schema version — each as one check
 * with what to run when it fails. It repairs nothing and reads only; the projection store is read
 * as it stands, never created or caught up.
 */
public final class CheckHealth {
    private CheckHealth() {}

    /** One check, in order: its name, whether it passed, what was found, and what to run when not ({@code ""}: nothing). */
    public record Check(String name, boolean ok, String detail, Remedy fix) {
        public Check {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(detail, "detail");
            Objects.requireNonNull(fix, "fix");
        }
    }

    /**
     * Every check, in the order they ran.
     *
     * @param invocation the call, or empty when it names no usable runtime root (the root check then fails)
     */
    public static List<Check> run(Optional<Invocation> invocation) {
        List<Check> checks = new ArrayList<>();
        int feature = Runtime.version().feature();
        checks.add(
                new Check("java_version", feature >= 21, "Java " + feature, Remedy.words("install a JDK 21 or newer")));
        boolean flags = "true".equals(System.getProperty("chronicle.analytics.disable"))
                && "true".equals(System.getProperty("chronicle.announcer.disable"));
        checks.add(new Check(
                "jvm_flags",
                flags,
                flags ? "LoopX JVM flags present" : "started without conf/jvm-common.args",
                Remedy.words("start LoopX through its launcher (bin/loopx)")));
        Path root = invocation.map(Invocation::runtimeRoot).orElse(null);
        boolean rootOk = root != null
                && Files.isDirectory(root)
                && Files.isDirectory(root.resolve("ledger"))
                && Files.isWritable(root);
        checks.add(new Check(
                "runtime_root",
                rootOk,
                rootOk ? "initialised and writable" : "missing or not a LoopX runtime root",
                Remedy.step(NextStep.of(Verb.CONNECT).with(Flag.PROJECT, "."))));
        if (rootOk) {
            List<String> loose = OwnerOnly.loosened(root);
            checks.add(new Check(
                    "runtime_root_private",
                    loose.isEmpty(),
                    loose.isEmpty()
                            ? "owner-only (folders 0700, files 0600)"
                            : "readable by other users: "
                                    + String.join(", ", loose.subList(0, Math.min(5, loose.size())))
                                    + (loose.size() > 5 ? " and " + (loose.size() - 5) + " more" : ""),
                    Remedy.of(
                            "chmod -R go-rwx on the runtime root, or run connect again from the project's folder",
                            NextStep.of(Verb.CONNECT).with(Flag.PROJECT, "."))));
            runtimeChecks(invocation.get(), checks);
        }
        return List.copyOf(checks);
    }

    private static Remedy repairDamage() {
        return Remedy.of(
                "restore a backup or import an export; else repair the ledger", NextStep.of(Verb.LEDGER_REPAIR));
    }

    private static void runtimeChecks(Invocation invocation, List<Check> checks) {
        if (!serverCheck(invocation, checks)) {
            return;
        }
        try (LoopxRuntime runtime = Composition.open(invocation)) {
            boolean lockFree = runtime.lock().isFree();
            checks.add(new Check(
                    "write_lock",
                    true,
                    lockFree ? "free" : "held by a running writer (normal while one works)",
                    Remedy.NONE));
            VerifyReport report = VerifyLedger.verify(
                    runtime,
                    (done, total) -> invocation
                            .progress()
                            .report(String.format("doctor: verifying the ledger, %,d / %,d events", done, total)));
            invocation.progress().report("");
            checks.add(new Check(
                    "ledger_verify",
                    report.ok(),
                    report.ok()
                            ? report.checkedEvents() + (report.checkedEvents() == 1 ? " event" : " events")
                                    + ", chain intact, head seq "
                                    + report.head().seq()
                            : "first bad seq " + report.firstBadSeq() + ": " + report.problem(),
                    report.ok() ? Remedy.step(NextStep.of(Verb.LEDGER_VERIFY)) : repairDamage()));
            Optional<ProjectionStore> existing = runtime.existingStore();
            if (existing.isEmpty()) {
                checks.add(
                        new Check("projection_store", true, "not built yet (built on the next command)", Remedy.NONE));
            } else {
                try (ProjectionStore store = existing.get()) {
                    boolean current = store.schemaVersion() == Projector.SCHEMA_VERSION;
                    String detail = "schema v" + store.schemaVersion() + " (code v" + Projector.SCHEMA_VERSION
                            + "), checkpoint seq " + store.checkpoint().seq()
                            + (current ? "" : "; rebuilt automatically on the next command");
                    checks.add(new Check(
                            "projection_store",
                            true,
                            detail,
                            current ? Remedy.NONE : Remedy.step(NextStep.of(Verb.PROJECTIONS_REBUILD))));
                }
            }
        } catch (LedgerException e) {
            checks.add(new Check(
                    "ledger_open",
                    false,
                    e.getMessage(),
                    e instanceof LedgerDamage ? repairDamage() : Remedy.step(NextStep.of(Verb.LEDGER_VERIFY))));
        }
    }

    /**
     * For a runtime root on a server ledger (ADR 0006): the connection, the schema version and the
     * head, as one check {@code ledger_server}; false when the server cannot be used (the other
     * ledger checks are then skipped). Nothing for an embedded journal.
     */
    private static boolean serverCheck(Invocation invocation, List<Check> checks) {
        try {
            Optional<ServerLedgerSession.Health> health = Composition.serverHealth(invocation);
            if (health.isEmpty()) {
                return true;
            }
            ServerLedgerSession.Health h = health.get();
            boolean schemaOk = h.schemaVersion() == h.supportedSchemaVersion();
            checks.add(new Check(
                    "ledger_server",
                    schemaOk,
                    "PostgreSQL " + h.serverVersion() + ", schema v" + h.schemaVersion() + " (code v"
                            + h.supportedSchemaVersion() + "), head seq "
                            + h.head().seq(),
                    schemaOk ? Remedy.NONE : Remedy.words("update LoopX on this machine")));
            Composition.headHolderState(invocation)
                    .ifPresent(state -> checks.add(new Check("ledger_holder", true, state, Remedy.NONE)));
            return schemaOk;
        } catch (LedgerException e) {
            checks.add(
                    new Check(
                            "ledger_server",
                            false,
                            e.getMessage(),
                            Remedy.words(
                                    "start or reach the PostgreSQL server; check PGUSER, the .pgpass file (PGPASSFILE), PGSSLMODE")));
            return false;
        }
    }
}
