package dev.loopx.cli.commands;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loopx.cli.testing.CliRunner;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Damage to a runtime root's files, through the real CLI on real files (SPEC §S2, issue 24): every
 * single-byte flip of the queue file's header and documents (every {@code loopx.damage.stride}-th
 * byte elsewhere in its written region), truncation at and inside every document, the deleted
 * queue file, a damaged {@code metadata.cq4t} (every byte of its fields), head marker and projection
 * store, the last event's text changed under its old hash. Each damaged root is asked {@code ledger
 * verify}, {@code status}, {@code quota should-run}, {@code todo add}, {@code projections rebuild}
 * and {@code ledger export} (issue 35).
 *
 * <p>Every answer is one of: detected (exit 1 or 3 naming where the valid chain ends, or a read
 * that answers from the projections and says the ledger is damaged from a seq: ADR 0011), a clean
 * structured error, or unaffected (exactly the answer the undamaged root gives: the damage lies in
 * derived data that was rebuilt, or outside what the command reads, and {@code ledger verify}
 * still finds it). Never silently accepted (a different answer with exit 0, or a verify that
 * passes over changed events) and never crashed (a stack trace, {@code internal_error}).
 * {@code bench/ledger-damage} runs every byte ({@code -Dloopx.damage.stride=1}) and prints the table.
 */
class LedgerDamageCliTest {
    private static final int STRIDE = Integer.getInteger("loopx.damage.stride", 12);

    @TempDir
    Path sandbox;

    private CliRunner cli;
    private Path pristine;
    private final Map<String, CliRunner.Result> expected = new LinkedHashMap<>();
    private String pristineExport;
    /** The export of the undamaged copy after {@link #COMMANDS} ran on it (its todo add appended one event). */
    private String expectedExport;
    /** The pristine ledger's head seq (how many events connect, register-agent and three todo adds wrote). */
    private long head;

    enum Outcome {
        DETECTED,
        CLEAN_ERROR,
        UNAFFECTED,
        SILENTLY_ACCEPTED,
        CRASHED
    }

    private static final String[][] COMMANDS = {
        {"ledger", "verify"},
        {"status", "--goal-id", "g"},
        {"quota", "should-run", "--goal-id", "g", "--agent-id", "a", "--runtime-profile", "generic_cli"},
        {"todo", "add", "--goal-id", "g", "--role", "agent", "--text", "after the damage"},
        {"projections", "rebuild"},
        {"ledger", "export"},
    };

    @BeforeEach
    void writeASmallLedger() throws IOException {
        // Batch sync: the harness writes thousands of roots; durability is not what it tests.
        cli = new CliRunner(sandbox).withVariable("LOOPX_LEDGER_SYNC", "batch");
        Path project = Files.createDirectories(cli.workingDirectory().resolve("p"));
        ok(cli.run("connect", "--project", project.toString(), "--goal-id", "g"));
        pristine = project.resolve(".loopx");
        ok(cli.run(
                "--runtime-root",
                pristine.toString(),
                "register-agent",
                "--goal-id",
                "g",
                "--agent-id",
                "a",
                "--execute"));
        for (int i = 1; i <= 3; i++) {
            ok(cli.run(
                    "--runtime-root",
                    pristine.toString(),
                    "todo",
                    "add",
                    "--goal-id",
                    "g",
                    "--role",
                    "agent",
                    "--text",
                    "task " + i));
        }
        Path copy = copyOf("expected");
        for (String[] command : COMMANDS) {
            expected.put(command[0] + " " + command[1], run(copy, command));
        }
        pristineExport = export(copyOf("export"));
        // the commands above wrote one todo on the undamaged copy: its export is the other sound answer
        expectedExport = Files.readString(copy.getParent().resolve(copy.getFileName() + "-export.jsonl"));
        head = expected.get("ledger verify").json().path("head_seq").asLong();
    }

    @Test
    void noDamageIsSilentlyAcceptedAndNothingCrashes() throws IOException {
        Map<Outcome, Integer> figures = new EnumMap<>(Outcome.class);
        for (Outcome o : Outcome.values()) {
            figures.put(o, 0);
        }
        List<String> failures = new ArrayList<>();
        Map<String, Integer> breakdown = new java.util.TreeMap<>();
        Map<String, Consumer<Path>> cases = cases();
        for (Map.Entry<String, Consumer<Path>> c : cases.entrySet()) {
            Path root = copyOf("case");
            c.getValue().accept(root);
            for (String[] command : COMMANDS) {
                Path journal = root.resolve("ledger/19700101F.cq4");
                String journalBefore = fingerprint(journal);
                CliRunner.Result result = run(root, command);
                Outcome outcome = classify(root, command, result);
                String journalAfter = fingerprint(journal);
                if (result.exit() != 0 && !journalBefore.equals(journalAfter)) {
                    outcome = Outcome.SILENTLY_ACCEPTED;
                    failures.add(c.getKey() + " / " + String.join(" ", command) + ": refused, yet the journal changed\n"
                            + result);
                }
                if (command[1].equals("verify")
                        && result.exit() == 0
                        && !export(root).equals(pristineExport)) {
                    outcome = Outcome.SILENTLY_ACCEPTED;
                    failures.add(
                            c.getKey() + ": ledger verify passed but the events differ from the undamaged ledger's");
                }
                figures.merge(outcome, 1, Integer::sum);
                String kind = c.getKey().replaceAll(" [0-9]+$", "");
                String code = result.exit() == 0 ? "ok" : codeOf(result);
                breakdown.merge(
                        kind + " | " + command[0] + " " + command[1] + " | " + outcome + " " + code, 1, Integer::sum);
                if (outcome == Outcome.SILENTLY_ACCEPTED || outcome == Outcome.CRASHED) {
                    failures.add(c.getKey() + " / " + String.join(" ", command) + ": " + outcome + "\n" + result);
                }
            }
            deleteTree(root);
        }
        System.out.println("ledger damage: " + cases.size() + " damaged roots x " + COMMANDS.length
                + " commands (stride " + STRIDE + "): " + figures);
        breakdown.forEach((k, v) -> System.out.println("  " + v + "\t" + k));
        assertTrue(
                failures.isEmpty(),
                failures.size() + " answers:\n"
                        + String.join("\n\n", failures.subList(0, Math.min(5, failures.size()))));
        assertTrue(figures.get(Outcome.DETECTED) > 0, "damage is detected: " + figures);
    }

    /**
     * Size and SHA-256 of {@code file}, read as a stream: a damaged length field can make Chronicle
     * grow a sparse queue file past what one array holds (stride 1 failed with "Required array size
     * too large" when the whole file was read into memory).
     */
    private static String fingerprint(Path file) {
        if (!Files.exists(file)) {
            return "absent";
        }
        try (var in = Files.newInputStream(file)) {
            var sha = java.security.MessageDigest.getInstance("SHA-256");
            byte[] buffer = new byte[1 << 16];
            long size = 0;
            for (int n; (n = in.read(buffer)) > 0; ) {
                sha.update(buffer, 0, n);
                size += n;
            }
            return size + ":" + java.util.HexFormat.of().formatHex(sha.digest());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The last document cut short: every command names where the valid chain ends. */
    @Test
    void aQueueFileCutInsideItsLastDocumentIsLedgerCorruptNamingTheLastGoodSeq() throws IOException {
        Path root = copyOf("cut");
        long[] last = documents(root).getLast();
        truncate(root.resolve("ledger/19700101F.cq4"), last[0] + last[1] / 2);
        for (String[] command : COMMANDS) {
            CliRunner.Result result = run(root, command);
            assertNamesTheDamage(result, head, head - 1);
            JsonNode doc = result.json();
            if (command[1].equals("verify")) {
                assertEquals(1, result.exit(), result.toString());
                assertEquals(head - 1, doc.path("events_checked").asLong(), result.toString());
            } else if (result.exit() != 0) {
                assertTrue(
                        doc.path("message").asText().contains("valid chain ends at seq " + (head - 1)),
                        result.toString());
                assertTrue(!doc.path("hint").asText().equals("loopx ledger verify"), result.toString());
            }
        }
    }

    /** A tail removed with its marker deleted: the projection store still knows; never a silent rebuild. */
    @Test
    void aProjectionStoreAheadOfTheLedgerIsLedgerTailLostOnEveryCommand() throws IOException {
        Path root = copyOf("shrunk");
        long[] last = documents(root).getLast();
        zero(root.resolve("ledger/19700101F.cq4"), last[0], last[1] + 4);
        Files.delete(root.resolve("ledger.head"));
        for (String[] command : COMMANDS) {
            assertNamesTheDamage(run(root, command), head, head - 1);
        }
    }

    /** Queue files and marker deleted: the store knows the goal had events; not goal_not_found, not an empty ledger that verifies. */
    @Test
    void aDeletedJournalIsLedgerTailLostNotAnEmptyLedger() throws IOException {
        Path root = copyOf("gone");
        try (Stream<Path> files = Files.list(root.resolve("ledger"))) {
            for (Path f : files.toList()) {
                Files.delete(f);
            }
        }
        Files.delete(root.resolve("ledger.head"));
        for (String[] command : COMMANDS) {
            CliRunner.Result result = run(root, command);
            assertNamesTheDamage(result, 1, 0);
            if (command[0].equals("status")) {
                assertEquals(1, result.json().path("goal_count").asInt(), "the goal is still known: " + result);
            }
        }
    }

    /**
     * A damaged root's answer names where the valid chain ends: a refusal (exit 1 or 3) with
     * {@code first_bad_seq}/{@code valid_through_seq}, or a read that answers from the projections
     * and says the ledger is damaged from that seq (ADR 0011); never a plain answer.
     */
    private static void assertNamesTheDamage(CliRunner.Result result, long firstBad, long validThrough) {
        JsonNode doc = result.json();
        if (result.exit() == 0) {
            if (doc.has("ledger_damage")) {
                assertEquals(
                        firstBad, doc.get("ledger_damage").path("first_bad_seq").asLong(), result.toString());
                assertEquals(
                        validThrough,
                        doc.get("ledger_damage").path("valid_through_seq").asLong(),
                        result.toString());
            } else {
                assertEquals("ledger_damaged", doc.path("effective_action").asText(), result.toString());
                assertTrue(doc.path("reason").asText().contains("from seq " + firstBad), result.toString());
            }
            return;
        }
        assertTrue(result.exit() == 1 || result.exit() == 3, result.toString());
        if (doc.has("first_bad_seq")) {
            assertEquals(firstBad, doc.path("first_bad_seq").asLong(), result.toString());
        }
        if (doc.has("valid_through_seq")) {
            assertEquals(validThrough, doc.path("valid_through_seq").asLong(), result.toString());
        }
        assertTrue(doc.has("first_bad_seq") || doc.has("valid_through_seq"), result.toString());
    }

    /**
     * The owner's explicit path after damage: {@code ledger repair} previews (exit 1, nothing
     * written), then keeps every intact event, puts a {@code ledger.repaired} at the zeroed last
     * document's seq, keeps the damaged files aside (0700) and the root works again.
     */
    @Test
    void repairKeepsEveryIntactEventAndTheDamagedFilesAside() throws IOException {
        Path root = copyOf("repair");
        long[] last = documents(root).getLast();
        zero(root.resolve("ledger/19700101F.cq4"), last[0], last[1] + 4);
        var before = CliRunner.snapshot(root);
        CliRunner.Result preview = run(root, "ledger", "repair");
        assertEquals(1, preview.exit(), preview.toString());
        assertEquals(head - 1, preview.json().path("valid_through_seq").asLong());
        assertEquals(1, preview.json().path("acknowledged_events_lost").asLong());
        assertEquals(before, CliRunner.snapshot(root), "a preview writes nothing");

        CliRunner.Result repaired = run(root, "ledger", "repair", "--execute");
        assertEquals(0, repaired.exit(), repaired.toString());
        String kept = repaired.json().path("damaged_files_kept_at").asText();
        assertTrue(kept.startsWith("private/damaged-ledgers/"), kept);
        assertEquals(
                "rwx------",
                java.nio.file.attribute.PosixFilePermissions.toString(
                        Files.getPosixFilePermissions(root.resolve(kept))));
        assertTrue(Files.exists(root.resolve(kept).resolve("ledger/19700101F.cq4")), "the damaged journal is kept");
        assertEquals(
                head, repaired.json().path("lost_events").get(0).path("seq").asLong(), repaired.toString());
        CliRunner.Result verify = run(root, "ledger", "verify");
        assertEquals(0, verify.exit(), verify.toString());
        assertEquals(head, verify.json().path("events_checked").asLong(), "the lost seq holds ledger.repaired");
        CliRunner.Result write = run(root, COMMANDS[3]);
        assertEquals(0, write.exit(), write.toString());
        assertEquals(head + 1, write.json().path("receipt").path("seq_from").asLong());
        CliRunner.Result again = run(root, "ledger", "repair");
        assertEquals(0, again.exit(), again.toString());
        assertEquals(false, again.json().path("damaged").asBoolean());
    }

    private Map<String, Consumer<Path>> cases() throws IOException {
        Map<String, Consumer<Path>> cases = new LinkedHashMap<>();
        Path queue = pristine.resolve("ledger/19700101F.cq4");
        byte[] bytes = Files.readAllBytes(queue);
        List<long[]> docs = documents(pristine);
        long firstData = docs.getFirst()[0];
        long end = docs.getLast()[0] + 4 + docs.getLast()[1];
        long lastDoc = docs.getLast()[0];
        for (long at = 0; at < end; at++) {
            // The header and the last document (where damage is most likely) 3x denser than the rest.
            boolean dense = at < 200 || at >= lastDoc;
            boolean data = at >= firstData;
            boolean indexEntry = !data && !dense && bytes[(int) at] != 0;
            boolean sampled = at % STRIDE == 0 || dense && at % Math.max(1, STRIDE / 3) == 0;
            if (sampled && (dense || data || indexEntry) || indexEntry && at % Math.max(1, STRIDE / 3) == 0) {
                long position = at;
                cases.put("flip queue byte " + at, root -> flip(root.resolve("ledger/19700101F.cq4"), position));
            }
        }
        List<Long> cuts = new ArrayList<>(List.of(0L, 4L, 100L, 199L, 200L, 4096L, 65536L, end - 1, end, end + 3));
        for (long[] doc : docs) {
            cuts.add(doc[0]);
            cuts.add(doc[0] + 2);
            cuts.add(doc[0] + 4 + doc[1] / 2);
        }
        for (long cut : cuts) {
            cases.put("truncate queue file at " + cut, root -> truncate(root.resolve("ledger/19700101F.cq4"), cut));
        }
        cases.put("delete the queue file", root -> delete(root.resolve("ledger/19700101F.cq4")));
        cases.put(
                "zero the last document",
                root -> zero(root.resolve("ledger/19700101F.cq4"), lastDoc, docs.getLast()[1] + 4));
        cases.put(
                "zero the last two documents",
                root -> zero(
                        root.resolve("ledger/19700101F.cq4"),
                        docs.get(docs.size() - 2)[0],
                        end - docs.get(docs.size() - 2)[0]));
        cases.put(
                "zero the second document",
                root -> zero(root.resolve("ledger/19700101F.cq4"), docs.get(1)[0], docs.get(1)[1] + 4));
        byte[] metadata = Files.readAllBytes(pristine.resolve("ledger/metadata.cq4t"));
        for (int at = 0; at < metadata.length; at++) {
            if (at < 512 || metadata[at] != 0 && at % STRIDE == 0) {
                int position = at;
                cases.put("flip metadata byte " + at, root -> flip(root.resolve("ledger/metadata.cq4t"), position));
            }
        }
        cases.put("truncate metadata.cq4t", root -> truncate(root.resolve("ledger/metadata.cq4t"), 100));
        String text = new String(bytes, java.nio.charset.StandardCharsets.ISO_8859_1);
        int lastText = text.lastIndexOf("task 3");
        cases.put("the last event's text changed, its hash kept", root -> {
            byte[] changed = readAll(root.resolve("ledger/19700101F.cq4"));
            changed[lastText + 5] = '9';
            write(root.resolve("ledger/19700101F.cq4"), changed);
        });
        int earlierText = text.indexOf("task 1");
        cases.put("an earlier event's text changed, its hash kept", root -> {
            byte[] changed = readAll(root.resolve("ledger/19700101F.cq4"));
            changed[earlierText + 5] = '8';
            write(root.resolve("ledger/19700101F.cq4"), changed);
        });
        cases.put("zero metadata.cq4t", root -> zero(root.resolve("ledger/metadata.cq4t"), 0, metadata.length));
        cases.put("delete metadata.cq4t", root -> delete(root.resolve("ledger/metadata.cq4t")));
        for (int at = 0; at < 128; at += Math.min(STRIDE, 4)) {
            int position = at;
            cases.put("flip marker byte " + at, root -> flip(root.resolve("ledger.head"), position));
        }
        cases.put("delete the marker", root -> delete(root.resolve("ledger.head")));
        cases.put("truncate the marker", root -> truncate(root.resolve("ledger.head"), 20));
        long store = Files.size(pristine.resolve("projections.db"));
        for (long at : new long[] {0, 16, 18, 28, 40, 100, 4096, 4096 + 8, store / 2, store - 10}) {
            cases.put("flip store byte " + at, root -> flip(root.resolve("projections.db"), at));
        }
        cases.put("garble the store's middle", root -> garble(root.resolve("projections.db"), store / 2, 4096));
        cases.put("truncate the store", root -> truncate(root.resolve("projections.db"), store / 3));
        cases.put("truncate the store to nothing", root -> truncate(root.resolve("projections.db"), 0));
        cases.put("delete the store", root -> delete(root.resolve("projections.db")));
        cases.put("garbage -wal beside the store", root -> write(root.resolve("projections.db-wal"), new byte[4096]));
        cases.put(
                "garbage -journal beside the store",
                root -> write(root.resolve("projections.db-journal"), "not a journal".getBytes()));
        return cases;
    }

    private Outcome classify(Path root, String[] command, CliRunner.Result result) {
        String all = result.stdout() + result.stderr();
        if (all.contains("\tat ")
                || all.contains("Exception in thread")
                || all.contains("internal_error")
                || all.contains("InternalError")) {
            return Outcome.CRASHED;
        }
        JsonNode doc;
        try {
            doc = result.json();
        } catch (AssertionError notJson) {
            return Outcome.CRASHED;
        }
        if (result.exit() == 0) {
            if (doc.has("ledger_damage") && doc.path("ledger_damage").has("first_bad_seq")
                    || doc.path("effective_action").asText().equals("ledger_damaged")) {
                return Outcome.DETECTED; // answered from the projections, and says from which seq
            }
            CliRunner.Result undamaged = expected.get(command[0] + " " + command[1]);
            // the sound histories: the undamaged ledger, with or without the todo this case's write added
            if (command[1].equals("rebuild")) {
                // timings differ from run to run; the folded head says what was folded (its chain was checked)
                String folded = doc.path("checkpoint_hash").asText();
                return folded.equals(lastHash(pristineExport)) || folded.equals(lastHash(expectedExport))
                        ? Outcome.UNAFFECTED
                        : Outcome.SILENTLY_ACCEPTED;
            }
            if (command[1].equals("export")) {
                try {
                    String exported = Files.readString(root.getParent().resolve(root.getFileName() + "-export.jsonl"));
                    return exported.equals(pristineExport) || exported.equals(expectedExport)
                            ? Outcome.UNAFFECTED
                            : Outcome.SILENTLY_ACCEPTED;
                } catch (IOException e) {
                    return Outcome.SILENTLY_ACCEPTED;
                }
            }
            return undamaged.stdout().equals(result.stdout()) ? Outcome.UNAFFECTED : Outcome.SILENTLY_ACCEPTED;
        }
        boolean namesASeq = doc.has("first_bad_seq") || doc.has("valid_through_seq");
        if ((result.exit() == 1 || result.exit() == 3) && namesASeq) {
            return Outcome.DETECTED;
        }
        return doc.has("error_code") && (result.exit() == 1 || result.exit() == 2 || result.exit() == 3)
                ? Outcome.CLEAN_ERROR
                : Outcome.CRASHED;
    }

    private static String codeOf(CliRunner.Result result) {
        try {
            JsonNode doc = result.json();
            return doc.has("error_code") ? doc.path("error_code").asText() : "exit " + result.exit();
        } catch (AssertionError e) {
            return "not json";
        }
    }

    /** Where {@code ledger export} of {@code root} writes (beside the root, removed before each export). */
    private static Path exportFile(Path root) {
        Path file = root.getParent().resolve(root.getFileName() + "-export.jsonl");
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return file;
    }

    private String export(Path root) {
        Path file = root.getParent().resolve("export-" + System.nanoTime() + ".jsonl");
        CliRunner.Result result = cli.run("--runtime-root", root.toString(), "ledger", "export", file.toString());
        try {
            return result.exit() == 0 ? Files.readString(file) : "export failed: " + result.exit();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            delete(file);
        }
    }

    private CliRunner.Result run(Path root, String... command) {
        List<String> args = new ArrayList<>(List.of("--runtime-root", root.toString()));
        args.addAll(List.of(command));
        if (command[1].equals("export")) {
            args.add(exportFile(root).toString());
        }
        args.addAll(List.of("--format", "json"));
        return cli.run(args.toArray(String[]::new));
    }

    /** The hash of the last event of an export. */
    private static String lastHash(String export) {
        String[] lines = export.strip().split("\n");
        try {
            return dev.loopx.ledger.json.Json.mapper()
                    .readTree(lines[lines.length - 1])
                    .path("hash")
                    .asText();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static byte[] readAll(Path file) {
        try {
            return Files.readAllBytes(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Data documents of the queue file: {offset of the header, body length}. */
    private static List<long[]> documents(Path root) throws IOException {
        byte[] b = Files.readAllBytes(root.resolve("ledger/19700101F.cq4"));
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

    private static void ok(CliRunner.Result result) {
        assertEquals(0, result.exit(), result.toString());
    }

    private static void flip(Path file, long at) {
        edit(file, bytes -> bytes[(int) at] ^= (byte) 0xFF);
    }

    private static void zero(Path file, long from, long length) {
        edit(
                file,
                bytes -> java.util.Arrays.fill(
                        bytes, (int) from, (int) Math.min(bytes.length, from + length), (byte) 0));
    }

    private static void garble(Path file, long from, int length) {
        java.util.Random random = new java.util.Random(from);
        edit(file, bytes -> {
            for (int i = (int) from; i < Math.min(bytes.length, from + length); i++) {
                bytes[i] = (byte) random.nextInt();
            }
        });
    }

    private static void edit(Path file, Consumer<byte[]> change) {
        try {
            byte[] bytes = Files.readAllBytes(file);
            change.accept(bytes);
            Files.write(file, bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void truncate(Path file, long size) {
        try (var ch = java.nio.channels.FileChannel.open(file, java.nio.file.StandardOpenOption.WRITE)) {
            ch.truncate(size);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void delete(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void write(Path file, byte[] bytes) {
        try {
            Files.write(file, bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void deleteTree(Path root) throws IOException {
        try (Stream<Path> paths = Files.walk(root.getParent())) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
