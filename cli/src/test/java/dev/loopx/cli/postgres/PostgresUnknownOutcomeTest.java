package dev.loopx.cli.postgres;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loopx.cli.testing.CliRunner;
import dev.loopx.ledger.postgres.PostgresServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 35: a write whose connection to the PostgreSQL server is cut around its COMMIT (a real
 * server, a real TCP connection cut by {@link CuttingProxy}) answers {@code
 * ledger_write_outcome_unknown}, exit 3, never "nothing was written", with the command line that
 * repeats it under the operation id it was sent with (made up when none was given). Run as
 * printed, that line answers with the original receipt ({@code replayed=true}) when the write was
 * stored, and writes it when it was not: either way the event is stored exactly once.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class PostgresUnknownOutcomeTest {
    @TempDir
    Path sandbox;

    private final PostgresServer server = PostgresServer.shared();
    private CuttingProxy proxy;
    private CliRunner cli;
    private Path project;
    private String ledger;

    @BeforeEach
    void connectThroughTheProxy() throws Exception {
        proxy = new CuttingProxy(server.port());
        cli = new CliRunner(sandbox);
        server.environment().forEach(cli::withVariable);
        cli.withVariable("LOOPX_LEDGER_HOLDER", "off");
        ledger = "cut" + UUID.randomUUID().toString().replace("-", "").substring(0, 10);
        project = Files.createDirectories(cli.workingDirectory().resolve("p"));
        String url = "postgresql://127.0.0.1:" + proxy.port() + "/" + PostgresServer.DATABASE + "?ledger=" + ledger;
        CliRunner.Result connected =
                cli.run("connect", "--project", project.toString(), "--goal-id", "g", "--ledger", url);
        assertEquals(0, connected.exit(), connected.toString());
    }

    @AfterEach
    void closeProxy() throws Exception {
        proxy.close();
    }

    @Test
    void refreshStateWithoutAnId_cutAfterItsCommitWasSent_isRetriedAsToldAndStoredOnce() throws Exception {
        List<String> write = List.of(
                "refresh-state",
                "--goal-id",
                "g",
                "--delivery-outcome",
                "outcome_progress",
                "--summary",
                "importer handles empty files");
        proxy.arm(CuttingProxy.Cut.AFTER_CLIENT_COMMIT);
        CliRunner.Result cut = cli.runIn(project, write.toArray(String[]::new));
        assertEquals(CuttingProxy.Cut.AFTER_CLIENT_COMMIT, proxy.lastCut(), "the proxy cut the commit");
        JsonNode error = unknownOutcome(cut);
        assertTrue(error.path("message").asText().contains("may have been stored"), cut.toString());
        List<String> retry = retryArguments(error, write);
        assertEquals(1, stored("importer handles empty files"), "the server committed it");

        CliRunner.Result again = cli.runIn(project, retry.toArray(String[]::new));
        assertEquals(0, again.exit(), again.toString());
        assertTrue(again.json().at("/receipt/replayed").asBoolean(), again.stdout());
        assertEquals(storedSeqs("importer handles empty files"), seqs(again.json()));
        assertEquals(1, stored("importer handles empty files"), "stored exactly once");

        // a third run of the same line answers the same receipt again
        CliRunner.Result third = cli.runIn(project, retry.toArray(String[]::new));
        assertEquals(0, third.exit(), third.toString());
        assertEquals(seqs(again.json()), seqs(third.json()));
        assertEquals(1, stored("importer handles empty files"));
    }

    @Test
    void aWriteCutAfterTheServersCommitReachedLoopx_saysItWasStored_andItsRetryReplays() throws Exception {
        List<String> write = List.of("todo", "add", "--goal-id", "g", "--role", "agent", "--text", "wire the importer");
        proxy.arm(CuttingProxy.Cut.AFTER_SERVER_COMMIT);
        CliRunner.Result cut = cli.runIn(project, write.toArray(String[]::new));
        assertEquals(CuttingProxy.Cut.AFTER_SERVER_COMMIT, proxy.lastCut(), "the proxy cut after the commit");
        JsonNode error = unknownOutcome(cut);
        assertTrue(error.path("message").asText().startsWith("the write was stored, but"), cut.toString());
        List<String> retry = retryArguments(error, write);
        assertEquals(1, stored("wire the importer"));

        CliRunner.Result again = cli.runIn(project, retry.toArray(String[]::new));
        assertEquals(0, again.exit(), again.toString());
        assertTrue(again.json().at("/receipt/replayed").asBoolean(), again.stdout());
        assertEquals(storedSeqs("wire the importer"), seqs(again.json()));
        assertEquals(1, stored("wire the importer"), "stored exactly once");
    }

    @Test
    void aWriteWhoseCommitNeverReachedTheServer_isWrittenOnceByItsRetry() throws Exception {
        List<String> write = List.of(
                "refresh-state", "--goal-id", "g", "--delivery-outcome", "surface_only", "--summary", "docs refreshed");
        proxy.arm(CuttingProxy.Cut.BEFORE_CLIENT_COMMIT);
        CliRunner.Result cut = cli.runIn(project, write.toArray(String[]::new));
        assertEquals(CuttingProxy.Cut.BEFORE_CLIENT_COMMIT, proxy.lastCut());
        JsonNode error = unknownOutcome(cut);
        List<String> retry = retryArguments(error, write);
        assertEquals(0, stored("docs refreshed"), "the server rolled it back");

        CliRunner.Result again = cli.runIn(project, retry.toArray(String[]::new));
        assertEquals(0, again.exit(), again.toString());
        assertFalse(again.json().at("/receipt/replayed").asBoolean(), again.stdout());
        assertEquals(1, stored("docs refreshed"), "written once, by the retry");
        CliRunner.Result third = cli.runIn(project, retry.toArray(String[]::new));
        assertTrue(third.json().at("/receipt/replayed").asBoolean(), third.stdout());
        assertEquals(1, stored("docs refreshed"));
    }

    @Test
    void aWriteGivenAnId_isToldToRepeatItselfUnchanged() throws Exception {
        List<String> write = List.of(
                "todo",
                "add",
                "--goal-id",
                "g",
                "--role",
                "agent",
                "--text",
                "parse quoted fields",
                "--operation-id",
                "op-mine-1");
        proxy.arm(CuttingProxy.Cut.AFTER_CLIENT_COMMIT);
        CliRunner.Result cut = cli.runIn(project, write.toArray(String[]::new));
        JsonNode error = unknownOutcome(cut);
        assertEquals(
                "loopx todo add --goal-id g --role agent --text 'parse quoted fields' --operation-id op-mine-1",
                error.path("hint").asText());
        CliRunner.Result again = cli.runIn(project, write.toArray(String[]::new));
        assertEquals(0, again.exit(), again.toString());
        assertTrue(again.json().at("/receipt/replayed").asBoolean(), again.stdout());
        assertEquals(1, stored("parse quoted fields"));
    }

    /** The unknown-outcome answer: exit 3, its own code, never "nothing was written", no stack trace. */
    private static JsonNode unknownOutcome(CliRunner.Result cut) {
        assertEquals(3, cut.exit(), cut.toString());
        JsonNode error = cut.json();
        assertEquals("ledger_write_outcome_unknown", error.path("error_code").asText(), cut.toString());
        assertFalse(error.path("message").asText().contains("nothing was written"), cut.toString());
        assertFalse(cut.stderr().contains("Exception"), cut.stderr());
        return error;
    }

    /** The hint's command line as arguments: the original ones plus {@code --operation-id} and the id in the message. */
    private static List<String> retryArguments(JsonNode error, List<String> original) {
        List<String> words = shellWords(error.path("hint").asText());
        assertEquals("loopx", words.getFirst(), error.toString());
        List<String> args = words.subList(1, words.size());
        assertEquals(original, args.subList(0, original.size()), "the same command: " + error);
        assertEquals(List.of("--operation-id"), args.subList(original.size(), original.size() + 1), error.toString());
        String id = args.get(original.size() + 1);
        assertEquals(original.size() + 2, args.size(), error.toString());
        assertTrue(error.path("message").asText().contains("--operation-id " + id), error.toString());
        return args;
    }

    /** Words of a POSIX shell line with single quotes only (what CommandLines writes). */
    private static List<String> shellWords(String line) {
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        boolean quoted = false;
        boolean inWord = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quoted) {
                if (c == '\'') {
                    quoted = false;
                } else {
                    word.append(c);
                }
            } else if (c == '\'') {
                quoted = true;
                inWord = true;
            } else if (c == '\\' && i + 1 < line.length()) {
                word.append(line.charAt(++i));
                inWord = true;
            } else if (c == ' ') {
                if (inWord) {
                    words.add(word.toString());
                    word.setLength(0);
                    inWord = false;
                }
            } else {
                word.append(c);
                inWord = true;
            }
        }
        if (inWord) {
            words.add(word.toString());
        }
        return words;
    }

    private static List<Long> seqs(JsonNode answer) {
        List<Long> seqs = new ArrayList<>();
        for (long seq = answer.at("/receipt/seq_from").asLong();
                seq <= answer.at("/receipt/seq_to").asLong();
                seq++) {
            seqs.add(seq);
        }
        return seqs;
    }

    /** How many stored events of this ledger carry {@code text}, read on the server itself. */
    private long stored(String text) throws Exception {
        return storedSeqs(text).size();
    }

    private List<Long> storedSeqs(String text) throws Exception {
        try (Connection c = server.connect();
                PreparedStatement ps = c.prepareStatement("SELECT seq FROM loopx_events WHERE ledger = ?"
                        + " AND position(? in convert_from(envelope, 'UTF8')) > 0 ORDER BY seq")) {
            ps.setString(1, ledger);
            ps.setString(2, text);
            List<Long> seqs = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    seqs.add(rs.getLong(1));
                }
            }
            return seqs;
        }
    }
}
