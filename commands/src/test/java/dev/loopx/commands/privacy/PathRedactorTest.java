package dev.loopx.commands.privacy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Read surfaces show public text with local paths replaced, and everything else untouched. */
class PathRedactorTest {
    private static final String R = PathRedactor.REDACTED;

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "log in /home/alice/project/build.log            | log in " + R,
                "see /Users/bob/x.txt.                           | see " + R + ".",
                "(/root/.ssh/known_hosts)                        | (" + R + ")",
                "tmp /tmp/loopx-1/out.json, then /var/log/syslog | tmp " + R + ", then " + R,
                "config ~/.loopx/projects.json                   | config " + R,
                "open C:\\Users\\carol\\x.log                    | open " + R,
                "report file:///var/tmp/report.html             | report " + R,
            })
    void absoluteLocalPathsAreReplacedAndSurroundingPunctuationKept(String text, String redacted) {
        assertEquals(redacted, PathRedactor.redact(text));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "/loopx",
                "run /loopx-global-summary now",
                "/loopx fix issue triage",
                "docs at https://example.com/a/b?x=1 and http://localhost:8080/api/v1",
                "edit src/main/java/dev/loopx/App.java and ./build/tmp",
                "1/2, a/b, and/or, 2024/05/01",
                "git@github.com:owner/repo.git",
            })
    void slashCommandsUrlsAndRelativePathsAreUntouched(String text) {
        assertEquals(text, PathRedactor.redact(text));
        assertFalse(PathRedactor.containsPath(text));
    }

    @Test
    void jsonDocumentsAreRedactedInEveryStringValueButNotInKeys() throws Exception {
        JsonNode doc = new ObjectMapper().readTree("""
                {"/home/a/key": "at /home/a/x", "list": ["/tmp/a/b", 3, {"inner": "~/notes.md"}], "cmd": "/loopx"}""");

        JsonNode redacted = PathRedactor.redact(doc);

        assertEquals("at " + R, redacted.get("/home/a/key").asText());
        assertEquals(R, redacted.get("list").get(0).asText());
        assertEquals(3, redacted.get("list").get(1).asInt());
        assertEquals(R, redacted.get("list").get(2).get("inner").asText());
        assertEquals("/loopx", redacted.get("cmd").asText());
        assertEquals("at /home/a/x", doc.get("/home/a/key").asText(), "the input is not modified");
    }

    @Test
    void nullStaysNull() {
        assertNull(PathRedactor.redact((String) null));
        assertFalse(PathRedactor.containsPath(null));
    }

    @Test
    void theRedactorAndTheValidatorAgreeOnWhatAPathIs() {
        for (PublicTextCorpus sample : PublicTextCorpus.samples()) {
            boolean validatorSaysPath = PublicText.check("text", sample.text())
                    .filter(v -> v.reason() == PublicTextViolation.Reason.LOCAL_PATH)
                    .isPresent();
            if (validatorSaysPath) {
                assertTrue(PathRedactor.containsPath(sample.text()), sample::toString);
                assertFalse(PathRedactor.containsPath(PathRedactor.redact(sample.text())), sample::toString);
            }
            if (sample.kind().startsWith("ok_")) {
                assertEquals(sample.text(), PathRedactor.redact(sample.text()), sample::toString);
            }
        }
    }
}
