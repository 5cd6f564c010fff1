package dev.loopx.application.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loopx.application.Invocation;
import dev.loopx.application.Invocations;
import dev.loopx.commands.runtime.LoopxRuntime;
import dev.loopx.projections.next.Flag;
import dev.loopx.projections.next.NextStep;
import dev.loopx.projections.next.Remedy;
import dev.loopx.projections.next.Verb;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The health check below the CLI: which checks run for a healthy, a missing and an unnamed runtime root. */
class CheckHealthTest {
    @TempDir
    Path dir;

    private Invocation at(Path root) {
        return Invocations.sandboxed(Instant.parse("2026-12-01T10:00:00Z"), root, dir.resolve("home"), dir);
    }

    private static List<String> names(List<CheckHealth.Check> checks) {
        return checks.stream().map(CheckHealth.Check::name).toList();
    }

    private static CheckHealth.Check named(List<CheckHealth.Check> checks, String name) {
        return checks.stream().filter(c -> c.name().equals(name)).findFirst().orElseThrow();
    }

    /** Another local user could read todo text from a loosened root: doctor says which files. */
    @Test
    void aLoosenedRuntimeRootIsReportedAndConnectTightensIt() throws Exception {
        Path root = dir.resolve(".loopx");
        LoopxRuntime.initialise(root);
        Files.setPosixFilePermissions(
                root.resolve("ledger"), java.nio.file.attribute.PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.writeString(root.resolve("private/note"), "x");
        Files.setPosixFilePermissions(
                root.resolve("private/note"), java.nio.file.attribute.PosixFilePermissions.fromString("rw-rw-rw-"));
        CheckHealth.Check loose = named(CheckHealth.run(Optional.of(at(root))), "runtime_root_private");
        assertFalse(loose.ok());
        assertTrue(loose.detail().contains("ledger") && loose.detail().contains("note"), loose.detail());
        LoopxRuntime.initialise(root);
        assertTrue(named(CheckHealth.run(Optional.of(at(root))), "runtime_root_private")
                .ok());
        assertEquals(
                "rw-------",
                java.nio.file.attribute.PosixFilePermissions.toString(
                        Files.getPosixFilePermissions(root.resolve("private/note"))));
    }

    @Test
    void aHealthyRootPassesEveryRuntimeCheckAndItsStoreIsReadAsItStands() {
        Path root = dir.resolve(".loopx");
        LoopxRuntime.initialise(root);
        List<CheckHealth.Check> checks = CheckHealth.run(Optional.of(at(root)));
        assertEquals(
                List.of(
                        "java_version",
                        "jvm_flags",
                        "runtime_root",
                        "runtime_root_private",
                        "write_lock",
                        "ledger_verify",
                        "projection_store"),
                names(checks));
        assertTrue(named(checks, "runtime_root").ok());
        assertTrue(
                named(checks, "runtime_root_private").ok(),
                named(checks, "runtime_root_private").detail());
        assertEquals(
                "0 events, chain intact, head seq 0",
                named(checks, "ledger_verify").detail());
        assertEquals(
                "not built yet (built on the next command)",
                named(checks, "projection_store").detail());
        assertFalse(Files.exists(root.resolve("projections.db")), "the check builds no store");
    }

    @Test
    void aMissingOrUnnamedRootFailsTheRootCheckAndStopsThere() {
        for (Optional<Invocation> call :
                List.of(Optional.of(at(dir.resolve("nowhere"))), Optional.<Invocation>empty())) {
            List<CheckHealth.Check> checks = CheckHealth.run(call);
            assertEquals(List.of("java_version", "jvm_flags", "runtime_root"), names(checks));
            CheckHealth.Check root = named(checks, "runtime_root");
            assertFalse(root.ok());
            assertEquals(Remedy.step(NextStep.of(Verb.CONNECT).with(Flag.PROJECT, ".")), root.fix());
        }
    }
}
