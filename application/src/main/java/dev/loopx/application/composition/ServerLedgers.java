package dev.loopx.application.composition;

import dev.loopx.ledger.LedgerException;
import dev.loopx.ledger.remote.LedgerLocation;
import dev.loopx.ledger.remote.ServerLedgerBackend;
import dev.loopx.ledger.remote.ServerLedgerSession;
import java.io.IOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Finds the backend of a server ledger. In the distribution its jars (the adapter and the
 * PostgreSQL driver) live in {@code lib/postgresql/}, outside the class path of every command on a
 * Chronicle project, which so never loads or even sees them. For a runtime root whose ledger is a
 * server URL the launcher puts that folder's jars on the class path (and starts its heartbeat reads
 * from a class-data archive that holds their classes, ADR 0006); when it did not (a runtime root it could
 * not tell, e.g. a project of {@code projects.json}), a child class loader made here loads them.
 * Without a distribution ({@code loopx.dist} unset: tests, the IDE) the backend is looked up on the
 * class path itself. The backend class is named here, not found by {@link java.util.ServiceLoader}:
 * a service lookup opens every jar on the class path (tens of milliseconds on a heartbeat).
 */
final class ServerLedgers {
    /** The backend class of each server scheme (its module's META-INF/services names it too). */
    private static final Map<String, String> BACKENDS =
            Map.of(LedgerLocation.POSTGRESQL, "dev.loopx.ledger.postgres.PostgresBackend");

    private static ServerLedgerBackend postgres;

    /** A session opened ahead of its first use ({@link #prefetch}), with what it was opened for. */
    private static ServerLedgerSession prefetched;

    private static LedgerLocation prefetchedLocation;
    private static Map<String, String> prefetchedEnvironment;

    /** Whether the command opened a session already: a prefetch after that would only compete with it. */
    private static boolean opened;

    private ServerLedgers() {}

    static ServerLedgerSession open(LedgerLocation location, Map<String, String> environment) {
        ServerLedgerSession unused;
        synchronized (ServerLedgers.class) {
            opened = true;
            unused = prefetched;
            prefetched = null;
            if (unused != null && prefetchedLocation.equals(location) && prefetchedEnvironment.equals(environment)) {
                return unused;
            }
        }
        if (unused != null) {
            // opened for another ledger or environment: end its login without waiting for it here
            Thread.ofPlatform().daemon().start(() -> unused.ledger().close());
        }
        return backend(location.scheme()).open(location, environment);
    }

    /**
     * Opens the session of a server runtime root before the command gets to it (a session starts
     * connecting at once, on its own thread): the launcher names such a root at start, so the
     * login overlaps the argument parsing and the projection store instead of following them. The
     * command's own {@link #open} for the same location and environment takes this session; a
     * different one gets its own. Any failure is left to the command, which meets it again where it
     * opens the ledger and reports it as always.
     */
    static synchronized void prefetch(Path runtimeRoot, Map<String, String> environment) {
        // Synchronized throughout: a command that gets to open() meanwhile waits for this session
        // (its login already started) instead of starting a second one.
        if (opened || prefetched != null) {
            return;
        }
        try {
            Optional<LedgerLocation> location = LedgerLocations.stored(runtimeRoot);
            if (location.isEmpty()) {
                return;
            }
            Map<String, String> env = Map.copyOf(environment);
            prefetched = backend(location.get().scheme()).open(location.get(), env);
            prefetchedLocation = location.get();
            prefetchedEnvironment = env;
        } catch (RuntimeException | LinkageError e) {
            // the command opens the ledger itself and reports what went wrong
        }
    }

    /**
     * Ends a prefetched session the command never took (a command that did not read the ledger),
     * waiting for its login, so the server sees an orderly goodbye rather than a dropped connection.
     */
    static void closeUnused() {
        ServerLedgerSession unused;
        synchronized (ServerLedgers.class) {
            opened = true; // a prefetch still to come has nothing left to win
            unused = prefetched;
            prefetched = null;
        }
        if (unused != null) {
            unused.ledger().close();
        }
    }

    /** Tests only: forgets a prefetched session and that a command opened one (one JVM runs many tests). */
    static synchronized void forgetPrefetch() {
        prefetched = null;
        prefetchedLocation = null;
        prefetchedEnvironment = null;
        opened = false;
    }

    private static synchronized ServerLedgerBackend backend(String scheme) {
        if (postgres == null || !postgres.scheme().equals(scheme)) {
            postgres = load(scheme);
        }
        return postgres;
    }

    private static ServerLedgerBackend load(String scheme) {
        String name = BACKENDS.get(scheme);
        if (name != null) {
            try {
                Class<?> type = Class.forName(name, true, loader());
                ServerLedgerBackend backend =
                        (ServerLedgerBackend) type.getDeclaredConstructor().newInstance();
                if (backend.scheme().equals(scheme)) {
                    return backend;
                }
            } catch (ClassNotFoundException | LinkageError e) {
                // missing below
            } catch (ReflectiveOperationException | ClassCastException e) {
                throw new IllegalStateException("the " + scheme + " ledger backend cannot be created", e);
            }
        }
        throw new LedgerException(
                "ledger_backend_missing",
                "this LoopX installation has no " + scheme + " ledger support (the distribution's lib/postgresql"
                        + " folder is missing); reinstall LoopX from its distribution archive");
    }

    private static ClassLoader loader() {
        ClassLoader parent = Composition.class.getClassLoader();
        String dist = System.getProperty("loopx.dist");
        if (dist == null || dist.isBlank()) {
            return parent;
        }
        Path lib = Path.of(dist, "lib", "postgresql");
        if (onClassPath(lib) || !Files.isDirectory(lib)) {
            return parent;
        }
        try (Stream<Path> jars = Files.list(lib)) {
            List<Path> sorted = jars.filter(p -> p.getFileName().toString().endsWith(".jar"))
                    .sorted()
                    .toList();
            URL[] urls = new URL[sorted.size()];
            for (int i = 0; i < urls.length; i++) {
                urls[i] = sorted.get(i).toUri().toURL();
            }
            return new URLClassLoader("loopx-postgresql", urls, parent);
        } catch (MalformedURLException e) {
            throw new IllegalStateException(e);
        } catch (IOException e) {
            throw new LedgerException("ledger_backend_missing", "the distribution's lib/postgresql cannot be read", e);
        }
    }

    /** Whether the launcher put the folder's jars on the class path (bin/loopx, for a server runtime root). */
    static boolean onClassPath(Path lib) {
        String prefix = lib.toString() + java.io.File.separator;
        for (String entry : System.getProperty("java.class.path", "").split(java.io.File.pathSeparator)) {
            if (entry.startsWith(prefix)) {
                return true;
            }
        }
        return false;
    }
}
