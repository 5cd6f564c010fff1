package dev.loopx.cli.ops;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.application.ledger.VerifyLedger;
import dev.loopx.cli.support.CliContext;
import dev.loopx.cli.support.LoopxSubcommand;
import dev.loopx.commands.runtime.LoopxRuntime;
import dev.loopx.ledger.LedgerException;
import dev.loopx.ledger.audit.VerifyReport;
import dev.loopx.projections.Projector;
import dev.loopx.projections.store.ProjectionFiles;
import dev.loopx.projections.store.SqliteProjectionStore;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Command;

@Command(
        name = "doctor",
        description = {
            "Check the installation and the runtime root: Java version, JVM flags, runtime root,",
            "ledger integrity, projection store version, write lock. Exit 0 only when every check",
            "passes. It repairs nothing; each failed check says what to run."
        })
public final class DoctorCommand extends LoopxSubcommand {
    @Override
    protected int execute(CliContext context) {
        ObjectNode doc = CliContext.document("loopx_doctor_v0", true);
        ArrayNode checks = doc.putArray("checks");
        boolean ok = true;
        int feature = Runtime.version().feature();
        ok &= check(checks, "java_version", feature >= 21, "Java " + feature, "install a JDK 21 or newer");
        boolean flags = "true".equals(System.getProperty("chronicle.analytics.disable"))
                && "true".equals(System.getProperty("chronicle.announcer.disable"));
        ok &= check(
                checks,
                "jvm_flags",
                flags,
                flags ? "LoopX JVM flags present" : "started without conf/jvm-common.args",
                "start LoopX through its launcher (bin/loopx)");
        Path root;
        try {
            root = context.runtimeRoot();
        } catch (RuntimeException e) {
            root = null;
        }
        boolean rootOk = root != null
                && Files.isDirectory(root)
                && Files.isDirectory(root.resolve("ledger"))
                && Files.isWritable(root);
        ok &= check(
                checks,
                "runtime_root",
                rootOk,
                rootOk ? "initialised and writable" : "missing or not a LoopX runtime root",
                "loopx connect --project <dir>");
        if (rootOk) {
            ok &= runtimeChecks(context, checks);
        }
        ok &= dev.loopx.cli.host.HostDoctor.check(context, checks, root);
        doc.put("ok", ok);
        if (!ok) {
            doc.put("error_code", "doctor_found_problems");
        }
        return context.emit(doc);
    }

    private boolean runtimeChecks(CliContext context, ArrayNode checks) {
        boolean ok = true;
        try (LoopxRuntime runtime = context.openRuntime()) {
            boolean lockFree = runtime.lock().isFree();
            ok &= check(
                    checks,
                    "write_lock",
                    true,
                    lockFree ? "free" : "held by a running writer (normal while one works)",
                    "");
            VerifyReport report = VerifyLedger.verify(runtime);
            ok &= check(
                    checks,
                    "ledger_verify",
                    report.ok(),
                    report.ok()
                            ? report.checkedEvents() + " events, chain intact, head seq "
                                    + report.head().seq()
                            : "first bad seq " + report.firstBadSeq() + ": " + report.problem(),
                    "loopx ledger verify");
            ProjectionFiles files = new ProjectionFiles(runtime.root());
            if (!files.exists()) {
                ok &= check(checks, "projection_store", true, "not built yet (built on the next command)", "");
            } else {
                try (SqliteProjectionStore store = SqliteProjectionStore.open(files.dbFile())) {
                    boolean current = store.schemaVersion() == Projector.SCHEMA_VERSION;
                    String detail = "schema v" + store.schemaVersion() + " (code v" + Projector.SCHEMA_VERSION
                            + "), checkpoint seq " + store.checkpoint().seq()
                            + (current ? "" : "; rebuilt automatically on the next command");
                    ok &= check(checks, "projection_store", true, detail, current ? "" : "loopx projections rebuild");
                }
            }
        } catch (LedgerException e) {
            ok &= check(checks, "ledger_open", false, e.getMessage(), "loopx ledger verify");
        }
        return ok;
    }

    private static boolean check(ArrayNode checks, String name, boolean ok, String detail, String fix) {
        ObjectNode c = checks.addObject();
        c.put("check", name);
        c.put("ok", ok);
        c.put("detail", detail);
        if (!ok && !fix.isEmpty()) {
            c.put("fix", fix);
        }
        return ok;
    }
}
