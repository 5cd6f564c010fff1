package dev.loopx.host.codexapp.store;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/** Strict UTF-8: malformed input or unpaired surrogates are an empty answer, never a replacement character. */
final class Utf8 {
    private Utf8() {}

    static Optional<String> decode(byte[] bytes) {
        try {
            return Optional.of(StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes))
                    .toString());
        } catch (CharacterCodingException e) {
            return Optional.empty();
        }
    }

    static Optional<byte[]> encode(String text) {
        try {
            ByteBuffer b = StandardCharsets.UTF_8
                    .newEncoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .encode(CharBuffer.wrap(text));
            byte[] out = new byte[b.remaining()];
            b.get(out);
            return Optional.of(out);
        } catch (CharacterCodingException e) {
            return Optional.empty();
        }
    }
}
