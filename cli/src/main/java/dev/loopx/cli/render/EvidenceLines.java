package dev.loopx.cli.render;

import dev.loopx.projections.audit.GoalLog;
import dev.loopx.projections.evidence.EvidenceLog;
import dev.loopx.projections.quota.QuotaLog;

/**
 * One short line for an {@code evidence-log} item: {@code #41 2026-12-02T10:00:00Z writeback
 * outcome_progress (spent at #43): Parser done}. The same words for {@code --thin} and for the text view.
 */
public final class EvidenceLines {
    private EvidenceLines() {}

    /** The line of {@code item}, its text cut to {@code textChars} characters. */
    public static String of(EvidenceLog.Item item, int textChars) {
        String head = "#" + item.seq() + " " + item.recordedAt() + " ";
        return head
                + switch (item) {
                    case EvidenceLog.Item.Writeback(QuotaLog.Writeback w) -> writeback(w, textChars);
                    case EvidenceLog.Item.Spend(QuotaLog.Spend s) -> spend(s);
                    case EvidenceLog.Item.Reward(GoalLog.Reward r) ->
                        "reward " + r.reward() + " (" + r.actorKind() + ")" + text(r.reasonSummary(), textChars);
                    case EvidenceLog.Item.Gate(GoalLog.Gate g) ->
                        "gate " + g.decision() + " " + g.gate() + " (" + g.actorKind() + ")"
                                + text(g.reasonSummary(), textChars);
                };
    }

    private static String writeback(QuotaLog.Writeback w, int textChars) {
        return "writeback " + or(w.deliveryOutcome(), "(no outcome)")
                + (w.spentSeq() > 0 ? " (spent at #" + w.spentSeq() + ")" : w.accountable() ? " (not spent yet)" : "")
                + text(w.summary(), textChars);
    }

    private static String spend(QuotaLog.Spend s) {
        return "spend " + Words.count(s.slots(), "slot")
                + (s.writebackSeq() > 0 ? " for #" + s.writebackSeq() : "")
                + (s.voidedSeq() > 0 ? " (voided at #" + s.voidedSeq() + ")" : "");
    }

    /** At most {@code max} characters (code points), an ellipsis marking a cut. */
    public static String cut(String s, int max) {
        if (s.codePointCount(0, s.length()) <= max) {
            return s;
        }
        return s.substring(0, s.offsetByCodePoints(0, max - 1)) + "…";
    }

    private static String text(String s, int max) {
        return s.isEmpty() ? "" : ": " + cut(s, max);
    }

    private static String or(String s, String fallback) {
        return s.isEmpty() ? fallback : s;
    }
}
