package dev.loopx.commands.privacy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** The shared privacy corpus, {@code fixtures/privacy/corpus.jsonl}: one labelled sample a line. */
record PublicTextCorpus(String text, boolean expectReject, String kind, String note) {
    static final Path FILE = Path.of("..", "fixtures", "privacy", "corpus.jsonl");

    static List<PublicTextCorpus> samples() {
        ObjectMapper json = new ObjectMapper();
        try {
            return Files.readAllLines(FILE, StandardCharsets.UTF_8).stream()
                    .filter(line -> !line.isBlank())
                    .map(line -> parse(json, line))
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static List<PublicTextCorpus> rejects() {
        return samples().stream().filter(PublicTextCorpus::expectReject).toList();
    }

    private static PublicTextCorpus parse(ObjectMapper json, String line) {
        try {
            JsonNode sample = json.readTree(line);
            String expect = sample.required("expect").asText();
            if (!expect.equals("accept") && !expect.equals("reject")) {
                throw new IllegalArgumentException("expect must be accept or reject: " + expect);
            }
            return new PublicTextCorpus(
                    sample.required("text").asText(),
                    expect.equals("reject"),
                    sample.required("kind").asText(),
                    sample.required("note").asText());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public String toString() {
        return (expectReject ? "reject " : "accept ") + kind + ": " + note;
    }
}
