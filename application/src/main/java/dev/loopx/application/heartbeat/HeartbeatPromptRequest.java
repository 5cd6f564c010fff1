package dev.loopx.application.heartbeat;

import dev.loopx.host.surface.HostSurface;
import dev.loopx.projections.query.RuntimeProfile;
import java.util.List;
import java.util.Objects;

/**
 * What a {@code heartbeat-prompt} call asks for (SPEC §S11): exactly one of three modes, each
 * with only the fields it uses, so a combination the modes exclude cannot be expressed. Values are
 * validated by the adapter (ids, capabilities, the scope's shape and privacy); {@code agentId} is
 * empty when not given. Capabilities are kept sorted and distinct.
 */
public sealed interface HeartbeatPromptRequest {
    String goalId();

    String agentId();

    /**
     * The per-turn task body ({@code heartbeat_agent_input_v1}) for a lane of any host profile.
     *
     * @param scope the lane's scope as normalised for the body; empty when none
     * @param turnInstanceId the turn whose should-run receipt the body records; empty when none
     */
    record Thin(
            String goalId,
            String agentId,
            String scope,
            List<String> capabilities,
            String cliBin,
            RuntimeProfile runtimeProfile,
            String turnInstanceId)
            implements HeartbeatPromptRequest {
        public Thin {
            Objects.requireNonNull(goalId, "goalId");
            Objects.requireNonNull(agentId, "agentId");
            Objects.requireNonNull(scope, "scope");
            capabilities = capabilities.stream().sorted().distinct().toList();
            Objects.requireNonNull(cliBin, "cliBin");
            Objects.requireNonNull(runtimeProfile, "runtimeProfile");
            Objects.requireNonNull(turnInstanceId, "turnInstanceId");
        }
    }

    /**
     * The managed wrapper a Codex App host stores as its automation prompt (profile
     * {@link RuntimeProfile#CODEX_APP_HEARTBEAT}, no scope, no turn). Reads only.
     */
    record Bootstrap(String goalId, String agentId, String cliBin, List<String> capabilities)
            implements HeartbeatPromptRequest {
        public Bootstrap {
            Objects.requireNonNull(goalId, "goalId");
            Objects.requireNonNull(agentId, "agentId");
            Objects.requireNonNull(cliBin, "cliBin");
            capabilities = capabilities.stream().sorted().distinct().toList();
        }
    }

    /**
     * The wrapper of {@code wrapper}, and one {@code heartbeat.installed} (its digest, never its text)
     * saying a host surface installed it: previewed unless {@code execute}. Never spends.
     *
     * @param hostSurface where the host installed it (recorded by its wire name, e.g. {@code codex-app})
     * @param operationId idempotency key; empty when none
     */
    record RecordInstall(Bootstrap wrapper, HostSurface hostSurface, String operationId, boolean execute)
            implements HeartbeatPromptRequest {
        public RecordInstall {
            Objects.requireNonNull(wrapper, "wrapper");
            Objects.requireNonNull(hostSurface, "hostSurface");
            Objects.requireNonNull(operationId, "operationId");
        }

        @Override
        public String goalId() {
            return wrapper.goalId();
        }

        @Override
        public String agentId() {
            return wrapper.agentId();
        }
    }
}
