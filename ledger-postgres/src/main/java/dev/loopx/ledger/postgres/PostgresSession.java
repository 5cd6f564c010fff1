package dev.loopx.ledger.postgres;

import dev.loopx.ledger.Head;
import dev.loopx.ledger.LedgerException;
import dev.loopx.ledger.WriteOutcomeUnknown;
import dev.loopx.ledger.lock.LedgerLock;
import dev.loopx.ledger.lock.WriteLock;
import dev.loopx.ledger.remote.LedgerLocation;
import dev.loopx.ledger.remote.ServerLedgerSession;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.text.NumberFormat;
import java.time.Duration;
import java.util.Map;
import java.util.Properties;
import java.util.TimeZone;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.postgresql.Driver;
import org.postgresql.PGProperty;
import org.postgresql.jdbc.PgConnection;
import org.postgresql.util.HostSpec;

/**
 * One process's connection to a PostgreSQL ledger. Starts connecting (and creating or migrating
 * the schema) on a background thread as soon as it is opened, so the login overlaps whatever the
 * command does before it first reads the ledger (the projection store, the arguments); the first
 * use waits for it and meets its failure, if any, as if it had connected itself. It never
 * reconnects: a connection lost while the advisory lock may have been held cannot be papered
 * over, so every later call fails with {@code ledger_server_unavailable} (exit 3) and the command
 * ends. Credentials follow PostgreSQL's conventions and are handed to the driver only: the user
 * from {@code PGUSER} (else the OS user, or the service file's), the password from
 * {@code PGPASSWORD} or {@code ~/.pgpass} / {@code PGPASSFILE} (read by the driver), TLS from the
 * URL's {@code sslmode} or {@code PGSSLMODE}, a {@code service} from {@code pg_service.conf} /
 * {@code PGSERVICEFILE}. Every append is acknowledged only after its commit returned with
 * {@code synchronous_commit=on} (set for the session at connect). Thread-safe: the connection is
 * used under this object's monitor.
 */
final class PostgresSession implements ServerLedgerSession {
    /**
     * The driver logs through java.util.logging to stderr (e.g. a service it cannot find): LoopX
     * says it instead. Set up by the connecting thread (starting java.util.logging takes
     * milliseconds), before the driver's first class.
     */
    private static final class DriverLog {
        static final Logger LOG = quiet();

        private static Logger quiet() {
            Logger log = Logger.getLogger("org.postgresql");
            log.setLevel(Level.OFF);
            return log;
        }
    }

    /**
     * How long a login may take in all: the connect, TLS, authentication and the schema check (the
     * driver's own loginTimeout works only through its Driver.connect, which this session does not use).
     */
    static final Duration LOGIN_TIMEOUT = Duration.ofSeconds(30);

    /** The driver's SQLSTATE for a URL it cannot resolve (Driver.connect's "Unable to parse URL"). */
    private static final String UNRESOLVED_URL = "99999";

    /** The SQLSTATE of a login that did not finish in time (the driver's for a connection it could not make). */
    private static final String LOGIN_TIMED_OUT = "08001";

    private final LedgerLocation location;
    private final Duration loginTimeout;
    private final Map<String, String> environment;
    private final AdvisoryLock lock;
    private final PostgresLedger ledger;
    private Connection connection;
    private boolean broken;
    /** The SQLSTATE of the failure that broke the session, for the messages of later calls. */
    private String brokenState;
    /**
     * The operation id of the last write this session sent a commit for, null before one: once the
     * session breaks, the command's answer cannot be read, and every later failure says how to get
     * the receipt. {@link #committedKnown}: whether that commit is known to be stored.
     */
    private String committedOperation;

    private boolean committedKnown;

    private boolean closed;
    /** Written by the connecting thread before the connection is handed over (FutureTask.get orders it). */
    private int schemaVersion;
    /** The SQLSTATE of a failed connect, recorded by the connecting thread (or a login timeout). */
    private volatile String connectState;
    /** Set when the first use stopped waiting for the login: the connection it makes later is closed. */
    private volatile boolean abandoned;
    /** The connect started when the session opened, until its first use (or close) takes it. */
    private FutureTask<Connection> opening;

    PostgresSession(LedgerLocation location, Map<String, String> environment) {
        this(location, environment, LOGIN_TIMEOUT);
    }

    /** @param loginTimeout how long the first use waits for the login (tests: shorter) */
    PostgresSession(LedgerLocation location, Map<String, String> environment, Duration loginTimeout) {
        this.location = location;
        this.environment = Map.copyOf(environment);
        this.loginTimeout = loginTimeout;
        // The login starts first: connect() reads only the fields above.
        FutureTask<Connection> task = new FutureTask<>(this::connect) {
            @Override
            protected void done() {
                if (abandoned) {
                    closeArrived(this); // the login finished after its first use stopped waiting
                }
            }
        };
        try {
            Thread.ofPlatform().name("loopx-ledger-connect").daemon().start(task);
            opening = task;
        } catch (RuntimeException | OutOfMemoryError e) {
            opening = null; // no thread to spare: the first use connects itself
        }
        this.lock = new AdvisoryLock(this, location.ledger(), LedgerLock.DEFAULT_DEADLINE);
        this.ledger = new PostgresLedger(this, location.ledger(), lock);
        if (opening != null) {
            // What the login needs from the JDK and the driver on its way is set up meanwhile, on
            // two threads of their own, in the order the login needs it: the start-up message's
            // classes first, beside them the SCRAM exchange's (on a cold JVM each is tens of
            // milliseconds of class set-up that would otherwise wait in line on the connecting thread).
            try {
                Thread.ofPlatform().name("loopx-ledger-login-setup").daemon().start(PostgresSession::prepareStartup);
                Thread.ofPlatform().name("loopx-ledger-scram-setup").daemon().start(PostgresSession::prepareScram);
            } catch (RuntimeException | OutOfMemoryError e) {
                ScramKdfProvider.skipInstall(); // the login sets them up itself, and waits for nothing
            }
        }
    }

    /**
     * The driver's table of SCRAM mechanisms: its static set-up asks the JCA for the digest, the
     * HMAC and the PBKDF2 factory of each of its ten mechanisms (≈ 15 ms on a cold JVM), the first
     * time a server asks for SCRAM. A test checks the shipped driver still has it.
     */
    static final String SCRAM_MECHANISMS = "org.postgresql.shaded.com.ongres.scram.common.ScramMechanism";

    /**
     * The start-up message's JDK classes (the driver parses its server-version table with a
     * NumberFormat and names the time zone), then a few throw-away rounds of {@link Pbkdf2HmacSha256}
     * on a constant, so that the launcher's JIT setting for it (conf/jvm-postgresql.args) has it
     * compiled before the login needs it (else the login's first calls run interpreted while the
     * compiler is busy with the rest of the start). Nothing else; no state of any session; a login
     * that gets to a class first sets it up itself and this thread waits for it instead.
     */
    private static void prepareStartup() {
        NumberFormat.getIntegerInstance();
        TimeZone.getDefault();
        Pbkdf2HmacSha256.derive(WARM_UP_KEY, WARM_UP_KEY, WARM_UP_ITERATIONS);
        try {
            Class.forName(CLEANER_WRAPPER, false, PostgresSession.class.getClassLoader());
        } catch (ClassNotFoundException | LinkageError e) {
            // another driver version: the connection loads what it has
        }
    }

    /**
     * A class every new connection registers itself with, which no class-data archive can hold (the
     * driver's jar has it under META-INF/versions/11/): loaded from the jar here, beside the login,
     * instead of by the connection right after it (opening the driver's jar, ≈ 600 entries).
     */
    static final String CLEANER_WRAPPER = "org.postgresql.util.LazyCleanerImpl$CleanableWrapper";

    private static final byte[] WARM_UP_KEY = {'l', 'o', 'o', 'p', 'x'};

    /** Calls enough for the launcher's lowered compile thresholds (16 HMACs, ≈ 0.3 ms interpreted). */
    private static final int WARM_UP_ITERATIONS = 16;

    /**
     * The SCRAM exchange's set-up: LoopX's PBKDF2 first among the crypto providers
     * ({@link ScramKdfProvider}; the login waits for it when the server asks for SCRAM, in
     * {@link LoginPassword}), the driver's SCRAM mechanisms, the nonce's random source.
     */
    private static void prepareScram() {
        ScramKdfProvider.install();
        try {
            Class.forName(SCRAM_MECHANISMS, true, PostgresSession.class.getClassLoader());
        } catch (ClassNotFoundException | LinkageError e) {
            // another driver version: the login sets up its own
        }
        new SecureRandom().nextInt();
    }

    @Override
    public PostgresLedger ledger() {
        return ledger;
    }

    @Override
    public WriteLock lock() {
        return lock;
    }

    /** The open connection (autocommit on between transactions); connects on first use. */
    synchronized Connection connection() {
        if (closed) {
            throw new IllegalStateException("the PostgreSQL ledger session is closed");
        }
        if (broken) {
            throw unavailable(brokenState);
        }
        if (connection == null) {
            FutureTask<Connection> task = opening;
            opening = null;
            try {
                if (task == null) {
                    ScramKdfProvider.install(); // no login-setup thread did: this login is on this thread
                    connection = connect();
                } else {
                    connection = await(task);
                }
            } catch (RuntimeException e) {
                broken = true;
                brokenState = connectState;
                throw e;
            }
        }
        return connection;
    }

    /**
     * The background connect's connection, or its failure rethrown here (on the caller's thread). A
     * login still unfinished after the login timeout ({@link #LOGIN_TIMEOUT}) is abandoned (the connecting thread closes
     * whatever it gets later) and fails like a server that cannot be reached.
     */
    private Connection await(FutureTask<Connection> task) {
        long deadline = System.nanoTime() + loginTimeout.toNanos();
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    return task.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
                } catch (TimeoutException e) {
                    abandoned = true;
                    if (task.isDone()) {
                        closeArrived(task); // it finished just now, before done() could see the flag
                    }
                    connectState = LOGIN_TIMED_OUT;
                    throw Failures.unavailable(LOGIN_TIMED_OUT);
                } catch (InterruptedException e) {
                    interrupted = true; // a connect in flight is finished, not abandoned
                } catch (ExecutionException e) {
                    Throwable cause = e.getCause();
                    if (cause instanceof RuntimeException r) {
                        throw r;
                    }
                    if (cause instanceof Error err) {
                        throw err;
                    }
                    throw new IllegalStateException(cause);
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Called after a connection failure: nothing more is sent on this session. */
    synchronized LedgerException lost() {
        return lost(null);
    }

    /** Records that a write under {@code operationId} committed (its later failures name it). */
    synchronized void committed(String operationId) {
        committedOperation = operationId;
        committedKnown = true;
    }

    /**
     * The connection was lost after the commit of a write under {@code operationId} was sent: the
     * session breaks, and this and every later failure say the write may have been stored.
     */
    synchronized WriteOutcomeUnknown commitLost(String operationId, SQLException cause) {
        committedOperation = operationId;
        committedKnown = false;
        lost(cause);
        return new WriteOutcomeUnknown(operationId, false, Failures.state(cause.getSQLState()));
    }

    /**
     * The failure of a call on a session that cannot reach the server: after a committed write, the
     * write was stored and only its answer is lost ({@link WriteOutcomeUnknown}); else nothing this
     * session sent was written.
     */
    private LedgerException unavailable(String sqlState) {
        return committedOperation == null
                ? Failures.unavailable(sqlState)
                : new WriteOutcomeUnknown(committedOperation, committedKnown, Failures.state(sqlState));
    }

    synchronized LedgerException lost(SQLException cause) {
        broken = true;
        brokenState = cause == null ? brokenState : cause.getSQLState();
        if (connection != null) {
            try {
                connection.close();
            } catch (SQLException ignored) {
                // already gone
            }
            connection = null;
        }
        return unavailable(cause == null ? brokenState : cause.getSQLState());
    }

    /** A failure of {@code what}: a lost connection breaks the session. */
    LedgerException failure(String errorCode, String what, SQLException e) {
        if (Failures.connectionLost(e)) {
            return lost(e);
        }
        return Failures.during(errorCode, what, e);
    }

    private Connection connect() {
        DriverLog.LOG.getName();
        Properties p = new Properties();
        String service = location.option("service").orElse(null);
        String user = env("PGUSER");
        if (user == null && service == null) {
            user = System.getProperty("user.name");
        }
        if (user != null) {
            p.setProperty("user", user);
        }
        String password = env("PGPASSWORD");
        if (password != null) {
            p.setProperty("password", password);
        }
        String sslmode = location.option("sslmode").orElse(env("PGSSLMODE"));
        if (sslmode != null) {
            p.setProperty("sslmode", sslmode);
        }
        if (service != null) {
            p.setProperty("service", service);
        }
        // the password as the driver's default hands it over, after the SCRAM set-up (LoginPassword)
        p.setProperty("authenticationPluginClassName", LoginPassword.class.getName());
        p.setProperty("ApplicationName", "loopx");
        // The schema needs 9.5 or later (ON CONFLICT): said up front, the driver sends the application
        // name in its start-up message instead of a SET query after the login (one round trip less).
        p.setProperty("assumeMinServerVersion", "9.5");
        p.setProperty("connectTimeout", "10");
        p.setProperty("socketTimeout", "60");
        p.setProperty("tcpKeepAlive", "true");
        p.setProperty("options", "-c synchronous_commit=on");
        Connection c = null;
        LoginPassword.reset();
        try {
            c = open(jdbcUrl(location, service, p), p);
            c.setAutoCommit(true);
            schemaVersion = Schema.ensure(c);
            return c;
        } catch (SQLException e) {
            closeQuietly(c);
            connectState = e.getSQLState();
            if (c == null && service != null && UNRESOLVED_URL.equals(e.getSQLState())) {
                // the driver could not resolve the URL: the service is not in the service file
                throw new LedgerException(
                        "invalid_ledger_location",
                        "the ledger URL names service=" + service + ", which no service file defines (PGSERVICEFILE,"
                                + " else .pg_service.conf in your home folder); add it there or give host and database",
                        null);
            }
            throw c == null
                    ? Failures.onConnect(e, LoginPassword.askedWithoutOne())
                    : Failures.during("ledger_unreadable", "cannot set up the ledger schema", e);
        } catch (RuntimeException e) {
            closeQuietly(c);
            throw e;
        }
    }

    /**
     * The driver's URL. The driver reads a service file only for a {@code service} named in the URL
     * itself, and only without a database path when the URL has no host: then host, port and
     * database come from the service (a database the ledger URL names is passed as a property).
     */
    static String jdbcUrl(LedgerLocation location, String service, Properties p) {
        StringBuilder url = new StringBuilder("jdbc:postgresql://");
        if (location.host().isEmpty()) {
            if (!location.database().isEmpty()) {
                p.setProperty("PGDBNAME", location.database());
            }
        } else {
            url.append(location.host());
            if (location.port() > 0) {
                url.append(':').append(location.port());
            }
            url.append('/').append(location.database());
        }
        if (service != null) {
            url.append("?service=").append(URLEncoder.encode(service, StandardCharsets.UTF_8));
        }
        return url.toString();
    }

    /**
     * The driver's connection for {@code url}, made as its Driver.connect makes one but without the
     * class-path search for {@code org/postgresql/driverconfig.properties} files (that search opens
     * every jar of the distribution; LoopX ships no such file): the OS user is the default user, the
     * given properties and then the URL's come on top, and the driver's URL parser reads a service
     * file as before. A URL the driver's parser cannot resolve (a service no service file defines)
     * fails as in Driver.connect, SQLSTATE 99999.
     */
    static Connection open(String url, Properties given) throws SQLException {
        Properties defaults = new Properties();
        String osUser = System.getProperty("user.name");
        if (osUser != null) {
            defaults.setProperty("user", osUser);
        }
        Properties props = new Properties(defaults);
        for (String name : given.stringPropertyNames()) {
            props.setProperty(name, given.getProperty(name));
        }
        props = Driver.parseURL(url, props);
        if (props == null) {
            throw new SQLException("the driver cannot resolve the URL", UNRESOLVED_URL);
        }
        String[] hosts = PGProperty.PG_HOST.getOrDefault(props).split(",");
        String[] ports = PGProperty.PG_PORT.getOrDefault(props).split(",");
        String localAddress = PGProperty.LOCAL_SOCKET_ADDRESS.getOrDefault(props);
        HostSpec[] specs = new HostSpec[hosts.length];
        for (int i = 0; i < specs.length; i++) {
            specs[i] = new HostSpec(hosts[i], Integer.parseInt(ports[i]), localAddress);
        }
        return new PgConnection(specs, props, url);
    }

    private String env(String name) {
        String v = environment.get(name);
        return v == null || v.isBlank() ? null : v;
    }

    /** Closes the connection of a finished login nobody waits for any more (a failed one has none). */
    private static void closeArrived(FutureTask<Connection> task) {
        try {
            closeQuietly(task.get());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | CancellationException e) {
            // it never connected: nothing to close
        }
    }

    private static void closeQuietly(Connection c) {
        if (c != null) {
            try {
                c.close();
            } catch (SQLException ignored) {
                // nothing to release
            }
        }
    }

    /** Takes the ledger's advisory lock within {@code timeoutMillis}; false on timeout. */
    synchronized boolean advisoryLock(long key, long timeoutMillis) {
        Connection c = connection();
        try (Statement s = c.createStatement()) {
            s.execute("SET lock_timeout = " + timeoutMillis);
            try {
                s.execute("SELECT pg_advisory_lock(" + key + ")");
                return true;
            } catch (SQLException e) {
                if (AdvisoryLock.isLockTimeout(e)) {
                    return false;
                }
                throw e;
            }
        } catch (SQLException e) {
            throw failure("ledger_unreadable", "cannot take the ledger's advisory lock", e);
        }
    }

    /** Releases it; a lost connection released it already (the server drops a dead session's locks). */
    synchronized void advisoryUnlock(long key) {
        if (broken || connection == null) {
            return;
        }
        try (Statement s = connection.createStatement()) {
            s.execute("SELECT pg_advisory_unlock(" + key + ")");
        } catch (SQLException e) {
            lost(e);
        }
    }

    synchronized boolean advisoryLockFree(long key) {
        Connection c = connection();
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT pg_try_advisory_lock(" + key + ")")) {
            rs.next();
            boolean free = rs.getBoolean(1);
            if (free) {
                s.execute("SELECT pg_advisory_unlock(" + key + ")");
            }
            return free;
        } catch (SQLException e) {
            throw failure("ledger_unreadable", "cannot probe the ledger's advisory lock", e);
        }
    }

    @Override
    public synchronized Health health() {
        Connection c = connection();
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT current_setting('server_version')")) {
            rs.next();
            String version = rs.getString(1);
            Head head = ledger.head();
            return new Health(version, schemaVersion, Schema.VERSION, head);
        } catch (SQLException e) {
            throw failure("ledger_unreadable", "cannot read the server's version", e);
        }
    }

    /** One empty query on the open connection (the driver's {@code isValid}); a failed one breaks the session. */
    @Override
    public synchronized boolean alive(Duration timeout) {
        if (closed || broken) {
            return false;
        }
        if (connection == null) {
            return true; // not logged in yet: nothing to lose
        }
        int seconds = (int) Math.max(1, Math.min(Integer.MAX_VALUE, timeout.toSeconds()));
        try {
            if (connection.isValid(seconds)) {
                return true;
            }
        } catch (SQLException e) {
            // the same as invalid
        }
        lost();
        return false;
    }

    synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        FutureTask<Connection> task = opening;
        opening = null;
        if (task != null) {
            try {
                closeQuietly(await(task)); // a session closed before its first use: end the login it started
            } catch (RuntimeException e) {
                // it never connected: nothing to close
            }
        }
        closeQuietly(connection);
        connection = null;
    }
}
