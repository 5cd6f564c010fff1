package dev.loopx.ledger.postgres;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipalLookupService;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A real PostgreSQL server for tests, started from the machine's binaries in a temporary folder
 * and stopped afterwards (the one server harness every module's PostgreSQL tests use, through
 * this module's test jar). Never a mock and never a silent skip: when the binaries are missing
 * the test fails and says how to install them ({@code .ci/run} installs postgresql-15 itself).
 *
 * <p>{@code initdb} refuses to run as root, so when the tests run as root the server runs as
 * {@code nobody} (via {@code setpriv}) with a data folder it owns; otherwise it runs as the
 * current user. It listens on 127.0.0.1 only, on a free port, with password (SCRAM) login for a
 * user {@value #USER} whose random password only {@link #password()} knows.
 *
 * <p>{@link #shared()} is one server per JVM (stopped by a shutdown hook); tests isolate
 * themselves by ledger name. {@link #start()} gives a private one a test may stop and restart.
 */
public final class PostgresServer implements AutoCloseable {
    public static final String USER = "loopx";
    public static final String DATABASE = "loopx";
    private static PostgresServer shared;

    private final Path home;
    private final Path data;
    private final Path bin;
    private final int port;
    private final String password;
    private final boolean asNobody;
    private Process process;

    private PostgresServer(Path home, Path bin, int port, String password, boolean asNobody) {
        this.home = home;
        this.data = home.resolve("data");
        this.bin = bin;
        this.port = port;
        this.password = password;
        this.asNobody = asNobody;
    }

    /** The JVM's shared server, started on first use. */
    public static synchronized PostgresServer shared() {
        if (shared == null) {
            shared = start();
            PostgresServer server = shared;
            Runtime.getRuntime().addShutdownHook(new Thread(server::close));
        }
        return shared;
    }

    /** A new private server (the caller closes it). */
    public static PostgresServer start() {
        try {
            Path bin = binaries();
            boolean root = "root".equals(System.getProperty("user.name"));
            Path home = Files.createTempDirectory("loopx-pg-");
            String password = "pw-" + UUID.randomUUID();
            PostgresServer server = new PostgresServer(home, bin, freePort(), password, root);
            server.initialise();
            server.startProcess();
            server.createDatabase();
            return server;
        } catch (IOException e) {
            throw new IllegalStateException("cannot start the test PostgreSQL server", e);
        }
    }

    /** The PostgreSQL binaries: {@code LOOPX_PG_BIN}, else Debian's PostgreSQL 15 (or newer). */
    static Path binaries() {
        List<Path> candidates = new ArrayList<>();
        String configured = System.getenv("LOOPX_PG_BIN");
        if (configured != null && !configured.isBlank()) {
            candidates.add(Path.of(configured));
        }
        for (String v : new String[] {"15", "16", "17", "14"}) {
            candidates.add(Path.of("/usr/lib/postgresql/" + v + "/bin"));
        }
        for (Path p : candidates) {
            if (Files.isExecutable(p.resolve("postgres")) && Files.isExecutable(p.resolve("initdb"))) {
                return p;
            }
        }
        throw new IllegalStateException("no PostgreSQL server binaries (looked in " + candidates
                + "); install them: apt-get install -y postgresql-15 (.ci/run does)");
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    private void initialise() throws IOException {
        Path pwfile = home.resolve("pwfile");
        Files.writeString(pwfile, password + "\n", StandardCharsets.UTF_8);
        if (asNobody) {
            Files.setPosixFilePermissions(home, PosixFilePermissions.fromString("rwx------"));
            chownNobody(home);
            chownNobody(pwfile);
        }
        run(List.of(
                bin.resolve("initdb").toString(),
                "-D",
                data.toString(),
                "--username=" + USER,
                "--pwfile=" + pwfile,
                "--auth=scram-sha-256",
                "--encoding=UTF8",
                "--locale=C",
                "--no-instructions"));
        Files.delete(pwfile);
    }

    private static void chownNobody(Path p) throws IOException {
        UserPrincipalLookupService lookup = FileSystems.getDefault().getUserPrincipalLookupService();
        PosixFileAttributeView view = Files.getFileAttributeView(p, PosixFileAttributeView.class);
        view.setOwner(lookup.lookupPrincipalByName("nobody"));
        view.setGroup(lookup.lookupPrincipalByGroupName("nogroup"));
    }

    private List<String> asServerUser(List<String> command) {
        if (!asNobody) {
            return command;
        }
        List<String> wrapped = new ArrayList<>(
                List.of("setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups", "--reset-env", "--"));
        wrapped.addAll(command);
        return wrapped;
    }

    private void run(List<String> command) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(asServerUser(command)).directory(home.toFile());
        pb.redirectErrorStream(true);
        pb.redirectOutput(home.resolve("initdb.log").toFile());
        pb.environment().put("LC_ALL", "C");
        Process p = pb.start();
        try {
            if (!p.waitFor(120, TimeUnit.SECONDS) || p.exitValue() != 0) {
                p.destroyForcibly();
                throw new IllegalStateException("initdb failed: " + Files.readString(home.resolve("initdb.log")));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private void startProcess() throws IOException {
        Path log = home.resolve("server.log");
        long before = Files.exists(log) ? Files.size(log) : 0;
        ProcessBuilder pb = new ProcessBuilder(asServerUser(List.of(
                        bin.resolve("postgres").toString(),
                        "-D",
                        data.toString(),
                        "-p",
                        Integer.toString(port),
                        "-c",
                        "listen_addresses=127.0.0.1",
                        "-c",
                        "unix_socket_directories=" + home,
                        "-c",
                        "max_connections=60",
                        "-c",
                        "shared_buffers=16MB")))
                .directory(home.toFile());
        pb.redirectErrorStream(true);
        pb.redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
        process = pb.start();
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (System.nanoTime() < deadline) {
            if (Files.exists(log)) {
                String text = Files.readString(log);
                if (text.substring((int) Math.min(before, text.length()))
                        .contains("database system is ready to accept connections")) {
                    return;
                }
            }
            if (!process.isAlive()) {
                throw new IllegalStateException("the test PostgreSQL server died: " + Files.readString(log));
            }
            sleep(50);
        }
        throw new IllegalStateException("the test PostgreSQL server did not start within 60 s");
    }

    private void createDatabase() {
        try (Connection c = connect("postgres");
                Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE " + DATABASE);
        } catch (SQLException e) {
            throw new IllegalStateException("cannot create the test database", e);
        }
    }

    /** A JDBC connection as {@value #USER} (for tests that look at the server directly). */
    public Connection connect(String database) throws SQLException {
        Properties p = new Properties();
        p.setProperty("user", USER);
        p.setProperty("password", password);
        return new org.postgresql.Driver().connect("jdbc:postgresql://127.0.0.1:" + port + "/" + database, p);
    }

    public Connection connect() throws SQLException {
        return connect(DATABASE);
    }

    public int port() {
        return port;
    }

    public String password() {
        return password;
    }

    /** {@code postgresql://127.0.0.1:PORT/loopx?ledger=NAME}: what a user passes to {@code --ledger}. */
    public String url(String ledger) {
        return "postgresql://127.0.0.1:" + port + "/" + DATABASE + "?ledger=" + ledger;
    }

    /** The environment a LoopX process needs to log in: {@code PGUSER} and {@code PGPASSWORD}. */
    public Map<String, String> environment() {
        Map<String, String> env = new HashMap<>();
        env.put("PGUSER", USER);
        env.put("PGPASSWORD", password);
        return env;
    }

    /** A {@code .pgpass} file (0600) with this server's password, for tests of that convention. */
    public Path writePgpass(Path file) throws IOException {
        Files.writeString(file, "127.0.0.1:" + port + ":*:" + USER + ":" + password + "\n");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
        return file;
    }

    /** Stops the server (fast shutdown: open sessions are ended, their transactions rolled back). */
    public synchronized void stop() {
        if (process == null) {
            return;
        }
        try {
            new ProcessBuilder("kill", "-INT", Long.toString(process.pid()))
                    .start()
                    .waitFor(10, TimeUnit.SECONDS);
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (IOException e) {
            process.destroyForcibly();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        process = null;
    }

    /** Starts it again on the same port and data. */
    public synchronized void restart() {
        if (process != null) {
            return;
        }
        try {
            startProcess();
        } catch (IOException e) {
            throw new IllegalStateException("cannot restart the test PostgreSQL server", e);
        }
    }

    @Override
    public synchronized void close() {
        stop();
        try (Stream<Path> walk = Files.walk(home)) {
            walk.sorted(java.util.Comparator.reverseOrder())
                    .forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // a temp folder left behind is harmless
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
