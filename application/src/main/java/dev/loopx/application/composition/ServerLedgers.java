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
import java.util.ServiceLoader;
import java.util.stream.Stream;

/**
 * Finds the backend of a server ledger. In the distribution its jars (the adapter and the
 * PostgreSQL driver) live in {@code lib/postgresql/}, outside the class path: they are loaded by a
 * child class loader made here, only when a runtime root's ledger is a server URL, so a command on
 * a Chronicle project never loads or even sees them. Without a distribution ({@code loopx.dist}
 * unset: tests, the IDE) the backend is looked up on the class path itself.
 */
final class ServerLedgers {
    private static ServerLedgerBackend postgres;

    private ServerLedgers() {}

    static ServerLedgerSession open(LedgerLocation location, Map<String, String> environment) {
        return backend(location.scheme()).open(location, environment);
    }

    private static synchronized ServerLedgerBackend backend(String scheme) {
        if (postgres == null) {
            for (ServerLedgerBackend b : ServiceLoader.load(ServerLedgerBackend.class, loader())) {
                if (b.scheme().equals(scheme)) {
                    postgres = b;
                }
            }
        }
        if (postgres == null || !postgres.scheme().equals(scheme)) {
            throw new LedgerException(
                    "ledger_backend_missing",
                    "this LoopX installation has no " + scheme + " ledger support (the distribution's lib/postgresql"
                            + " folder is missing); reinstall LoopX from its distribution archive");
        }
        return postgres;
    }

    private static ClassLoader loader() {
        ClassLoader parent = Composition.class.getClassLoader();
        String dist = System.getProperty("loopx.dist");
        if (dist == null || dist.isBlank()) {
            return parent;
        }
        Path lib = Path.of(dist, "lib", "postgresql");
        if (!Files.isDirectory(lib)) {
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
}
