package dev.loopx.cli.commands;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loopx.cli.testing.CliRunner;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ledger repair} keeps every intact event (issue 35): only the damaged events are lost,
 * each replaced at its own seq by {@code ledger.repaired}; every intact acknowledged event after
 * the damage is re-appended at its seq with its payload, actor, time and operation id unchanged.
 * Each case damages a real journal through its bytes, previews (nothing written), repairs, and
 * checks the repaired ledger against the undamaged one, {@code ledger verify}, and that the
 * projections after the repair equal a {@code projections rebuild} of the repaired ledger.
 */
class LedgerRepairCliTest {
    private static final String QUEUE = "ledger/19700101F.cq4";

    @TempDir
    Path sandbox;

    private CliRunner cli;
    private Path pristine;
    /** The undamaged ledger's events by seq, as exported. */
    private final Map<Long, JsonNode> original = new TreeMap<>();

    @BeforeEach
    void writeALedgerWithSingleAndMultiEventAppends() throws IOException {
        // Batch sync: the sweep repairs dozens of roots; durability is not what it tests.
        cli = new CliRunner(sandbox).withVariable("LOOPX_LEDGER_SYNC", "batch");
        Path project = Files.createDirectories(cli.workingDirectory().resolve("p"));
        ok(cli.run("connect", "--project", project.toString(), "--goal-id", "g"));
        pristine = project.resolve(".loopx");
        ok(run(pristine, "register-agent", "--goal-id", "g", "--agent-id", "a", "--execute"));
        String first = ok(run(
                        pristine,
                        "todo",
                        "add",
                        "--goal-id",
                        "g",
                        "--role",
                        "agent",
                        "--text",
                        "task 1",
                        "--operation-id",
                        "op-1"))
                .path("todo_id")
                .asText();
        ok(run(pristine, "todo", "add", "--goal-id", "g", "--role", "agent", "--text", "task 2"));
        ok(run(pristine, "todo", "claim", "--goal-id", "g", "--todo-id", first, "--agent-id", "a"));
        ok(run(
                pristine,
                "todo",
                "complete",
                "--goal-id",
                "g",
                "--todo-id",
                first,
                "--agent-id",
                "a",
                "--no-follow-up"));
        ok(run(pristine, "todo", "add", "--goal-id", "g", "--role", "agent", "--text", "task 3"));
        ok(run(
                pristine,
                "todo",
                "add",
                "--goal-id",
                "g",
                "--role",
                "agent",
                "--text",
                "task 4",
                "--operation-id",
                "op-4"));
        ok(run(pristine, "todo", "add", "--goal-id", "g", "--role", "agent", "--text", "task 5"));
        for (JsonNode e : export(pristine)) {
            original.put(e.path("seq").asLong(), e);
        }
    }

    /** A byte flipped inside an early event (task 1's todo.added, the first line of a two-event append). */
    @Test
    void aByteFlippedInsideAnEarlyEvent_losesOnlyThatEvent_andTheFoldsCopeWithItsLaterEvents() throws IOException {
        long seq = seqOf("todo.added", "task 1");
        Path root = damaged("early", bytes -> flipInside(bytes, seq, "task 1"));
        JsonNode repaired = repair(root, Set.of(seq));
        assertEquals(seq - 1, repaired.path("valid_through_seq").asLong(), repaired.toString());
        JsonNode lost = repaired.path("lost_events").get(0);
        assertEquals("todo.added", lost.path("type").asText(), "the lost event's type still reads: " + lost);
        assertEquals(
                original.get(seq).path("recorded_at").asText(),
                lost.path("recorded_at").asText(),
                lost.toString());
        // the todo's claim and completion are kept although the todo's todo.added is lost
        assertTrue(original.values().stream()
                .anyMatch(e -> e.path("type").asText().equals("todo.claimed")
                        && e.path("seq").asLong() > seq));
    }

    /** The last event's text changed, its hash kept: the head marker and the hash both say it is not the one written. */
    @Test
    void theLastEventsTextChangedWithItsHashKept_losesOnlyTheLastEvent() throws IOException {
        long last = ((TreeMap<Long, JsonNode>) original).lastKey();
        Path root = damaged("last", bytes -> replaceIn(bytes, "task 5", "task X"));
        repair(root, Set.of(last));
    }

    /** The last document (two events) cut short in the middle of its second line. */
    @Test
    void aDocumentCutShortInTheMiddle_keepsItsIntactFirstLine() throws IOException {
        long last = ((TreeMap<Long, JsonNode>) original).lastKey();
        Path root = copyOf("cut");
        long[] doc = documents(root).get(documents(root).size() - 2); // task 4 + operation.recorded
        truncate(root.resolve(QUEUE), doc[0] + 4 + doc[1] - 40);
        // the cut loses the rest of the file too: task 5 after it, which only the head marker names
        repair(root, Set.of(last - 1, last));
    }

    /** A two-event document whose first line is damaged: its second line is intact and kept. */
    @Test
    void aMultiEventDocumentWithOneBadLine_keepsItsOtherLine() throws IOException {
        long seq = seqOf("todo.added", "task 4");
        Path root = damaged("line", bytes -> flipInside(bytes, seq, "task 4"));
        JsonNode repaired = repair(root, Set.of(seq));
        assertEquals(1, repaired.path("lost_events").size(), repaired.toString());
        assertEquals(
                "operation.recorded",
                original.get(seq + 1).path("type").asText(),
                "the document's other line is the operation record, kept");
    }

    /** A document header's length damaged: Chronicle cannot read on, yet every event's bytes are intact. */
    @Test
    void aDamagedDocumentHeader_losesNothing_andKeepsTheChainBitForBit() throws IOException {
        Path root = copyOf("header");
        long[] doc = documents(root).get(2);
        Path queue = root.resolve(QUEUE);
        byte[] bytes = Files.readAllBytes(queue);
        bytes[(int) doc[0] + 1] ^= 0x04;
        Files.write(queue, bytes);
        JsonNode repaired = repair(root, Set.of());
        assertEquals(original.size(), repaired.path("valid_through_seq").asLong(), repaired.toString());
    }

    /** A document header zeroed (Chronicle reads it as the end of the queue): the events after it are all kept. */
    @Test
    void aZeroedDocumentHeader_losesNothing() throws IOException {
        Path root = copyOf("zeroed-header");
        long[] doc = documents(root).get(1);
        Path queue = root.resolve(QUEUE);
        byte[] bytes = Files.readAllBytes(queue);
        java.util.Arrays.fill(bytes, (int) doc[0], (int) doc[0] + 4, (byte) 0);
        Files.write(queue, bytes);
        repair(root, Set.of());
    }

    /**
     * Every {@code loopx.repair.stride}-th byte of the journal's documents flipped (headers, lines,
     * newlines): the repair loses at most the events whose bytes the flip touched (two when it
     * joins two lines), keeps every other event unchanged at its seq, and {@code ledger verify}
     * passes afterwards.
     */
    @Test
    void everySampledFlippedByte_losesAtMostTheEventsItTouches() throws IOException {
        int stride = Integer.getInteger("loopx.repair.stride", 97);
        List<long[]> docs = documents(pristine);
        long from = docs.getFirst()[0];
        long to = docs.getLast()[0] + 4 + docs.getLast()[1];
        Map<String, Integer> outcomes = new TreeMap<>();
        List<String> failures = new ArrayList<>();
        for (long at = from; at < to; at += stride) {
            int position = (int) at;
            Path root = damaged("sweep-" + at, bytes -> bytes[position] ^= (byte) 0xFF);
            CliRunner.Result done = run(root, "ledger", "repair", "--execute");
            if (done.exit() == 0 && !done.json().path("damaged").asBoolean()) {
                outcomes.merge("sound", 1, Integer::sum);
                continue;
            }
            CliRunner.Result verify = run(root, "ledger", "verify");
            Map<Long, JsonNode> repaired = new TreeMap<>();
            if (done.exit() == 0 && verify.exit() == 0) {
                export(root).forEach(e -> repaired.put(e.path("seq").asLong(), e));
            }
            long lost = repaired.values().stream()
                    .filter(e -> e.path("type").asText().equals("ledger.repaired"))
                    .count();
            boolean unchanged = repaired.keySet().equals(original.keySet())
                    && original.keySet().stream()
                            .allMatch(seq ->
                                    repaired.get(seq).path("type").asText().equals("ledger.repaired")
                                            || List.of("type", "recorded_at", "actor", "operation_id", "payload")
                                                    .stream()
                                                    .allMatch(f -> original.get(seq)
                                                            .path(f)
                                                            .equals(repaired.get(seq)
                                                                    .path(f))));
            if (unchanged && lost <= 2) {
                outcomes.merge("repaired, lost " + lost, 1, Integer::sum);
            } else {
                failures.add("byte " + at + ": lost " + lost + "\n" + done + "\n" + verify);
            }
        }
        System.out.println("ledger repair after one flipped byte (stride " + stride + "): " + outcomes);
        assertTrue(
                failures.isEmpty(),
                failures.size() + " flips:\n" + String.join("\n\n", failures.subList(0, Math.min(3, failures.size()))));
        assertTrue(outcomes.keySet().stream().anyMatch(k -> k.equals("repaired, lost 1")), outcomes.toString());
    }

    /**
     * Damages a copy, previews (exit 1, nothing written, the lost seqs named), repairs, and checks
     * the repaired ledger; returns the repair's answer.
     */
    private JsonNode repair(Path root, Set<Long> lostSeqs) {
        var before = CliRunner.snapshot(root);
        CliRunner.Result preview = run(root, "ledger", "repair");
        assertEquals(1, preview.exit(), preview.toString());
        assertEquals("ledger_repair_needed", preview.json().path("error_code").asText(), preview.toString());
        assertEquals(lostSeqs, seqs(preview.json().path("lost_events")), preview.toString());
        assertEquals(
                original.size() - lostSeqs.size(),
                preview.json().path("kept_events").asLong());
        assertEquals(before, CliRunner.snapshot(root), "a preview writes nothing");

        CliRunner.Result done = run(root, "ledger", "repair", "--execute");
        assertEquals(0, done.exit(), done.toString());
        JsonNode answer = done.json();
        assertEquals(lostSeqs, seqs(answer.path("lost_events")), done.toString());
        assertEquals(lostSeqs.size(), answer.path("acknowledged_events_lost").asLong(), done.toString());
        String kept = answer.path("damaged_files_kept_at").asText();
        assertTrue(Files.exists(root.resolve(kept).resolve(QUEUE)), "the whole damaged journal is kept");

        CliRunner.Result verify = run(root, "ledger", "verify");
        assertEquals(0, verify.exit(), verify.toString());
        assertEquals(original.size(), verify.json().path("head_seq").asLong(), "no seq moved");

        Map<Long, JsonNode> repaired = new TreeMap<>();
        for (JsonNode e : export(root)) {
            repaired.put(e.path("seq").asLong(), e);
        }
        assertEquals(original.keySet(), repaired.keySet());
        for (long seq : original.keySet()) {
            JsonNode was = original.get(seq);
            JsonNode is = repaired.get(seq);
            if (lostSeqs.contains(seq)) {
                assertEquals("ledger.repaired", is.path("type").asText(), is.toString());
                assertEquals(seq, is.path("payload").path("lost_seq").asLong(), is.toString());
                assertEquals("", is.path("goal_id").asText());
                continue;
            }
            for (String field :
                    List.of("type", "type_version", "recorded_at", "goal_id", "actor", "operation_id", "payload")) {
                assertEquals(was.path(field), is.path(field), "seq " + seq + " keeps its " + field);
            }
            if (seq < lostSeqs.stream().min(Long::compare).orElse(Long.MAX_VALUE)) {
                assertEquals(was.path("hash"), is.path("hash"), "the valid chain is kept bit for bit");
            }
        }
        for (long seq : lostSeqs) {
            JsonNode repairEvent = repaired.get(seq).path("payload");
            assertEquals(original.size(), repairEvent.path("replaced_head_seq").asLong(), repairEvent.toString());
            assertEquals(
                    original.get((long) original.size()).path("hash").asText(),
                    repairEvent.path("replaced_head_hash").asText(),
                    "the repair names the damaged journal's acknowledged head");
        }

        String afterRepair = dump(root);
        ok(run(root, "projections", "rebuild"));
        assertEquals(afterRepair, dump(root), "the projections after the repair are a rebuild's");
        CliRunner.Result again = run(root, "ledger", "repair");
        assertEquals(false, again.json().path("damaged").asBoolean(), again.toString());
        CliRunner.Result write = run(root, "todo", "add", "--goal-id", "g", "--role", "agent", "--text", "after");
        assertEquals(
                original.size() + 1, ok(write).path("receipt").path("seq_from").asLong());
        return answer;
    }

    private long seqOf(String type, String text) {
        return original.values().stream()
                .filter(e -> e.path("type").asText().equals(type)
                        && e.path("payload").toString().contains(text))
                .findFirst()
                .orElseThrow()
                .path("seq")
                .asLong();
    }

    /** Flips one byte of {@code text} inside the stored line of {@code seq} (its hash then cannot recompute). */
    private static void flipInside(byte[] bytes, long seq, String text) {
        int seqAt = indexOf(bytes, ("\"seq\":" + seq + ",").getBytes(StandardCharsets.US_ASCII), 0);
        byte[] lineStart = "{\"actor\":".getBytes(StandardCharsets.US_ASCII);
        int lineAt = 0;
        for (int i = indexOf(bytes, lineStart, 0); i >= 0 && i < seqAt; i = indexOf(bytes, lineStart, i + 1)) {
            lineAt = i;
        }
        int at = indexOf(bytes, text.getBytes(StandardCharsets.US_ASCII), lineAt);
        assertTrue(at > 0 && at < seqAt, "the text lies in the line of seq " + seq);
        bytes[at + text.length() - 1] ^= 0x01;
    }

    private static void replaceIn(byte[] bytes, String from, String to) {
        int at = indexOf(bytes, from.getBytes(StandardCharsets.US_ASCII), 0);
        assertTrue(at > 0, from);
        System.arraycopy(to.getBytes(StandardCharsets.US_ASCII), 0, bytes, at, to.length());
    }

    private static int indexOf(byte[] bytes, byte[] needle, int from) {
        outer:
        for (int i = from; i + needle.length <= bytes.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (bytes[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }

    private static Set<Long> seqs(JsonNode lost) {
        Set<Long> seqs = new java.util.TreeSet<>();
        lost.forEach(l -> seqs.add(l.path("seq").asLong()));
        return seqs;
    }

    private Path damaged(String name, Consumer<byte[]> change) throws IOException {
        Path root = copyOf(name);
        Path queue = root.resolve(QUEUE);
        byte[] bytes = Files.readAllBytes(queue);
        change.accept(bytes);
        Files.write(queue, bytes);
        return root;
    }

    private List<JsonNode> export(Path root) {
        Path file = root.getParent().resolve("export-" + System.nanoTime() + ".jsonl");
        ok(cli.run("--runtime-root", root.toString(), "ledger", "export", file.toString()));
        try {
            List<JsonNode> events = new ArrayList<>();
            for (String line : Files.readAllLines(file)) {
                events.add(dev.loopx.ledger.json.Json.mapper().readTree(line));
            }
            Files.delete(file);
            return events;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private String dump(Path root) {
        CliRunner.Result result = run(root, "projections", "dump", "--canonical");
        assertEquals(0, result.exit(), result.toString());
        return result.stdout();
    }

    private CliRunner.Result run(Path root, String... command) {
        List<String> args = new ArrayList<>(List.of("--runtime-root", root.toString()));
        args.addAll(List.of(command));
        args.addAll(List.of("--format", "json"));
        return cli.run(args.toArray(String[]::new));
    }

    private static JsonNode ok(CliRunner.Result result) {
        assertEquals(0, result.exit(), result.toString());
        return result.json();
    }

    /** Data documents of the queue file: {offset of the header, body length}. */
    private static List<long[]> documents(Path root) throws IOException {
        byte[] b = Files.readAllBytes(root.resolve(QUEUE));
        ByteBuffer buffer = ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN);
        List<long[]> docs = new ArrayList<>();
        int pos = 0;
        while (pos + 4 <= b.length) {
            int header = buffer.getInt(pos);
            if (header == 0) {
                break;
            }
            int length = header & 0x3FFFFFFF;
            if ((header & 0x40000000) == 0) {
                docs.add(new long[] {pos, length});
            }
            pos = (pos + 4 + length + 3) & ~3;
        }
        return docs;
    }

    private Path copyOf(String name) throws IOException {
        Path target = sandbox.resolve(name + "-" + System.nanoTime()).resolve(".loopx");
        try (Stream<Path> files = Files.walk(pristine)) {
            for (Path p : files.toList()) {
                Path to = target.resolve(pristine.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(to);
                } else {
                    Files.copy(p, to, StandardCopyOption.COPY_ATTRIBUTES);
                }
            }
        }
        return target;
    }

    private static void truncate(Path file, long size) {
        try (var ch = java.nio.channels.FileChannel.open(file, java.nio.file.StandardOpenOption.WRITE)) {
            ch.truncate(size);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
