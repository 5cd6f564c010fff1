package dev.loopx.cli.render;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.loopx.application.status.ReadEvidenceLog;
import dev.loopx.ledger.json.Json;
import dev.loopx.projections.evidence.EvidenceFold;
import dev.loopx.projections.evidence.EvidenceLog;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * {@code loopx evidence-log}'s answer, {@code loopx_evidence_log_v0}, from {@link ReadEvidenceLog}'s
 * items: a lane's recent evidence, newest first, within a byte budget ({@link #fit}). Whole items
 * are kept or left out (never cut in the middle); their text is shortened to
 * {@link EvidenceItemPart#TEXT_CHARS} characters ({@link #THIN_TEXT_CHARS} in a thin line).
 * {@code budget} says how many bytes the items took and how many were left out.
 *
 * <p>Its text says whose log it is and how many items it shows (and how many the budget left
 * out), then one line per item.
 *
 * @param agentId      the lane; empty for the goal-wide lane
 * @param thin         one short line per item ({@code lines}) instead of objects ({@code items})
 * @param shown        the items that fit the budget, newest first
 * @param omittedCount the older items the budget left out
 * @param usedBytes    the bytes the shown items took, brackets and commas included
 */
public record EvidenceLogAnswer(
        String goalId,
        String agentId,
        boolean thin,
        List<EvidenceLog.Item> shown,
        int omittedCount,
        int maxBytes,
        int usedBytes)
        implements RenderedAnswer {
    /** The longest text of a thin line, in characters (code points). */
    public static final int THIN_TEXT_CHARS = 80;

    public EvidenceLogAnswer {
        Objects.requireNonNull(goalId, "goalId");
        Objects.requireNonNull(agentId, "agentId");
        shown = List.copyOf(shown);
    }

    /**
     * The answer showing the newest {@code items} (given newest first) whose JSON array fits
     * {@code maxBytes}: the first item that does not fit ends the list.
     */
    public static EvidenceLogAnswer fit(
            String goalId, String agentId, List<EvidenceLog.Item> items, int maxBytes, boolean thin) {
        List<EvidenceLog.Item> shown = new ArrayList<>();
        int used = 2; // the brackets
        for (EvidenceLog.Item item : items) {
            int size = bytes(item, thin) + (shown.isEmpty() ? 0 : 1); // a comma before all but the first
            if (used + size > maxBytes) {
                break;
            }
            shown.add(item);
            used += size;
        }
        return new EvidenceLogAnswer(goalId, agentId, thin, shown, items.size() - shown.size(), maxBytes, used);
    }

    /** What one item adds to the array: its object, or its thin line as a JSON string. */
    private static int bytes(EvidenceLog.Item item, boolean thin) {
        return thin
                ? EvidenceItemPart.bytes(TextNode.valueOf(line(item)))
                : EvidenceItemPart.bytes(EvidenceItemPart.of(item));
    }

    @Override
    public ObjectNode json() {
        ObjectNode doc = Documents.answer("loopx_evidence_log_v0", true);
        doc.put("goal_id", goalId);
        doc.put("agent_id", agentId);
        doc.put("mode", thin ? "thin" : "full");
        doc.put("order", "newest_first");
        ArrayNode out = Json.array();
        for (EvidenceLog.Item item : shown) {
            if (thin) {
                out.add(line(item));
            } else {
                out.add(EvidenceItemPart.of(item));
            }
        }
        ObjectNode budget = doc.putObject("budget");
        budget.put("max_bytes", maxBytes);
        budget.put("used_bytes", usedBytes);
        budget.put("item_count", shown.size());
        budget.put("omitted_count", omittedCount);
        budget.put("truncated", omittedCount > 0);
        budget.put("kept_per_lane", EvidenceFold.KEPT);
        doc.set(thin ? "lines" : "items", out);
        return doc;
    }

    /** A thin line: the item's words, its text cut to {@link #THIN_TEXT_CHARS}. */
    private static String line(EvidenceLog.Item item) {
        return EvidenceLines.of(item, THIN_TEXT_CHARS);
    }

    void text(PrintWriter out) {
        out.println((agentId.isEmpty() ? "the goal" : agentId) + " on goal " + goalId + ": " + shownWords()
                + (omittedCount > 0
                        ? " (" + omittedCount + " older left out by the " + maxBytes
                                + "-byte budget; --max-bytes shows more)"
                        : ""));
        int textChars = thin ? THIN_TEXT_CHARS : EvidenceItemPart.TEXT_CHARS;
        List<String> lines = new ArrayList<>();
        shown.forEach(item -> lines.add(EvidenceLines.of(item, textChars)));
        new Lines(out).add("log", lines).print();
    }

    private String shownWords() {
        return shown.isEmpty() && omittedCount == 0
                ? "no evidence yet"
                : Words.count(shown.size(), "item") + ", newest first";
    }
}
