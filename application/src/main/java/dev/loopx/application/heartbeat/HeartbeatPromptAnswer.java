package dev.loopx.application.heartbeat;

import dev.loopx.application.goal.GoalWrites;
import dev.loopx.host.heartbeat.IdentityRefusal;
import dev.loopx.host.heartbeat.ManagedWrapper;
import dev.loopx.host.heartbeat.ThinPrompt;
import dev.loopx.host.heartbeat.WrapperBinding;
import dev.loopx.projections.heartbeat.HeartbeatFold.HeartbeatInstall;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/** What {@link AnswerHeartbeatPrompt} answers, per mode. */
public sealed interface HeartbeatPromptAnswer {
    /** The thin answer: the lane's task body and its budget. */
    record Thin(ThinPrompt prompt) implements HeartbeatPromptAnswer {
        public Thin {
            Objects.requireNonNull(prompt, "prompt");
        }
    }

    /**
     * The lane may not load the body or wrapper it asked for (identity fails closed): the refusal
     * naming what to run instead, in the requested mode's terms. Nothing was recorded.
     */
    record Refused(IdentityRefusal refusal) implements HeartbeatPromptAnswer {
        public Refused {
            Objects.requireNonNull(refusal, "refusal");
        }
    }

    /**
     * The managed wrapper: what it binds (the runtime root is a private local path), its exact
     * text, and for {@code RecordInstall} what the install record did.
     */
    record Wrapper(WrapperBinding binding, String text, Optional<Install> install) implements HeartbeatPromptAnswer {
        public Wrapper {
            Objects.requireNonNull(binding, "binding");
            Objects.requireNonNull(text, "text");
            Objects.requireNonNull(install, "install");
        }

        public String goalId() {
            return binding.goalId();
        }

        public String agentId() {
            return binding.agentId();
        }

        /** The wrapper layout version. */
        public int version() {
            return binding.version();
        }

        /** The absolute runtime root the wrapper binds: private, never shown unredacted in public output. */
        public String runtimeRoot() {
            return binding.runtimeRoot();
        }

        public String cliBin() {
            return binding.cliBin();
        }

        /** Sorted, distinct. */
        public List<String> capabilities() {
            return binding.capabilities();
        }

        /** SHA-256 (hex) of the exact text: what a host's stored prompt must hash to. */
        public String sha256() {
            return ManagedWrapper.sha256(text);
        }

        public int chars() {
            return ManagedWrapper.chars(text);
        }

        public int maxChars() {
            return ManagedWrapper.MAX_CHARS;
        }

        public boolean withinBudget() {
            return ManagedWrapper.withinBudget(text);
        }
    }

    /**
     * The {@code heartbeat.installed} write (previewed or written) and the lane's last recorded
     * install on that surface afterwards (empty when there is none).
     */
    record Install(String hostSurface, GoalWrites.Outcome outcome, Optional<HeartbeatInstall> lastInstall) {
        public Install {
            Objects.requireNonNull(hostSurface, "hostSurface");
            Objects.requireNonNull(outcome, "outcome");
            Objects.requireNonNull(lastInstall, "lastInstall");
        }

        /** Whether this call appended (false for a preview, a repeat that changed nothing, or a replay). */
        public boolean changed() {
            return outcome instanceof GoalWrites.Outcome.Written w
                    && w.receipt().changed();
        }
    }
}
