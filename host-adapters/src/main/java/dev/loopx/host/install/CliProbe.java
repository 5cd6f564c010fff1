package dev.loopx.host.install;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Can a host run the configured CLI? A name without a separator is looked up on {@code PATH}
 * like a shell would; a name with one is a path (relative to the working folder). The answer is
 * "an executable regular file exists"; the probe does not start it.
 */
public final class CliProbe {
    private CliProbe() {}

    /** Where {@code cliBin} resolves to, if it resolves to an executable file. */
    public static Optional<Path> find(String cliBin, String pathVariable, Path workingDirectory) {
        try {
            if (cliBin.contains("/") || cliBin.contains(File.separator)) {
                return executable(workingDirectory.resolve(cliBin));
            }
            if (pathVariable == null || pathVariable.isEmpty()) {
                return Optional.empty();
            }
            for (String dir : pathVariable.split(File.pathSeparator, -1)) {
                Path base = dir.isEmpty() ? workingDirectory : workingDirectory.resolve(dir);
                Optional<Path> hit = executable(base.resolve(cliBin));
                if (hit.isPresent()) {
                    return hit;
                }
            }
        } catch (InvalidPathException e) {
            return Optional.empty();
        }
        return Optional.empty();
    }

    private static Optional<Path> executable(Path candidate) {
        return Files.isRegularFile(candidate) && Files.isExecutable(candidate)
                ? Optional.of(candidate)
                : Optional.empty();
    }
}
