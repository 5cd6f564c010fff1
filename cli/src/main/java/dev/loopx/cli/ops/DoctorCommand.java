package dev.loopx.cli.ops;

import dev.loopx.application.ops.CheckHealth;
import dev.loopx.application.resident.ResidentAnswerer;
import dev.loopx.cli.host.HostDoctor;
import dev.loopx.cli.render.CommandLines;
import dev.loopx.cli.render.DoctorAnswer;
import dev.loopx.cli.support.CliContext;
import dev.loopx.cli.support.LoopxSubcommand;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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
        List<DoctorAnswer.Check> checks = new ArrayList<>();
        for (CheckHealth.Check check : CheckHealth.run(Optional.ofNullable(root).map(context::invocation))) {
            checks.add(new DoctorAnswer.Check(
                    check.name(), check.ok(), check.detail(), check.ok() ? "" : CommandLines.of(check.fix()), ""));
        }
        if (root != null && !Files.exists(root.resolve("ledger-location"))) {
            // the resident answerer of a journal runtime root (ADR 0014): never required, so never a failure
            checks.add(new DoctorAnswer.Check(
                    "resident_answerer",
                    true,
                    ResidentAnswerer.state(root, context.environment().variables()),
                    "",
                    ""));
        }
        checks.addAll(HostDoctor.checks(context, root));
        return context.emit(new DoctorAnswer(checks));
    }
}
