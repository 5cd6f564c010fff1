package dev.loopx.ledger.postgres.training;

import dev.loopx.ledger.remote.ServerLedgerBackend;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javax.crypto.Mac;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * Training only. A stand-in PostgreSQL server on loopback for one thing only: the training run of
 * the class-data archive of a server runtime root's reads ({@code lib/loopx-read-pg}, {@code debug
 * train-reads --server-reads}), made at package time where no server runs. It speaks enough of the
 * v3 protocol for the driver to do what a heartbeat read does against a real server: a
 * SCRAM-SHA-256 login, the startup parameters, and the schema and head queries of an empty ledger
 * (the extended query protocol). Every query it does not know gets an empty result. It stores
 * nothing and is never used to answer a user's command. It sits beside the session code whose
 * queries it answers ({@code Schema}, {@code PostgresLedger}): a change to those that it does not
 * follow fails {@code ServerReadsTrainingTest}. Reached through {@link
 * dev.loopx.ledger.postgres.PostgresBackend#trainingServer}, so it loads with the driver (ADR 0010).
 * Thread-safe: each connection is served on a thread of its own; the state they share is final.
 */
public final class TrainingServer implements ServerLedgerBackend.StandInServer {
    private final ServerSocket socket;
    private final String user;
    private final String password;
    private final Thread acceptor;

    /** Starts listening on a free loopback port; {@code user} logs in with {@code password}. */
    public TrainingServer(String user, String password) throws IOException {
        this.user = user;
        this.password = password;
        this.socket = new ServerSocket(0, 8, InetAddress.getLoopbackAddress());
        this.acceptor =
                Thread.ofPlatform().name("loopx-training-server").daemon().start(this::accept);
    }

    @Override
    public int port() {
        return socket.getLocalPort();
    }

    private void accept() {
        while (!socket.isClosed()) {
            try {
                Socket client = socket.accept();
                Thread.ofPlatform().daemon().start(() -> serve(client));
            } catch (IOException e) {
                return; // closed
            }
        }
    }

    private void serve(Socket client) {
        try (client;
                DataInputStream in = new DataInputStream(new BufferedInputStream(client.getInputStream()));
                DataOutputStream out = new DataOutputStream(new BufferedOutputStream(client.getOutputStream()))) {
            if (!startup(in, out) || !login(in, out)) {
                return;
            }
            queries(in, out);
        } catch (IOException | GeneralSecurityException | RuntimeException e) {
            // the driver hung up, or spoke something this stand-in does not: the training run goes on
        }
    }

    /** SSLRequest / GSSENCRequest (refused), then the StartupMessage. */
    private static boolean startup(DataInputStream in, DataOutputStream out) throws IOException {
        while (true) {
            int length = in.readInt();
            int code = in.readInt();
            in.skipNBytes(length - 8);
            if (code == 80877103 || code == 80877104) { // SSLRequest, GSSENCRequest
                out.writeByte('N');
                out.flush();
                continue;
            }
            return code == 196608;
        }
    }

    private boolean login(DataInputStream in, DataOutputStream out) throws IOException, GeneralSecurityException {
        message(out, 'R', body -> {
            body.writeInt(10);
            cstring(body, "SCRAM-SHA-256");
            body.writeByte(0);
        });
        out.flush();
        byte[] initial = expect(in, 'p');
        int at = indexOf(initial, 0) + 1 + 4; // mechanism\0, int32 length
        String clientFirst = new String(initial, at, initial.length - at, StandardCharsets.UTF_8);
        String clientFirstBare = clientFirst.substring(clientFirst.indexOf(",,") + 2);
        String clientNonce = attribute(clientFirstBare, 'r');
        byte[] salt = new byte[16];
        new SecureRandom().nextBytes(salt);
        String nonce = clientNonce + Base64.getEncoder().encodeToString(salt).replace("=", "");
        int iterations = 4096;
        String serverFirst = "r=" + nonce + ",s=" + Base64.getEncoder().encodeToString(salt) + ",i=" + iterations;
        message(out, 'R', body -> {
            body.writeInt(11);
            body.write(serverFirst.getBytes(StandardCharsets.UTF_8));
        });
        out.flush();
        String clientFinal = new String(expect(in, 'p'), StandardCharsets.UTF_8);
        String withoutProof = clientFinal.substring(0, clientFinal.indexOf(",p="));
        String authMessage = clientFirstBare + "," + serverFirst + "," + withoutProof;
        byte[] salted = SecretKeyFactory.getInstance("PBKDF2WithHmacSHA256")
                .generateSecret(new PBEKeySpec(password.toCharArray(), salt, iterations, 256))
                .getEncoded();
        byte[] clientKey = hmac(salted, "Client Key");
        byte[] storedKey = MessageDigest.getInstance("SHA-256").digest(clientKey);
        byte[] proof = Base64.getDecoder().decode(attribute(clientFinal, 'p'));
        byte[] signature = hmac(storedKey, authMessage);
        byte[] derived = new byte[proof.length];
        for (int i = 0; i < proof.length; i++) {
            derived[i] = (byte) (proof[i] ^ signature[i]);
        }
        if (!MessageDigest.isEqual(MessageDigest.getInstance("SHA-256").digest(derived), storedKey)) {
            return false;
        }
        String serverFinal = "v=" + Base64.getEncoder().encodeToString(hmac(hmac(salted, "Server Key"), authMessage));
        message(out, 'R', body -> {
            body.writeInt(12);
            body.write(serverFinal.getBytes(StandardCharsets.UTF_8));
        });
        message(out, 'R', body -> body.writeInt(0));
        Map<String, String> parameters = new HashMap<>();
        parameters.put("server_version", "15.0");
        parameters.put("server_encoding", "UTF8");
        parameters.put("client_encoding", "UTF8");
        parameters.put("DateStyle", "ISO, MDY");
        parameters.put("integer_datetimes", "on");
        parameters.put("IntervalStyle", "postgres");
        parameters.put("standard_conforming_strings", "on");
        parameters.put("TimeZone", "UTC");
        parameters.put("is_superuser", "off");
        parameters.put("session_authorization", user);
        parameters.put("application_name", "loopx");
        for (Map.Entry<String, String> p : parameters.entrySet()) {
            message(out, 'S', body -> {
                cstring(body, p.getKey());
                cstring(body, p.getValue());
            });
        }
        message(out, 'K', body -> {
            body.writeInt(4242);
            body.writeInt(24242);
        });
        ready(out);
        out.flush();
        return true;
    }

    /** The extended query protocol (and simple queries), message by message, until Terminate. */
    private static void queries(DataInputStream in, DataOutputStream out) throws IOException {
        String query = "";
        while (true) {
            int type = in.read();
            if (type < 0) {
                return;
            }
            byte[] body = new byte[in.readInt() - 4];
            in.readFully(body);
            switch (type) {
                case 'P' -> {
                    int end = indexOf(body, 0);
                    int queryEnd = indexOf(body, end + 1);
                    query = new String(body, end + 1, queryEnd - end - 1, StandardCharsets.UTF_8);
                    message(out, '1', b -> {});
                }
                case 'B' -> message(out, '2', b -> {});
                case 'D' -> {
                    Result r = Result.of(query);
                    if (body[0] == 'S') {
                        int params = (int) query.chars().filter(c -> c == '$').count();
                        message(out, 't', b -> {
                            b.writeShort(params);
                            for (int i = 0; i < params; i++) {
                                b.writeInt(25); // text
                            }
                        });
                    }
                    r.describe(out);
                }
                case 'E' -> Result.of(query).rows(out);
                case 'C' -> message(out, '3', b -> {});
                case 'S' -> {
                    ready(out);
                    out.flush();
                }
                case 'H' -> out.flush();
                case 'Q' -> {
                    String simple = new String(body, 0, indexOf(body, 0), StandardCharsets.UTF_8);
                    Result r = Result.of(simple);
                    if (!r.columns().isEmpty()) {
                        r.describe(out);
                    }
                    r.rows(out);
                    ready(out);
                    out.flush();
                }
                case 'X' -> {
                    return;
                }
                default -> {
                    // nothing to answer
                }
            }
        }
    }

    /** What the stand-in answers: an empty ledger whose schema is current. */
    private record Result(List<String[]> columns, List<String> row, String tag) {
        static Result of(String query) {
            if (query.contains("to_regclass")) {
                // the versions of the ledger, retry_keys and integrity components (Schema.stored)
                return new Result(
                        List.<String[]>of(
                                new String[] {"ledger", "23"},
                                new String[] {"retry_keys", "23"},
                                new String[] {"integrity", "23"}),
                        List.of("1", "1", "1"),
                        "SELECT 1");
            }
            if (query.contains("current_setting('server_version')")) {
                return new Result(List.<String[]>of(new String[] {"v", "25"}), List.of("15.0"), "SELECT 1");
            }
            if (query.contains("pg_try_advisory_lock")) {
                return new Result(List.<String[]>of(new String[] {"l", "16"}), List.of("t"), "SELECT 1");
            }
            if (query.startsWith("SELECT h.seq")) {
                // the head and the damage recorded for the ledger (PostgresLedger): an empty ledger, none
                return new Result(
                        List.<String[]>of(
                                new String[] {"seq", "20"},
                                new String[] {"hash", "25"},
                                new String[] {"first_bad_seq", "20"},
                                new String[] {"problem", "25"}),
                        null,
                        "SELECT 0");
            }
            if (query.startsWith("SELECT seq")) {
                // a page of events (PostgresLedger): none
                return new Result(
                        List.<String[]>of(
                                new String[] {"seq", "20"}, new String[] {"envelope", "17"}, new String[] {"hash", "25"
                                }),
                        null,
                        "SELECT 0");
            }
            String verb = query.strip().split("\\s+", 2)[0].toUpperCase(Locale.ROOT);
            return new Result(List.of(), null, verb.equals("SELECT") ? "SELECT 0" : verb);
        }

        void describe(DataOutputStream out) throws IOException {
            if (columns.isEmpty()) {
                message(out, 'n', b -> {});
                return;
            }
            message(out, 'T', b -> {
                b.writeShort(columns.size());
                for (String[] c : columns) {
                    cstring(b, c[0]);
                    b.writeInt(0);
                    b.writeShort(0);
                    b.writeInt(Integer.parseInt(c[1]));
                    b.writeShort(-1);
                    b.writeInt(-1);
                    b.writeShort(0);
                }
            });
        }

        void rows(DataOutputStream out) throws IOException {
            if (row != null) {
                message(out, 'D', b -> {
                    b.writeShort(row.size());
                    for (String v : row) {
                        byte[] bytes = v.getBytes(StandardCharsets.UTF_8);
                        b.writeInt(bytes.length);
                        b.write(bytes);
                    }
                });
            }
            message(out, 'C', b -> cstring(b, tag));
        }
    }

    private static void ready(DataOutputStream out) throws IOException {
        message(out, 'Z', b -> b.writeByte('I'));
    }

    private interface Body {
        void write(DataOutputStream body) throws IOException;
    }

    private static void message(DataOutputStream out, char type, Body body) throws IOException {
        ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        body.write(new DataOutputStream(buffer));
        out.writeByte(type);
        out.writeInt(buffer.size() + 4);
        buffer.writeTo(out);
    }

    private static byte[] expect(DataInputStream in, char type) throws IOException {
        int t = in.read();
        if (t != type) {
            throw new IOException("unexpected message " + t);
        }
        byte[] body = new byte[in.readInt() - 4];
        in.readFully(body);
        return body;
    }

    private static void cstring(DataOutputStream out, String s) throws IOException {
        out.write(s.getBytes(StandardCharsets.UTF_8));
        out.writeByte(0);
    }

    private static int indexOf(byte[] bytes, int from) {
        for (int i = from; i < bytes.length; i++) {
            if (bytes[i] == 0) {
                return i;
            }
        }
        return bytes.length;
    }

    private static String attribute(String message, char name) {
        for (String part : message.split(",")) {
            if (part.length() > 1 && part.charAt(0) == name && part.charAt(1) == '=') {
                return part.substring(2);
            }
        }
        throw new IllegalArgumentException("no " + name + "= in the SCRAM message");
    }

    private static byte[] hmac(byte[] key, String text) throws GeneralSecurityException {
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(key, "HmacSHA256"));
        return mac.doFinal(text.getBytes(StandardCharsets.UTF_8));
    }

    @Override
    public void close() throws IOException {
        socket.close();
        try {
            acceptor.join(1000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
