package dev.loopx.ledger.postgres;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.NoSuchAlgorithmException;
import java.security.Provider;
import java.security.Security;
import java.security.spec.InvalidKeySpecException;
import java.security.spec.KeySpec;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import javax.crypto.SecretKey;
import javax.crypto.SecretKeyFactory;
import javax.crypto.SecretKeyFactorySpi;
import javax.crypto.spec.PBEKeySpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * A JCA provider of one service, {@code SecretKeyFactory.PBKDF2WithHmacSHA256}, placed first in
 * the process's provider list by a PostgreSQL session ({@link #install}): the driver's SCRAM-SHA-256
 * login asks the JCA for that factory by name, and this one derives the salted password with
 * {@link Pbkdf2HmacSha256} instead of the JDK's slower loop. Requests it does not cover (another
 * key length, an empty password or one longer than a SHA-256 block, another key spec) go to the
 * next provider that has the service, so answers never differ from the JDK's.
 *
 * <p>It is installed only where the JDK's provider list is the JDK's own (the first entry is
 * {@code SUN}): a JDK configured with another first provider (a FIPS module, say) keeps all its
 * cryptography there. It is never installed in a process that does not log in to PostgreSQL.
 */
final class ScramKdfProvider extends Provider {
    static final String NAME = "LoopXScramKdf";
    static final String ALGORITHM = "PBKDF2WithHmacSHA256";

    private static final long serialVersionUID = 1L;

    private static final ScramKdfProvider INSTANCE = new ScramKdfProvider();

    /** Counted down by the first {@link #install} (or {@link #skipInstall}) of this process. */
    private static final CountDownLatch INSTALLED = new CountDownLatch(1);

    /** How long a SCRAM login waits for the install at most (then it derives with whatever is first). */
    static final Duration INSTALL_WAIT = Duration.ofSeconds(2);

    private ScramKdfProvider() {
        super(NAME, "1", "PBKDF2WithHmacSHA256 for the PostgreSQL login of LoopX (SCRAM-SHA-256)");
        putService(new Service(this, "SecretKeyFactory", ALGORITHM, Factory.class.getName(), null, null) {
            @Override
            public Object newInstance(Object constructorParameter) {
                return new Factory();
            }
        });
    }

    /**
     * Puts the provider first unless the JDK's provider list is not the JDK's own or it is there
     * already (idempotent, safe from several threads). Makes the JDK load its configured providers
     * (their classes are in the launcher's archive): call it off the login's critical path.
     *
     * @return whether the provider is now first in the list
     */
    static boolean install() {
        boolean first = false;
        try {
            if (stockProviderList(Security.getProperty("security.provider.1"))) {
                Security.insertProviderAt(INSTANCE, 1);
                Provider[] providers = Security.getProviders();
                first = providers.length > 0 && providers[0] == INSTANCE;
            }
        } catch (SecurityException e) {
            // a security manager of the embedding application said no
        } finally {
            INSTALLED.countDown();
        }
        return first;
    }

    /** No install will come (no thread for the login set-up): a login waits for nothing. */
    static void skipInstall() {
        INSTALLED.countDown();
    }

    /**
     * Waits until an install of this process finished, at most {@link #INSTALL_WAIT} (called by the
     * login when the server asks for SCRAM, just before the driver looks the factory up).
     */
    static void awaitInstall() {
        try {
            // false after the wait: not (yet) in place, the JDK's factory derives the same bytes
            INSTALLED.await(INSTALL_WAIT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Whether the JDK's first configured provider is its own SUN (the list as the JDK ships it). */
    static boolean stockProviderList(String first) {
        return "SUN".equals(first) || "sun.security.provider.Sun".equals(first);
    }

    /** The factory: LoopX's derivation for SCRAM's request, the next provider's for anything else. */
    static final class Factory extends SecretKeyFactorySpi {
        @Override
        protected SecretKey engineGenerateSecret(KeySpec spec) throws InvalidKeySpecException {
            if (spec instanceof PBEKeySpec pbe
                    && pbe.getKeyLength() == Pbkdf2HmacSha256.LENGTH * 8
                    && pbe.getIterationCount() > 0
                    && pbe.getSalt() != null) {
                char[] chars = pbe.getPassword();
                byte[] password = utf8(chars);
                Arrays.fill(chars, '\0');
                try {
                    if (password.length > 0 && password.length <= Pbkdf2HmacSha256.MAX_PASSWORD) {
                        byte[] key = Pbkdf2HmacSha256.derive(password, pbe.getSalt(), pbe.getIterationCount());
                        try {
                            return new SecretKeySpec(key, ALGORITHM);
                        } finally {
                            Arrays.fill(key, (byte) 0);
                        }
                    }
                } finally {
                    Arrays.fill(password, (byte) 0);
                }
            }
            return next().generateSecret(spec);
        }

        @Override
        protected KeySpec engineGetKeySpec(SecretKey key, Class<?> keySpec) throws InvalidKeySpecException {
            return next().getKeySpec(key, keySpec);
        }

        @Override
        protected SecretKey engineTranslateKey(SecretKey key) throws InvalidKeyException {
            try {
                return next().translateKey(key);
            } catch (InvalidKeySpecException e) {
                throw new InvalidKeyException(e);
            }
        }

        /** The password's bytes as the JDK's PBKDF2 takes them: UTF-8, unpaired surrogates replaced. */
        private static byte[] utf8(char[] password) {
            ByteBuffer encoded = StandardCharsets.UTF_8.encode(CharBuffer.wrap(password));
            byte[] bytes = new byte[encoded.remaining()];
            encoded.get(bytes);
            if (encoded.hasArray()) {
                Arrays.fill(encoded.array(), (byte) 0);
            }
            return bytes;
        }

        /** The same factory from the first other provider that has it (the JDK's SunJCE, as a rule). */
        private static SecretKeyFactory next() throws InvalidKeySpecException {
            Provider[] having = Security.getProviders("SecretKeyFactory." + ALGORITHM); // null for none
            for (Provider p : having == null ? new Provider[0] : having) {
                if (p != INSTANCE) {
                    try {
                        return SecretKeyFactory.getInstance(ALGORITHM, p);
                    } catch (NoSuchAlgorithmException e) {
                        // listed but not usable: the next one
                    }
                }
            }
            throw new InvalidKeySpecException("no other provider of " + ALGORITHM);
        }
    }
}
