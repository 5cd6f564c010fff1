package dev.loopx.ledger.postgres;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import net.jqwik.api.constraints.StringLength;
import org.junit.jupiter.api.Test;

/** LoopX's PBKDF2-HMAC-SHA-256 gives the bytes of RFC 7914's vectors and of the JDK's own, always. */
class Pbkdf2HmacSha256Test {
    /** The JDK's, from SunJCE by name (LoopX's factory may be first in this JVM's provider list). */
    private static byte[] jdk(byte[] password, byte[] salt, int iterations) throws Exception {
        SecretKeyFactory f = SecretKeyFactory.getInstance("PBKDF2WithHmacSHA256", "SunJCE");
        char[] chars = new String(password, StandardCharsets.UTF_8).toCharArray(); // the JDK encodes it back
        return f.generateSecret(new PBEKeySpec(chars, salt, iterations, 256)).getEncoded();
    }

    @Test
    void rfc7914Vectors() {
        assertArrayEquals(
                HexFormat.of().parseHex("55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc"),
                Pbkdf2HmacSha256.derive(bytes("passwd"), bytes("salt"), 1));
        assertArrayEquals(
                HexFormat.of().parseHex("4ddcd8f60b98be21830cee5ef22701f9641a4418d04c0414aeff08876b34ab56"),
                Pbkdf2HmacSha256.derive(bytes("Password"), bytes("NaCl"), 80000));
    }

    @Property(tries = 300)
    void sameBytesAsTheJdk(
            @ForAll @StringLength(min = 1, max = 64) @net.jqwik.api.constraints.CharRange(from = ' ', to = '~')
                    String password,
            @ForAll @Size(min = 1, max = 200) byte[] salt,
            @ForAll @IntRange(min = 1, max = 300) int iterations)
            throws Exception {
        byte[] p = bytes(password);
        assertArrayEquals(jdk(p, salt, iterations), Pbkdf2HmacSha256.derive(p, salt, iterations));
    }

    @Test
    void saltsAroundTheBlockBoundariesAndTheServersDefaultIterationCount() throws Exception {
        byte[] p = bytes("pencil");
        for (int length : new int[] {1, 16, 51, 52, 55, 56, 59, 60, 63, 64, 65, 119, 120, 128}) {
            byte[] salt = new byte[length];
            for (int i = 0; i < length; i++) {
                salt[i] = (byte) (i * 31 + 7);
            }
            assertArrayEquals(jdk(p, salt, 4096), Pbkdf2HmacSha256.derive(p, salt, 4096), "salt of " + length);
        }
        byte[] longest = bytes("x".repeat(Pbkdf2HmacSha256.MAX_PASSWORD));
        assertArrayEquals(jdk(longest, bytes("s"), 3), Pbkdf2HmacSha256.derive(longest, bytes("s"), 3));
    }

    @Test
    void refusesWhatItDoesNotCover() {
        assertThrows(IllegalArgumentException.class, () -> Pbkdf2HmacSha256.derive(new byte[0], bytes("s"), 1));
        assertThrows(
                IllegalArgumentException.class,
                () -> Pbkdf2HmacSha256.derive(new byte[Pbkdf2HmacSha256.MAX_PASSWORD + 1], bytes("s"), 1));
        assertThrows(IllegalArgumentException.class, () -> Pbkdf2HmacSha256.derive(bytes("p"), bytes("s"), 0));
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
