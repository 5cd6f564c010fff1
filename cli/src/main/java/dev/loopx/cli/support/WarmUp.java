package dev.loopx.cli.support;

import java.math.BigDecimal;
import java.security.MessageDigest;
import java.util.Calendar;
import java.util.Locale;
import java.util.TimeZone;

/**
 * Class initialisation a command will need, started on a second core while the main thread builds
 * the command line (picocli) — on a cold JVM each of these takes milliseconds of interpreted code
 * the first time, whoever asks first: BigDecimal's static tables (every JSON parser and every
 * quota policy), the JDK's calendar and locale data (sqlite-jdbc builds a date format for every
 * connection), the SQLite native library, and the security providers behind SHA-256 (hash chain,
 * reset tokens). Only JDK classes and sqlite-jdbc's own synchronized loader, so it changes no
 * result; a daemon thread; any failure is left to the code that really needs the class, which
 * then reports it as it always has. Not for {@code version} or help, which open no store: there
 * it would only compete for the CPU.
 */
public final class WarmUp {
    private WarmUp() {}

    /** Starts the warm-up unless the arguments ask for something that opens no store (version, help). */
    public static void start(String[] args) {
        if (!wanted(args)) {
            return;
        }
        Thread thread = new Thread(WarmUp::run, "loopx-warm-up");
        thread.setDaemon(true);
        thread.setPriority(Thread.NORM_PRIORITY - 1);
        thread.start();
    }

    static boolean wanted(String[] args) {
        if (args.length == 0) {
            return false;
        }
        for (String arg : args) {
            if (arg.equals("version") || arg.equals("--help") || arg.equals("-h") || arg.equals("--version") || arg.equals("-V")) {
                return false;
            }
        }
        return true;
    }

    private static void run() {
        try {
            BigDecimal.ONE.hashCode();
            Calendar.getInstance(TimeZone.getDefault(), Locale.getDefault());
            org.sqlite.SQLiteJDBCLoader.initialize();
            MessageDigest.getInstance("SHA-256");
        } catch (Exception | LinkageError e) {
            // Nothing to do: the command meets the same problem where it matters and reports it.
        }
    }
}
