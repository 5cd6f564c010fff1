package dev.loopx.application.heartbeat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.application.goal.GoalWrites;
import dev.loopx.host.heartbeat.ManagedWrapper;
import dev.loopx.host.heartbeat.WrapperBinding;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/** What {@link AnswerHeartbeatPrompt} answers, per mode. */
public sealed interface HeartbeatPromptAnswer {
    /** The thin answer: {@code heartbeat_agent_input_v1}, or its identity refusal (ok=false, no body). */
    record Thin(ObjectNode document) implements HeartbeatPromptAnswer {
        public Thin {
            Objects.requireNonNull(document, "document");
        }
    }

    /**
     * The lane may not load a managed wrapper (no registered agent given): the refusal document
     * ({@link AnswerHeartbeatPrompt#BOOTSTRAP_SCHEMA}, ok=false) naming what to run instead. Nothing
     * was recorded.
     */
    record Refused(ObjectNode document) implements HeartbeatPromptAnswer {
        public Refused {
            Objects.requireNonNull(document, "document");
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
     * install on that surface afterwards, as its view document (empty when there is none).
     */
    record Install(String hostSurface, GoalWrites.Outcome outcome, Optional<ObjectNode> lastInstall) {
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
