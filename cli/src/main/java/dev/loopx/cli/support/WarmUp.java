package dev.loopx.cli.support;

import dev.loopx.application.composition.Composition;
import dev.loopx.application.composition.LedgerWarmUp;
import dev.loopx.ledger.remote.ServerSessions;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.Set;
import org.sqlite.SQLiteConfig;
import org.sqlite.SQLiteJDBCLoader;
import org.sqlite.date.FastDateFormat;

/**
 * Class initialisation a command will need, started on a second core while the main thread parses
 * the arguments (picocli, or {@link QuickPath}) and opens the runtime — on a cold JVM each of these
 * takes milliseconds of interpreted code
 * the first time, whoever asks first: for a command that opens the journal, Chronicle Queue's
 * static state first ({@link LedgerWarmUp}, which the journal's opener waits for); then
 * BigDecimal's static tables (every JSON parser and every
 * quota policy), the JDK's calendar and locale data (sqlite-jdbc builds a date format for every
 * connection), the SQLite native library, and the security providers behind SHA-256 (hash chain,
 * reset tokens). Only JDK classes and sqlite-jdbc's own synchronized loader, so it changes no
 * result; a daemon thread; any failure is left to the code that really needs the class, which
 * then reports it as it always has. Not for {@code version} or help, which open no store: there
 * it would only compete for the CPU. On a runtime root whose ledger is a PostgreSQL server (the
 * launcher names it, {@code -Dloopx.server-root}) it first opens that ledger's session, which
 * logs in on its own thread while this process parses and opens its store (ADR 0006), and skips
 * Chronicle's warm-up (no journal there).
 */
public final class WarmUp {
    private WarmUp() {}

    /** Words of the commands that read the projection store only (no journal, when the store is current). */
    private static final Set<String> STORE_READS = Set.of(
            "should-run",
            "status",
            "heartbeat-prompt",
            "list",
            "global-summary",
            "global-gates",
            "global-todos",
            "global-risks",
            "review-packet",
            "slash-commands",
            "train-reads");

    /** The system property through which the launcher names a server runtime root (bin/loopx). */
    static final String SERVER_ROOT = "loopx.server-root";

    /**
     * Starts the warm-up unless the arguments ask for something that opens no store (version, help);
     * a server root's session is opened ahead in {@code servers}, the process's own.
     */
    public static void start(String[] args, ServerSessions servers) {
        if (!wanted(args)) {
            return;
        }
        String serverRoot = System.getProperty(SERVER_ROOT);
        boolean server = serverRoot != null && !serverRoot.isBlank();
        boolean journal = !server && opensJournal(args);
        if (journal) {
            LedgerWarmUp.expect();
        }
        if (server && !opensJournal(args)) {
            servers.heartbeatReads(true); // its session asks the ledger's head holder, when one listens (ADR 0009)
        }
        Thread thread = new Thread(() -> run(journal, server ? serverRoot : null, servers), "loopx-warm-up");
        thread.setDaemon(true);
        thread.setPriority(Thread.NORM_PRIORITY - 1);
        try {
            thread.start();
        } catch (RuntimeException | OutOfMemoryError e) {
            LedgerWarmUp.cancel(); // nobody waits for a warm-up that never ran
        }
    }

    static boolean wanted(String[] args) {
        if (args.length == 0) {
            return false;
        }
        for (String arg : args) {
            if (arg.equals("version")
                    || arg.equals("--help")
                    || arg.equals("-h")
                    || arg.equals("--version")
                    || arg.equals("-V")) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether the command will open the journal (every write, the ledger commands, a rebuild): then
     * Chronicle's classes are initialised here too, first. A word inside a value (`--text status`)
     * can only cost or spare some warm-up, never change an answer.
     */
    static boolean opensJournal(String[] args) {
        for (String arg : args) {
            if (STORE_READS.contains(arg)) {
                return false;
            }
        }
        return true;
    }

    private static void run(boolean journal, String serverRoot, ServerSessions servers) {
        if (serverRoot != null) {
            try {
                Composition.prefetchServer(
                        servers,
                        Path.of("").toAbsolutePath().resolve(serverRoot).normalize(),
                        System.getenv());
            } catch (RuntimeException | LinkageError e) {
                // the command opens the ledger itself and reports what went wrong
            }
        }
        if (journal) {
            switchInfrastructure(new Pair(1));
            LedgerWarmUp.run(); // counts down even when it fails: the command never waits forever
        }
        try {
            // The main thread opens the store ~10 ms after this thread starts and meets the calendar
            // data first (the connection's date format), then the SQLite library: begin with the
            // library (its version file is the first jar read) so the two threads work side by side
            // instead of queueing for the same class initialisation; then the first parse, the first
            // hash, and the connection's date format last (its calendar data; usually done by then,
            // and then the main thread finds the format in the driver's cache).
            SQLiteJDBCLoader.initialize();
            BigDecimal.ONE.hashCode();
            MessageDigest.getInstance("SHA-256");
            FastDateFormat.getInstance(
                    SQLiteConfig.DEFAULT_DATE_STRING_FORMAT); // the calendar, and the connection's format
        } catch (Exception | LinkageError e) {
            // Nothing to do: the command meets the same problem where it matters and reports it.
        }
    }

    /** A throw-away sealed type for {@link #switchInfrastructure}. */
    private sealed interface Shape permits Pair, Triple {}

    private record Pair(int a) implements Shape {}

    private record Triple(int a) implements Shape {}

    /**
     * A pattern {@code switch} over a sealed type is linked at its first run by generating a class
     * (no class-data archive keeps it); the first such link in a JVM also runs the generator itself
     * cold, several times the cost of every later one. A write meets eight such switches (intent,
     * decision, fold, row text, answer): this one pays the generator's warm-up here.
     */
    private static int switchInfrastructure(Shape shape) {
        return switch (shape) {
            case Pair p -> p.a();
            case Triple t -> t.a() + 1;
        };
    }
}
