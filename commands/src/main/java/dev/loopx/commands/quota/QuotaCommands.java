package dev.loopx.commands.quota;

/** Evidence writebacks and quota accounting (SPEC §S6). Empty strings mean "not given". */
public final class QuotaCommands {
    private QuotaCommands() {}

    /** Every quota command; {@link QuotaDecider#decide(QuotaCommand, java.util.Optional)} handles each one. */
    public sealed interface QuotaCommand permits RecordEvidence, SpendSlot, VoidSlot {
        String goalId();
    }

    /** {@code refresh-state}: a turn's evidence writeback. */
    public record RecordEvidence(String goalId, String agentId, String deliveryOutcome, String summary)
            implements QuotaCommand {}

    /** {@code quota spend-slot}: spend for the latest unspent accountable writeback (of {@code agentId} when given). */
    public record SpendSlot(String goalId, String agentId, int slots) implements QuotaCommand {}

    /** {@code quota void-slot}: cancel the spend recorded at {@code spentSeq}. */
    public record VoidSlot(String goalId, long spentSeq, String reasonSummary) implements QuotaCommand {}
}
