package dev.loopx.application.automation;

import dev.loopx.application.InvalidRequest;
import dev.loopx.application.Invocation;
import dev.loopx.host.codexapp.migration.PrivateFiles;
import dev.loopx.host.codexapp.migration.PromptPlan;
import dev.loopx.ledger.json.Json;
import dev.loopx.projections.next.Flag;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Private prompt-upgrade plan files ({@code loopx_automation_prompt_plan_v0}): where they go, and
 * reading and writing them. A plan file holds the desired wrapper bodies (local paths), so it is
 * written 0600 by {@link PrivateFiles} and never echoed into an answer.
 */
public final class PlanFiles {
    private PlanFiles() {}

    /** {@code file} as the caller named it, resolved against the invocation's working directory (absolute, normalised). */
    public static Path resolve(Invocation invocation, String file) {
        return invocation.workingDirectory().resolve(file).toAbsolutePath().normalize();
    }

    /** {@code <runtime-root>/private/automation-prompt-plan.json}: where {@code plan} writes unless told otherwise. */
    public static Path defaultFile(Invocation invocation) {
        return invocation
                .runtimeRoot()
                .toAbsolutePath()
                .normalize()
                .resolve("private")
                .resolve("automation-prompt-plan.json");
    }

    /** Reads a plan file; a missing or foreign file is an {@link InvalidRequest} ({@code --plan-file}). */
    public static PromptPlan read(Path file) {
        if (!Files.isRegularFile(file)) {
            throw new InvalidRequest("invalid_value", Flag.PLAN_FILE, "does not name a readable plan file");
        }
        try {
            return PromptPlan.fromJson(Json.mapper().readTree(Files.readAllBytes(file)));
        } catch (IOException | RuntimeException e) {
            throw new InvalidRequest(
                    "invalid_value", Flag.PLAN_FILE, "is not a " + PromptPlan.FILE_SCHEMA + " plan file");
        }
    }

    /**
     * Writes {@code plan} (bodies included) to {@code file}, atomically, mode 0600; under the
     * runtime root's {@code private/} folder no folder on the way may be a symbolic link either.
     */
    public static void write(Path file, PromptPlan plan) throws IOException {
        Path privateFolder = Path.of(plan.runtimeRoot()).resolve("private");
        PrivateFiles.write(
                file,
                Json.mapper().writeValueAsBytes(plan.toPrivateJson()),
                file.toAbsolutePath().startsWith(privateFolder) ? privateFolder : null);
    }
}
