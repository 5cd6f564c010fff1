package dev.loopx.host.pack;

import java.util.Objects;

/**
 * What {@code /loopx} shows before anything happens ({@link BootstrapCommandPack}): the request,
 * what the project looked like, the goal the pack is about (the selected one, else the requested
 * id, possibly empty) and the one recommended next step.
 */
public record CommandPack(PackRequest request, ProjectSnapshot snapshot, String goalId, NextStep nextStep) {
    public CommandPack {
        Objects.requireNonNull(request, "request");
        Objects.requireNonNull(snapshot, "snapshot");
        Objects.requireNonNull(goalId, "goalId");
        Objects.requireNonNull(nextStep, "nextStep");
    }
}
