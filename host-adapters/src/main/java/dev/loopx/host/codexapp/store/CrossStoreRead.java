package dev.loopx.host.codexapp.store;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The result of reading one automation from both stores: either one consistent heartbeat
 * automation ({@link Consistent}) or {@link Blocked} with every reason found.
 */
public sealed interface CrossStoreRead {
    String automationId();

    /** {@code source_sha256} of what was read (covers the row, or its absence, and the TOML bytes). */
    String sourceSha256();

    /** {@code state_sha256} of what was read ({@link AutomationImage#stateSha256()}): blind to scheduler ticks. */
    String stateSha256();

    /** Both stores agree on one live heartbeat automation whose TOML prompt can be rewritten. */
    record Consistent(AutomationPair pair) implements CrossStoreRead {
        public Consistent {
            Objects.requireNonNull(pair, "pair");
        }

        @Override
        public String automationId() {
            return pair.automationId();
        }

        @Override
        public String sourceSha256() {
            return pair.image().sourceSha256();
        }

        @Override
        public String stateSha256() {
            return pair.image().stateSha256();
        }
    }

    /**
     * @param reasons   every reason found, in {@link BlockReason} order (never empty)
     * @param image     what was read when the SQLite row exists exactly once
     */
    record Blocked(
            String automationId,
            List<BlockReason> reasons,
            String sourceSha256,
            String stateSha256,
            Optional<AutomationImage> image)
            implements CrossStoreRead {
        public Blocked {
            Objects.requireNonNull(automationId, "automationId");
            reasons = List.copyOf(reasons);
            if (reasons.isEmpty()) {
                throw new IllegalArgumentException("a blocked read needs a reason");
            }
            Objects.requireNonNull(sourceSha256, "sourceSha256");
            Objects.requireNonNull(stateSha256, "stateSha256");
            Objects.requireNonNull(image, "image");
        }

        public BlockReason primary() {
            return reasons.get(0);
        }
    }
}
