package dev.loopx.ledger.remote;

import dev.loopx.ledger.LedgerException;
import java.io.File;
import java.io.IOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Finds the backend of a server ledger. In the distribution its jars (the adapter and the
 * PostgreSQL driver) live in {@code lib/postgresql/}, outside the class path of every command on a
 * Chronicle project, which so never loads or even sees them. For a runtime root whose ledger is a
 * server URL the launcher puts that folder's jars on the class path (and starts its heartbeat reads
 * from a class-data archive that holds their classes, ADR 0006); when it did not (a runtime root it
 * could not tell, e.g. a project of {@code projects.json}), a child class loader made here loads
 * them. Without a distribution (tests, the IDE) the backend is looked up on the class path itself.
 * The backend class is named by the composition root, not found by {@link java.util.ServiceLoader}:
 * a service lookup opens every jar on the class path (tens of milliseconds on a heartbeat).
 * Stateless; {@link ServerSessions} keeps what it loaded.
 */
final class ServerBackends {
    private ServerBackends() {}

    /**
     * A new backend of {@code scheme}, of class {@code className} (null: none is named), loaded
     * through {@code parent} or, in a distribution whose launcher did not put {@code
     * lib/postgresql} on the class path, through a child class loader over its jars.
     */
    static ServerLedgerBackend load(String scheme, String className, ClassLoader parent, Optional<Path> distribution) {
        if (className != null) {
            try {
                Class<?> type = Class.forName(className, true, loader(parent, distribution));
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

    private static ClassLoader loader(ClassLoader parent, Optional<Path> distribution) {
        if (distribution.isEmpty()) {
            return parent;
        }
        Path lib = distribution.get().resolve("lib").resolve("postgresql");
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
    private static boolean onClassPath(Path lib) {
        String prefix = lib.toString() + File.separator;
        for (String entry : System.getProperty("java.class.path", "").split(File.pathSeparator)) {
            if (entry.startsWith(prefix)) {
                return true;
            }
        }
        return false;
    }
}
