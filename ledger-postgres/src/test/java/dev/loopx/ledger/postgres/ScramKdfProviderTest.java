package dev.loopx.ledger.postgres;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.security.Provider;
import java.security.Security;
import java.security.spec.InvalidKeySpecException;
import java.security.spec.KeySpec;
import java.util.Arrays;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import net.jqwik.api.constraints.StringLength;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The provider a PostgreSQL session puts first: the JCA hands its factory to whoever asks for
 * PBKDF2WithHmacSHA256 by name (as the driver's SCRAM login does), and every answer is the JDK's,
 * whether LoopX's derivation or (for what it does not cover) the JDK's own gives it.
 */
class ScramKdfProviderTest {
    @BeforeAll
    static void install() {
        assertTrue(ScramKdfProvider.install(), "this JDK's provider list starts with SUN");
    }

    private static byte[] ours(KeySpec spec) throws Exception {
        return SecretKeyFactory.getInstance(ScramKdfProvider.ALGORITHM)
                .generateSecret(spec)
                .getEncoded();
    }

    private static byte[] jdk(KeySpec spec) throws Exception {
        return SecretKeyFactory.getInstance(ScramKdfProvider.ALGORITHM, "SunJCE")
                .generateSecret(spec)
                .getEncoded();
    }

    @Test
    void itIsFirstOnceAndWhatALookupByNameGets() throws Exception {
        assertTrue(ScramKdfProvider.install()); // again: no second copy
        Provider[] all = Security.getProviders();
        assertEquals(ScramKdfProvider.NAME, all[0].getName());
        assertEquals(
                1,
                Arrays.stream(all)
                        .filter(p -> p.getName().equals(ScramKdfProvider.NAME))
                        .count());
        assertSame(
                all[0], SecretKeyFactory.getInstance(ScramKdfProvider.ALGORITHM).getProvider());
        // only that one service: every other algorithm is the JDK's as before
        assertEquals(1, all[0].getServices().size());
        assertEquals(
                "SunJCE",
                javax.crypto.Mac.getInstance("HmacSHA256").getProvider().getName());
        assertEquals(
                ScramKdfProvider.ALGORITHM,
                SecretKeyFactory.getInstance(ScramKdfProvider.ALGORITHM)
                        .generateSecret(new PBEKeySpec("pencil".toCharArray(), new byte[16], 2, 256))
                        .getAlgorithm());
    }

    @Test
    void theLoginsPasswordIsTheDriversPasswordProperty_handedOverAfterTheInstall() {
        java.util.Properties info = new java.util.Properties();
        info.setProperty("password", "pencil");
        for (var type : org.postgresql.plugin.AuthenticationRequestType.values()) {
            char[] given = new LoginPassword(info).getPassword(type);
            assertArrayEquals("pencil".toCharArray(), given, type.name());
            assertFalse(given == new LoginPassword(info).getPassword(type)); // a new array each time
        }
        assertEquals(
                null,
                new LoginPassword(new java.util.Properties())
                        .getPassword(org.postgresql.plugin.AuthenticationRequestType.SASL));
    }

    @Test
    void onlyOnTheJdksOwnProviderList() {
        assertTrue(ScramKdfProvider.stockProviderList("SUN"));
        assertTrue(ScramKdfProvider.stockProviderList("sun.security.provider.Sun"));
        assertFalse(ScramKdfProvider.stockProviderList("SunPKCS11 ${java.home}/conf/security/nss.fips.cfg"));
        assertFalse(ScramKdfProvider.stockProviderList(null));
    }

    @Property(tries = 200)
    void scramRequestsGiveTheJdksBytes(
            @ForAll @StringLength(min = 1, max = 40) String password,
            @ForAll @Size(min = 1, max = 64) byte[] salt,
            @ForAll @IntRange(min = 1, max = 200) int iterations)
            throws Exception {
        // any chars, unpaired surrogates included: encoded to UTF-8 as the JDK encodes them
        PBEKeySpec spec = new PBEKeySpec(password.toCharArray(), salt, iterations, 256);
        assertArrayEquals(jdk(spec), ours(spec));
    }

    @Test
    void whatLoopXDoesNotDeriveTheJdkDoes() throws Exception {
        byte[] salt = "NaCl".getBytes(java.nio.charset.StandardCharsets.UTF_8);
        // another key length, a password longer than a block, the empty password
        for (PBEKeySpec spec : new PBEKeySpec[] {
            new PBEKeySpec("Password".toCharArray(), salt, 7, 512),
            new PBEKeySpec("p".repeat(65).toCharArray(), salt, 7, 256),
            new PBEKeySpec("é".repeat(40).toCharArray(), salt, 7, 256), // 80 UTF-8 bytes
            new PBEKeySpec(new char[0], salt, 7, 256)
        }) {
            assertArrayEquals(jdk(spec), ours(spec), spec.getKeyLength() + " bits");
        }
        // and refuses what the JDK refuses
        PBEKeySpec noSalt = new PBEKeySpec("p".toCharArray());
        assertThrows(InvalidKeySpecException.class, () -> jdk(noSalt));
        assertThrows(InvalidKeySpecException.class, () -> ours(noSalt));
        KeySpec other = new javax.crypto.spec.SecretKeySpec(new byte[] {1}, "AES");
        assertThrows(InvalidKeySpecException.class, () -> ours(other));
    }
}
