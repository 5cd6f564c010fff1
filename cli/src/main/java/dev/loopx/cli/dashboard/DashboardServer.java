package dev.loopx.cli.dashboard;

import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.loopx.cli.support.CliContext;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The dashboard's HTTP server (the JDK's {@code jdk.httpserver}; docs/adr/0007-dashboard-server.md):
 * bound to 127.0.0.1 only, GET only, and every request must pass three checks before anything is
 * read — the {@code Host} header names this server (127.0.0.1:PORT or localhost:PORT, against DNS
 * rebinding), an {@code Origin}, when sent, is this server's, and the per-start token is presented
 * (as {@code ?token=} once, which sets an HttpOnly SameSite=Strict cookie and redirects to the same
 * page without it, then as that cookie). Anything else is 403; an unknown path is 404 (static
 * files come from a fixed list, never from a path on disk). The page writes nothing: there is no
 * handler that could.
 */
public final class DashboardServer implements AutoCloseable {
    /** How often the background thread looks at the ledger heads. */
    static final long REFRESH_MILLIS = 250;

    private static final Map<String, String[]> STATIC = Map.of(
            "/", new String[] {"index.html", "text/html; charset=utf-8"},
            "/index.html", new String[] {"index.html", "text/html; charset=utf-8"},
            "/app.js", new String[] {"app.js", "text/javascript; charset=utf-8"},
            "/app.css", new String[] {"app.css", "text/css; charset=utf-8"});

    private final HttpServer http;
    private final String token;
    private final int port;
    private final DashboardData data;
    private final DashboardApi api;
    private final ScheduledExecutorService refresher;
    private final ExecutorService workers;
    private final Map<String, byte[]> files = new HashMap<>();

    private DashboardServer(HttpServer http, String token, DashboardData data) {
        this.http = http;
        this.token = token;
        this.port = http.getAddress().getPort();
        this.data = data;
        this.api = new DashboardApi(data);
        this.refresher = Executors.newSingleThreadScheduledExecutor(r -> daemon(r, "loopx-dashboard-refresh"));
        this.workers = Executors.newFixedThreadPool(4, r -> daemon(r, "loopx-dashboard-http"));
    }

    private static Thread daemon(Runnable r, String name) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        return t;
    }

    /**
     * Reads everything once, then serves on 127.0.0.1:{@code port} (0: any free port) and keeps
     * the overview fresh in the background.
     */
    public static DashboardServer start(CliContext context, int port) throws IOException {
        DashboardData data = new DashboardData(context, new UseCaseReads(context));
        data.refresh();
        HttpServer http =
                HttpServer.create(new InetSocketAddress(InetAddress.getByAddress(new byte[] {127, 0, 0, 1}), port), 64);
        byte[] random = new byte[24];
        new SecureRandom().nextBytes(random);
        DashboardServer server = new DashboardServer(http, HexFormat.of().formatHex(random), data);
        for (String[] file : STATIC.values()) {
            server.files.put(file[0], resource(file[0]));
        }
        http.createContext("/", server::handle);
        http.setExecutor(server.workers);
        http.start();
        server.refresher.scheduleWithFixedDelay(
                server::refreshQuietly, REFRESH_MILLIS, REFRESH_MILLIS, TimeUnit.MILLISECONDS);
        return server;
    }

    private void refreshQuietly() {
        try {
            data.refresh();
        } catch (RuntimeException e) {
            // the next tick tries again; the page keeps the last overview
        }
    }

    private static byte[] resource(String name) throws IOException {
        try (InputStream in = DashboardServer.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IOException("the dashboard page " + name + " is missing from the distribution");
            }
            return in.readAllBytes();
        }
    }

    public int port() {
        return port;
    }

    /** The URL to open: carries the token once. */
    public String url() {
        return "http://127.0.0.1:" + port + "/?token=" + token;
    }

    private String cookieName() {
        return "loopx_dashboard_" + port;
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            String method = exchange.getRequestMethod();
            if (!allowedHost(exchange.getRequestHeaders().getFirst("Host"))) {
                send(exchange, 403, "text/plain; charset=utf-8", bytes("forbidden: unknown Host\n"));
                return;
            }
            String origin = exchange.getRequestHeaders().getFirst("Origin");
            if (origin != null && !allowedOrigin(origin)) {
                send(exchange, 403, "text/plain; charset=utf-8", bytes("forbidden: foreign Origin\n"));
                return;
            }
            if (!method.equals("GET") && !method.equals("HEAD")) {
                exchange.getResponseHeaders().set("Allow", "GET, HEAD");
                send(exchange, 405, "text/plain; charset=utf-8", bytes("read-only: GET only\n"));
                return;
            }
            URI uri = exchange.getRequestURI();
            Map<String, String> query = query(uri.getRawQuery());
            String presented = query.get("token");
            if (presented != null) {
                if (!same(presented, token)) {
                    send(exchange, 403, "text/plain; charset=utf-8", bytes("forbidden: wrong token\n"));
                    return;
                }
                exchange.getResponseHeaders()
                        .add("Set-Cookie", cookieName() + "=" + token + "; Path=/; HttpOnly; SameSite=Strict");
                exchange.getResponseHeaders().set("Location", safePath(uri.getRawPath()));
                send(exchange, 303, "text/plain; charset=utf-8", bytes("see other\n"));
                return;
            }
            if (!same(cookie(exchange.getRequestHeaders().get("Cookie")).orElse(""), token)) {
                send(
                        exchange,
                        403,
                        "text/plain; charset=utf-8",
                        bytes("forbidden: open the URL loopx dashboard printed\n"));
                return;
            }
            String path = uri.getRawPath();
            if (path.startsWith("/api/")) {
                DashboardApi.Response response = api.answer(path.substring("/api/".length()), query);
                send(exchange, response.status(), response.contentType(), response.body());
                return;
            }
            String[] file = STATIC.get(path);
            if (file == null) {
                send(exchange, 404, "text/plain; charset=utf-8", bytes("not found\n"));
                return;
            }
            send(exchange, 200, file[1], files.get(file[0]));
        } catch (RuntimeException e) {
            ObjectNode doc = CliContext.document("loopx_error_v0", false);
            doc.put("error_code", "internal_error");
            doc.put("message", "the dashboard failed to answer (" + e.getClass().getSimpleName() + ")");
            doc.put("hint", "loopx doctor");
            send(exchange, 500, DashboardApi.JSON, DashboardData.bytes(doc));
        }
    }

    private static String safePath(String raw) {
        return STATIC.containsKey(raw) || raw.startsWith("/api/") ? raw : "/";
    }

    private boolean allowedHost(String host) {
        return host != null && (host.equals("127.0.0.1:" + port) || host.equals("localhost:" + port));
    }

    private boolean allowedOrigin(String origin) {
        return origin.equals("http://127.0.0.1:" + port) || origin.equals("http://localhost:" + port);
    }

    private Optional<String> cookie(List<String> headers) {
        if (headers == null) {
            return Optional.empty();
        }
        String wanted = cookieName() + "=";
        for (String header : headers) {
            for (String part : header.split(";")) {
                String c = part.trim();
                if (c.startsWith(wanted)) {
                    return Optional.of(c.substring(wanted.length()));
                }
            }
        }
        return Optional.empty();
    }

    private static boolean same(String a, String b) {
        return MessageDigest.isEqual(a.getBytes(StandardCharsets.UTF_8), b.getBytes(StandardCharsets.UTF_8));
    }

    static Map<String, String> query(String raw) {
        Map<String, String> q = new HashMap<>();
        if (raw == null || raw.isEmpty()) {
            return q;
        }
        for (String pair : raw.split("&")) {
            int eq = pair.indexOf('=');
            String k = eq < 0 ? pair : pair.substring(0, eq);
            String v = eq < 0 ? "" : pair.substring(eq + 1);
            try {
                q.putIfAbsent(
                        URLDecoder.decode(k, StandardCharsets.UTF_8), URLDecoder.decode(v, StandardCharsets.UTF_8));
            } catch (IllegalArgumentException e) {
                // a malformed escape is not a parameter
            }
        }
        return q;
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private static void send(HttpExchange exchange, int status, String contentType, byte[] body) throws IOException {
        var h = exchange.getResponseHeaders();
        h.set("Content-Type", contentType);
        h.set("Cache-Control", "no-store");
        h.set("X-Content-Type-Options", "nosniff");
        h.set("X-Frame-Options", "DENY");
        h.set("Referrer-Policy", "no-referrer");
        h.set(
                "Content-Security-Policy",
                "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:;"
                        + " base-uri 'none'; form-action 'none'; frame-ancestors 'none'");
        boolean head = exchange.getRequestMethod().equals("HEAD");
        exchange.sendResponseHeaders(status, head ? -1 : (body.length == 0 ? -1 : body.length));
        if (!head && body.length > 0) {
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        }
    }

    @Override
    public void close() {
        refresher.shutdownNow();
        http.stop(0);
        workers.shutdownNow();
        // A refresh or request in flight still reads runtime roots (and may open their stores):
        // let it finish, so nothing of the dashboard touches a project after close returns.
        try {
            refresher.awaitTermination(10, TimeUnit.SECONDS);
            workers.awaitTermination(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        data.close();
    }
}
