package dev.loopx.cli.ops;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.application.ops.CheckHealth;
import dev.loopx.cli.host.HostDoctor;
import dev.loopx.cli.support.CliContext;
import dev.loopx.cli.support.LoopxSubcommand;
import java.nio.file.Path;
import java.util.Optional;
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
        Path root;
        try {
            root = context.runtimeRoot();
        } catch (RuntimeException e) {
            root = null; // an unusable --runtime-root fails the runtime_root check
        }
        ObjectNode doc = CliContext.document("loopx_doctor_v0", true);
        ArrayNode checks = doc.putArray("checks");
        boolean ok = true;
        for (CheckHealth.Check check : CheckHealth.run(Optional.ofNullable(root).map(context::invocation))) {
            ok &= add(checks, check);
        }
        ok &= HostDoctor.check(context, checks, root);
        doc.put("ok", ok);
        if (!ok) {
            doc.put("error_code", "doctor_found_problems");
        }
        return context.emit(doc);
    }

    private static boolean add(ArrayNode checks, CheckHealth.Check check) {
        ObjectNode c = checks.addObject();
        c.put("check", check.name());
        c.put("ok", check.ok());
        c.put("detail", check.detail());
        if (!check.ok() && !check.fix().isEmpty()) {
            c.put("fix", check.fix());
        }
        return check.ok();
    }
}
