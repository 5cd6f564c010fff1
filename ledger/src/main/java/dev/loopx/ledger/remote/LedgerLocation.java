package dev.loopx.ledger.remote;

import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Where a runtime root's ledger lives when it is not the embedded Chronicle journal: a server URL
 * {@code postgresql://HOST[:PORT]/DB?ledger=NAME}. Never holds credentials: a URL with user info is
 * refused by {@link #parse}, so {@link #url()} is safe to store in the runtime root and to show.
 * Credentials come from the server's own conventions (for PostgreSQL: {@code PGUSER},
 * {@code PGPASSWORD}, {@code ~/.pgpass}/{@code PGPASSFILE}, {@code PGSSLMODE}, service files).
 *
 * @param scheme {@code postgresql}
 * @param host the server host (may be empty with a {@code service})
 * @param port the server port, 0 for the default
 * @param database the database name
 * @param ledger the ledger's name inside the database (several ledgers share one server)
 * @param options further connection options kept in the URL ({@code sslmode}, {@code service}),
 *     in the order given
 */
public record LedgerLocation(
        String scheme, String host, int port, String database, String ledger, Map<String, String> options) {
    public static final String POSTGRESQL = "postgresql";
    private static final Pattern LEDGER_NAME = Pattern.compile("[a-z0-9][a-z0-9_.-]{0,62}");
    private static final Pattern DATABASE = Pattern.compile("[A-Za-z0-9_][A-Za-z0-9_.$-]{0,62}");
    private static final Pattern HOST = Pattern.compile("[A-Za-z0-9._-]{1,253}|\\[[0-9A-Fa-f:.]+\\]");
    private static final Set<String> OPTIONS = Set.of("sslmode", "service");

    public LedgerLocation {
        Objects.requireNonNull(scheme, "scheme");
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(database, "database");
        Objects.requireNonNull(ledger, "ledger");
        options = Map.copyOf(new LinkedHashMap<>(options));
    }

    /** Why a text is not a ledger location; the message never repeats the text (it may hold a secret). */
    public static final class Invalid extends Exception {
        private static final long serialVersionUID = 1L;
        private final String errorCode;

        Invalid(String errorCode, String message) {
            super(message);
            this.errorCode = errorCode;
        }

        /** {@code ledger_location_has_password} or {@code invalid_ledger_location}. */
        public String errorCode() {
            return errorCode;
        }
    }

    /** True when {@code text} names a server ledger (it starts with {@code postgresql://}). */
    public static boolean isServerLocation(String text) {
        return text.regionMatches(true, 0, POSTGRESQL + "://", 0, POSTGRESQL.length() + 3);
    }

    /** Parses and checks a location given by a user; see the record's doc for the accepted form. */
    public static LedgerLocation parse(String text) throws Invalid {
        if (!isServerLocation(text)) {
            throw invalid("the ledger location must be postgresql://HOST:PORT/DB?ledger=NAME");
        }
        URI uri;
        try {
            uri = new URI(text.trim());
        } catch (URISyntaxException e) {
            throw invalid("the ledger location is not a well-formed URL (postgresql://HOST:PORT/DB?ledger=NAME)");
        }
        String userInfo = uri.getRawUserInfo();
        if (userInfo == null
                && uri.getRawAuthority() != null
                && uri.getRawAuthority().contains("@")) {
            userInfo = uri.getRawAuthority().substring(0, uri.getRawAuthority().lastIndexOf('@'));
        }
        if (userInfo != null) {
            if (userInfo.contains(":")) {
                throw new Invalid(
                        "ledger_location_has_password",
                        "a ledger URL must not carry a password (it would land in shell history and process lists);"
                                + " put it in the .pgpass file of your home folder (or the file PGPASSFILE names, mode 0600) or in PGPASSWORD, and"
                                + " give the URL without user info");
            }
            throw invalid(
                    "a ledger URL must not carry user info: name the user with PGUSER, the .pgpass file or a service file");
        }
        String host = uri.getHost() == null ? "" : uri.getHost();
        if (!host.isEmpty() && !HOST.matcher(host).matches()) {
            throw invalid("the ledger URL's host is not a host name or address");
        }
        int port = Math.max(0, uri.getPort());
        if (port > 65535) {
            throw invalid("the ledger URL's port is out of range");
        }
        String path = uri.getPath() == null ? "" : uri.getPath();
        String database = path.startsWith("/") ? path.substring(1) : path;
        Map<String, String> query = query(uri.getRawQuery());
        String ledger = query.remove("ledger");
        if (ledger == null || !LEDGER_NAME.matcher(ledger).matches()) {
            throw invalid("the ledger URL needs ?ledger=NAME (lower-case letters, digits, '_', '.', '-'; at most 63)");
        }
        for (String key : query.keySet()) {
            if (!OPTIONS.contains(key)) {
                throw invalid("the ledger URL accepts only the parameters ledger, sslmode and service");
            }
        }
        if (host.isEmpty() && !query.containsKey("service")) {
            throw invalid("the ledger URL needs a host (or a service=NAME from a service file)");
        }
        if (database.isEmpty() && !query.containsKey("service")) {
            throw invalid("the ledger URL needs a database: postgresql://HOST:PORT/DB?ledger=NAME");
        }
        if (!database.isEmpty() && !DATABASE.matcher(database).matches()) {
            throw invalid("the ledger URL's database name has characters LoopX does not accept");
        }
        return new LedgerLocation(POSTGRESQL, host, port, database, ledger, query);
    }

    private static Map<String, String> query(String raw) throws Invalid {
        Map<String, String> out = new LinkedHashMap<>();
        if (raw == null || raw.isEmpty()) {
            return out;
        }
        for (String pair : raw.split("&")) {
            int eq = pair.indexOf('=');
            if (eq <= 0) {
                throw invalid("the ledger URL's parameters must be key=value pairs");
            }
            String key = decode(pair.substring(0, eq)).toLowerCase(Locale.ROOT);
            String value = decode(pair.substring(eq + 1));
            if (key.equals("password") || key.equals("user")) {
                throw new Invalid(
                        key.equals("password") ? "ledger_location_has_password" : "invalid_ledger_location",
                        key.equals("password")
                                ? "a ledger URL must not carry a password; put it in the .pgpass file of your home folder (or PGPASSFILE) or"
                                        + " PGPASSWORD"
                                : "a ledger URL must not carry user info: name the user with PGUSER, the .pgpass file or a"
                                        + " service file");
            }
            if (!value.matches("[A-Za-z0-9_.-]{1,63}") || out.put(key, value) != null) {
                throw invalid("the ledger URL's parameter " + (OPTIONS.contains(key) || key.equals("ledger") ? key : "")
                        + " has a value LoopX does not accept (or is repeated)");
            }
        }
        return out;
    }

    private static String decode(String s) throws Invalid {
        try {
            return URLDecoder.decode(s, StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            throw invalid("the ledger URL has a malformed %-escape");
        }
    }

    private static Invalid invalid(String message) {
        return new Invalid("invalid_ledger_location", message);
    }

    /** The location as it is stored and shown: no user info, ever. */
    public String url() {
        StringBuilder b = new StringBuilder(scheme).append("://").append(host);
        if (port > 0) {
            b.append(':').append(port);
        }
        b.append('/').append(database).append("?ledger=").append(ledger);
        options.entrySet().stream()
                .sorted(Map.Entry.comparingByKey())
                .forEach(e -> b.append('&').append(e.getKey()).append('=').append(e.getValue()));
        return b.toString();
    }

    public Optional<String> option(String name) {
        return Optional.ofNullable(options.get(name));
    }

    @Override
    public String toString() {
        return url();
    }

    // equals and hashCode written out: a record's generated ones are bootstrapped at first call,
    // and no class-data archive can hold that (on a heartbeat of a server root the generated
    // equals spun 8 classes on the main thread, measured at ≈20 ms)
    @Override
    public boolean equals(Object o) {
        return o instanceof LedgerLocation l
                && port == l.port
                && scheme.equals(l.scheme)
                && host.equals(l.host)
                && database.equals(l.database)
                && ledger.equals(l.ledger)
                && options.equals(l.options);
    }

    @Override
    public int hashCode() {
        return Objects.hash(scheme, host, port, database, ledger, options);
    }
}
