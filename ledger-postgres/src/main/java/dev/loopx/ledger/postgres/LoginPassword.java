package dev.loopx.ledger.postgres;

import java.util.Properties;
import org.postgresql.PGProperty;
import org.postgresql.plugin.AuthenticationPlugin;
import org.postgresql.plugin.AuthenticationRequestType;

/**
 * The driver's authentication plugin for a LoopX login: hands over the password exactly as the
 * driver's default does (the {@code password} property: {@code PGPASSWORD}, else the driver's own
 * {@code .pgpass} lookup), and when the server asks for SCRAM, first waits (a bounded while) for
 * the login set-up to have put LoopX's PBKDF2 in place ({@link ScramKdfProvider#awaitInstall}), so
 * that the derivation that follows is LoopX's every time rather than when a race is won. Public
 * for the driver, which instantiates it by name; not part of LoopX's API.
 */
public final class LoginPassword implements AuthenticationPlugin {
    /**
     * Set on the logging-in thread when the server asked for a password and none was found (the
     * driver then fails with the SQLSTATE it also gives a refused TLS request, 08004): the
     * session's own message names what is missing instead.
     */
    private static final ThreadLocal<Boolean> ASKED_WITHOUT_ONE = new ThreadLocal<>();

    private final Properties info;

    /** @param info the connection's properties, as the driver passes them */
    public LoginPassword(Properties info) {
        this.info = info;
    }

    @Override
    public char[] getPassword(AuthenticationRequestType type) {
        if (type == AuthenticationRequestType.SASL) {
            ScramKdfProvider.awaitInstall();
        }
        String password = PGProperty.PASSWORD.getOrDefault(info);
        if (password == null) {
            ASKED_WITHOUT_ONE.set(Boolean.TRUE);
            return null;
        }
        return password.toCharArray(); // a new array: the driver wipes it
    }

    /** Starts a login on this thread: nothing asked yet. */
    static void reset() {
        ASKED_WITHOUT_ONE.remove();
    }

    /** Whether the login on this thread was asked for a password it did not have. */
    static boolean askedWithoutOne() {
        return Boolean.TRUE.equals(ASKED_WITHOUT_ONE.get());
    }
}
