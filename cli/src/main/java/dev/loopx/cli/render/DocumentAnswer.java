package dev.loopx.cli.render;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.util.Objects;
import java.util.function.BiConsumer;

/**
 * An answer that is still only its JSON document: its text view reads the (path-redacted) document
 * back ({@link TextViews#view} by {@code schema_version}, or a command's own view). The answers of
 * issue 34's render layer leave this form one by one for a record of their own.
 */
public record DocumentAnswer(ObjectNode document, BiConsumer<JsonNode, PrintWriter> textView)
        implements RenderedAnswer {
    public DocumentAnswer {
        Objects.requireNonNull(document, "document");
        Objects.requireNonNull(textView, "textView");
    }

    /** A document shown by the view of its {@code schema_version}. */
    public static DocumentAnswer of(ObjectNode document) {
        return new DocumentAnswer(document, TextViews::view);
    }

    @Override
    public boolean ok() {
        return document.path("ok").asBoolean(false);
    }

    @Override
    public ObjectNode json() {
        return document;
    }
}
