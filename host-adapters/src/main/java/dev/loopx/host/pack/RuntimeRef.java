package dev.loopx.host.pack;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * How the commands a pack or plan prints find the project and its runtime root. {@code project}
 * is the project folder as the host should name it ({@code .} when it is the working directory,
 * else a relative path when it lies below it, else what the caller gave); {@code runtimeRoot} is
 * empty when the default ({@code <project>/.loopx}, found upward from the working directory)
 * applies, else the {@code --runtime-root} value to pass.
 */
public record RuntimeRef(String project, String runtimeRoot) {
    public RuntimeRef {
        Objects.requireNonNull(project, "project");
        Objects.requireNonNull(runtimeRoot, "runtimeRoot");
    }

    /** {@code --runtime-root R} in front of {@code args} when one is needed. */
    public List<String> with(List<String> args) {
        if (runtimeRoot.isEmpty()) {
            return List.copyOf(args);
        }
        List<String> all = new ArrayList<>(List.of("--runtime-root", runtimeRoot));
        all.addAll(args);
        return all;
    }
}
