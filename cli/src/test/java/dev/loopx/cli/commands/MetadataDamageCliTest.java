package dev.loopx.cli.commands;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loopx.cli.testing.CliRunner;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Damage to the journal's {@code metadata.cq4t} (issue 35), through the real CLI on real files.
 * Before, a flipped byte in its {@code highestCycle} field made every command that opens the
 * journal die with a {@code StackOverflowError} and no JSON, and a garbled header made every write
 * fail ({@code ledger_write_failed}) while {@code verify}, {@code doctor} and {@code repair} called
 * the ledger sound. Now each is {@code ledger_corrupt} naming {@code metadata.cq4t} (exit 1, nothing
 * written, never a stack trace), and {@code ledger repair --execute} rebuilds it, losing nothing.
 */
class MetadataDamageCliTest {
    private static final String METADATA = "ledger/metadata.cq4t";
    /** Where each field's int64 value lies (see MetadataFile): cycles, modCount, locks, replication, msync. */
    private static final Map<String, Integer> FIELDS = new LinkedHashMap<>();

    static {
        FIELDS.put("listing.highestCycle", 0xb8);
        FIELDS.put("listing.lowestCycle", 0xe0);
        FIELDS.put("listing.modCount", 0x100);
        FIELDS.put("chronicle.write.lock", 0x128);
        FIELDS.put("chronicle.append.lock", 0x150);
        FIELDS.put("chronicle.lastIndexReplicated", 0x180);
        FIELDS.put("chronicle.lastAcknowledgedIndexReplicated", 0x1b8);
        FIELDS.put("chronicle.lastIndexMSynced", 0x1e8);
    }

    @TempDir
    Path sandbox;

    private CliRunner cli;
    private Path pristine;
    private String pristineExport;

    @BeforeEach
    void writeASmallLedger() throws IOException {
        cli = new CliRunner(sandbox).withVariable("LOOPX_LEDGER_SYNC", "batch");
        Path project = Files.createDirectories(cli.workingDirectory().resolve("p"));
        ok(cli.run("connect", "--project", project.toString(), "--goal-id", "g"));
        pristine = project.resolve(".loopx");
        for (int i = 1; i <= 3; i++) {
            ok(run(pristine, "todo", "add", "--goal-id", "g", "--role", "agent", "--text", "task " + i));
        }
        String metadata = Files.readString(pristine.resolve(METADATA), java.nio.charset.StandardCharsets.ISO_8859_1);
        FIELDS.forEach((name, at) -> {
            int nameEnd = metadata.indexOf(name) + name.length();
            assertTrue(
                    nameEnd > name.length() && at - nameEnd >= 1 && at - nameEnd <= 8,
                    "the layout this test flips: " + name);
        });
        pristineExport = export(copyOf("export"));
    }

    /** The user's case: a flipped byte in highestCycle; before, a StackOverflowError on every command. */
    @Test
    void aFlippedHighestCycleByte_isLedgerCorruptNamingMetadata_everywhere_andRepairRebuildsIt() throws IOException {
        Path root = damaged("highest", bytes -> bytes[0xb8 + 1] ^= 0x10);
        everyCommandNamesTheMetadata(root);
        repairRebuildsIt(root);
    }

    /** A garbled body; before, every write failed while verify, doctor and repair called the ledger sound. */
    @Test
    void aGarbledBody_isLedgerCorruptNamingMetadata_everywhere_andRepairRebuildsIt() throws IOException {
        Random random = new Random(35);
        Path root = damaged("garbled", bytes -> {
            for (int i = 0x20; i < 0x1f0; i++) {
                bytes[i] = (byte) random.nextInt();
            }
        });
        everyCommandNamesTheMetadata(root);
        repairRebuildsIt(root);
    }

    /** A free write lock's bits flipped: neither free nor a process id. */
    @Test
    void aDamagedLockField_isLedgerCorrupt_andRepairRebuildsIt() throws IOException {
        Path root = damaged("lock", bytes -> bytes[0x150] ^= 0x10);
        everyCommandNamesTheMetadata(root);
        repairRebuildsIt(root);
    }

    /**
     * Every byte of every field's value and of the store header flipped: {@code ledger verify} and
     * a write are each either detected (exit 1, naming metadata.cq4t, nothing written) or
     * unaffected (the answer of the undamaged root), never a stack trace or a failed write.
     */
    @Test
    void everyFlipOfTheStoreHeaderAndTheFields_isDetectedOrUnaffected_neverACrash() throws IOException {
        List<Integer> offsets = new ArrayList<>();
        for (int at = 0; at < 152; at += 3) {
            offsets.add(at);
        }
        FIELDS.values().forEach(at -> {
            for (int i = 0; i < 8; i++) {
                offsets.add(at + i);
            }
        });
        Map<String, Integer> outcomes = new java.util.TreeMap<>();
        List<String> failures = new ArrayList<>();
        for (int at : offsets) {
            for (int mask : new int[] {0x10, 0x80}) {
                Path root = damaged("flip-" + at + "-" + mask, bytes -> bytes[at] ^= (byte) mask);
                var before = CliRunner.snapshot(root.resolve("ledger"));
                CliRunner.Result verify = run(root, "ledger", "verify");
                CliRunner.Result write = run(root, "todo", "add", "--goal-id", "g", "--role", "agent", "--text", "x");
                String outcome;
                if (verify.exit() == 0 && write.exit() == 0) {
                    outcome = "unaffected";
                    if (!export(root).startsWith(pristineExport)) {
                        failures.add(at + "^" + mask + ": the events differ from the undamaged ledger's");
                    }
                } else if (detected(verify)
                        && detected(write)
                        && before.equals(CliRunner.snapshot(root.resolve("ledger")))) {
                    outcome = "detected";
                } else {
                    outcome = "FAILED";
                    failures.add(at + "^" + mask + ":\n" + verify + "\n" + write);
                }
                outcomes.merge(outcome, 1, Integer::sum);
                deleteTree(root.getParent());
            }
        }
        System.out.println("metadata.cq4t flips: " + outcomes);
        assertTrue(
                failures.isEmpty(),
                failures.size() + " flips:\n" + String.join("\n\n", failures.subList(0, Math.min(3, failures.size()))));
        assertTrue(outcomes.getOrDefault("detected", 0) > 0, outcomes.toString());
    }

    private static boolean detected(CliRunner.Result result) {
        String all = result.stdout() + result.stderr();
        // exit 1 (ledger_corrupt), or 3 once a check recorded it (ledger_damaged, ADR 0011)
        return (result.exit() == 1 || result.exit() == 3)
                && !all.contains("\tat ")
                && !all.contains("Error")
                && result.json().toString().contains("metadata.cq4t");
    }

    private void everyCommandNamesTheMetadata(Path root) {
        var before = withoutCheckRecord(CliRunner.snapshot(root));
        for (String[] command : new String[][] {
            {"ledger", "verify"},
            {"ledger", "replay"},
            {"todo", "add", "--goal-id", "g", "--role", "agent", "--text", "after the damage"},
            {"doctor"},
            {"ledger", "repair"},
        }) {
            CliRunner.Result result = run(root, command);
            String all = result.stdout() + result.stderr();
            JsonNode doc = result.json();
            if (command[0].equals("todo")) {
                // ledger verify recorded the damage: every write meets the record (ADR 0011)
                assertEquals(3, result.exit(), result.toString());
                assertEquals("ledger_damaged", doc.path("error_code").asText(), result.toString());
            } else {
                assertEquals(1, result.exit(), String.join(" ", command) + ": " + result);
            }
            assertFalse(all.contains("\tat ") || all.contains("StackOverflow"), result.toString());
            assertTrue(doc.toString().contains("metadata.cq4t"), String.join(" ", command) + ": " + result);
            if (String.join(" ", command).equals("ledger replay")) {
                assertEquals("ledger_corrupt", doc.path("error_code").asText(), result.toString());
            }
        }
        assertEquals(
                before, withoutCheckRecord(CliRunner.snapshot(root)), "nothing was written but the check's record");
    }

    /** The files of a root but {@code ledger.check}, the record of the last check (derived; ADR 0011). */
    private static java.util.Map<String, String> withoutCheckRecord(java.util.Map<String, String> files) {
        java.util.Map<String, String> rest = new java.util.TreeMap<>(files);
        rest.remove("ledger.check");
        return rest;
    }

    private void repairRebuildsIt(Path root) {
        CliRunner.Result preview = run(root, "ledger", "repair");
        assertEquals(0, preview.json().path("lost_events").size(), "the journal itself is intact: " + preview);
        CliRunner.Result repaired = run(root, "ledger", "repair", "--execute");
        assertEquals(0, repaired.exit(), repaired.toString());
        String kept = repaired.json().path("damaged_files_kept_at").asText();
        assertTrue(Files.exists(root.resolve(kept).resolve(METADATA)), "the damaged metadata.cq4t is kept");
        CliRunner.Result verify = run(root, "ledger", "verify");
        assertEquals(0, verify.exit(), verify.toString());
        assertEquals(pristineExport, export(root), "every event kept bit for bit");
        ok(run(root, "todo", "add", "--goal-id", "g", "--role", "agent", "--text", "after the repair"));
        assertEquals(0, run(root, "doctor").exit(), "doctor is content again");
    }

    private Path damaged(String name, Consumer<byte[]> change) throws IOException {
        Path root = copyOf(name);
        Path file = root.resolve(METADATA);
        byte[] bytes = Files.readAllBytes(file);
        change.accept(bytes);
        Files.write(file, bytes);
        return root;
    }

    private String export(Path root) {
        Path file = root.getParent().resolve("export-" + System.nanoTime() + ".jsonl");
        CliRunner.Result result = cli.run("--runtime-root", root.toString(), "ledger", "export", file.toString());
        try {
            return result.exit() == 0 ? Files.readString(file) : "export failed: " + result;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            try {
                Files.deleteIfExists(file);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
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

    private static void deleteTree(Path dir) throws IOException {
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path p : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
