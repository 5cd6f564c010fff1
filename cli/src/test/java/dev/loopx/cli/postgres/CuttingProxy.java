package dev.loopx.cli.postgres;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A TCP proxy on 127.0.0.1 (a free port) in front of a real PostgreSQL server that forwards every
 * connection byte for byte, and, when armed, cuts the next connection whose transaction commits, at
 * one of three points: before the client's COMMIT reaches the server (the server rolls back), right
 * after it was forwarded (the server commits; the client never hears), or right after the server's
 * answer to it reached the client (the client knows; its next round trip fails). The COMMIT is found
 * as its text in the client's stream ({@code COMMIT}, sent by the driver's commit) and the server's
 * command tag ({@code COMMIT\0}); test writes carry no such text otherwise. One cut per arming.
 */
final class CuttingProxy implements AutoCloseable {
    enum Cut {
        NONE,
        /** The client's COMMIT is never forwarded; both sides are closed. */
        BEFORE_CLIENT_COMMIT,
        /** The client's COMMIT is forwarded, then the client's side is closed (the server's a moment later). */
        AFTER_CLIENT_COMMIT,
        /** The server's answer to COMMIT is forwarded, then both sides are closed. */
        AFTER_SERVER_COMMIT
    }

    private static final byte[] CLIENT_COMMIT = "COMMIT".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] SERVER_COMMIT = "COMMIT\0".getBytes(StandardCharsets.US_ASCII);

    private final ServerSocket listener;
    private final int target;
    private final AtomicReference<Cut> armed = new AtomicReference<>(Cut.NONE);
    private volatile Cut lastCut = Cut.NONE;

    CuttingProxy(int targetPort) throws IOException {
        this.target = targetPort;
        this.listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread.ofPlatform().daemon().name("cutting-proxy").start(this::acceptAll);
    }

    int port() {
        return listener.getLocalPort();
    }

    void arm(Cut cut) {
        lastCut = Cut.NONE;
        armed.set(cut);
    }

    /** The cut made since the last {@link #arm}, {@link Cut#NONE} if none. */
    Cut lastCut() {
        return lastCut;
    }

    private void acceptAll() {
        while (!listener.isClosed()) {
            try {
                Socket client = listener.accept();
                Socket server = new Socket(InetAddress.getLoopbackAddress(), target);
                client.setTcpNoDelay(true);
                server.setTcpNoDelay(true);
                Thread.ofPlatform().daemon().start(() -> pump(client, server, true));
                Thread.ofPlatform().daemon().start(() -> pump(server, client, false));
            } catch (IOException e) {
                return; // closed
            }
        }
    }

    private void pump(Socket from, Socket to, boolean fromClient) {
        byte[] buffer = new byte[65536];
        byte[] window = new byte[0];
        try (InputStream in = from.getInputStream()) {
            OutputStream out = to.getOutputStream();
            int n;
            while ((n = in.read(buffer)) > 0) {
                byte[] seen = new byte[window.length + n];
                System.arraycopy(window, 0, seen, 0, window.length);
                System.arraycopy(buffer, 0, seen, window.length, n);
                Cut cut = armed.get();
                if (fromClient
                        && (cut == Cut.BEFORE_CLIENT_COMMIT || cut == Cut.AFTER_CLIENT_COMMIT)
                        && contains(seen, CLIENT_COMMIT)
                        && armed.compareAndSet(cut, Cut.NONE)) {
                    lastCut = cut;
                    if (cut == Cut.AFTER_CLIENT_COMMIT) {
                        out.write(buffer, 0, n);
                        out.flush();
                        closeQuietly(from); // the client hears nothing more
                        sleep(500); // the server reads the COMMIT before it sees the end of the stream
                        closeQuietly(to);
                    } else {
                        closeQuietly(from);
                        closeQuietly(to);
                    }
                    return;
                }
                if (!fromClient
                        && cut == Cut.AFTER_SERVER_COMMIT
                        && contains(seen, SERVER_COMMIT)
                        && armed.compareAndSet(cut, Cut.NONE)) {
                    lastCut = cut;
                    out.write(buffer, 0, n);
                    out.flush();
                    sleep(50); // the client reads the answer before its connection ends
                    closeQuietly(to);
                    closeQuietly(from);
                    return;
                }
                out.write(buffer, 0, n);
                out.flush();
                int keep = Math.min(seen.length, SERVER_COMMIT.length);
                window = java.util.Arrays.copyOfRange(seen, seen.length - keep, seen.length);
            }
        } catch (IOException e) {
            // one side ended: end the other
        } finally {
            closeQuietly(from);
            closeQuietly(to);
        }
    }

    private static boolean contains(byte[] haystack, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= haystack.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return true;
        }
        return false;
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void closeQuietly(Socket s) {
        try {
            s.close();
        } catch (IOException e) {
            // closing anyway
        }
    }

    @Override
    public void close() throws IOException {
        listener.close();
    }
}
