package dev.loopx.host.codexapp.store;

import dev.loopx.commands.Ids;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * The one Codex home this adapter may read or write: {@code --codex-home} when given, else
 * {@code $CODEX_HOME}, else {@code ~/.codex}. Resolution takes the flag, the environment value and
 * the user's home as inputs (no hidden environment read) and never looks at any other folder.
 *
 * @param root   the Codex home folder (absolute)
 * @param source where {@code root} came from
 */
public record CodexHome(Path root, Source source) {
    /** Where the Codex home was taken from. */
    public enum Source {
        FLAG,
        ENVIRONMENT,
        DEFAULT
    }

    public CodexHome {
        Objects.requireNonNull(root, "root");
        Objects.requireNonNull(source, "source");
        root = root.toAbsolutePath().normalize();
    }

    /**
     * Resolves the Codex home. Blank values count as absent. A relative flag or environment value
     * is resolved against {@code workingDir}.
     */
    public static CodexHome resolve(
            Optional<String> flag, Optional<String> codexHomeEnv, Path userHome, Path workingDir) {
        Optional<String> fromFlag = flag.filter(v -> !v.isBlank());
        if (fromFlag.isPresent()) {
            return new CodexHome(workingDir.resolve(fromFlag.get()), Source.FLAG);
        }
        Optional<String> fromEnv = codexHomeEnv.filter(v -> !v.isBlank());
        if (fromEnv.isPresent()) {
            return new CodexHome(workingDir.resolve(fromEnv.get()), Source.ENVIRONMENT);
        }
        return new CodexHome(userHome.resolve(".codex"), Source.DEFAULT);
    }

    /**
     * Which home this is, without naming it: SHA-256 (hex) of its real path (symbolic links
     * resolved when it exists, else the normalised absolute path). Recorded with deferred
     * migrations so a pending-upgrade hint is never shown for another home.
     */
    public String identitySha256() {
        Path real = root;
        try {
            real = root.toRealPath();
        } catch (IOException e) {
            // not there (yet): the normalised absolute path is the identity
        }
        return AutomationImage.sha256(real.toString().getBytes(StandardCharsets.UTF_8));
    }

    /** {@code sqlite/codex-dev.db}. */
    public Path database() {
        return root.resolve("sqlite").resolve("codex-dev.db");
    }

    /** {@code automations/<id>/}; the id must pass the §S0 id rule (no separators, no {@code ..}). */
    public Path automationDir(String automationId) {
        Ids.problem("automation id", automationId).ifPresent(p -> {
            throw new IllegalArgumentException(p);
        });
        return root.resolve("automations").resolve(automationId);
    }

    /** {@code automations/<id>/automation.toml}. */
    public Path automationToml(String automationId) {
        return automationDir(automationId).resolve("automation.toml");
    }
}
