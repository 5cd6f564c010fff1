package dev.loopx.application.resident;

import dev.loopx.ledger.process.Detached;
import dev.loopx.ledger.process.LocalServer;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The resident answerer of one runtime root (ADR 0014): a process of this machine that keeps a warm
 * JVM and answers the heartbeat reads and {@code todo add} that the launcher hands it over a
 * UNIX-domain socket in the runtime root ({@code answerer/answerer.sock}, the folder 0700, the
 * socket 0600, and only its own OS user is answered). It runs each command exactly as the CLI does
 * in a process of its own ({@code Cli.run} with the asking process's arguments, environment and
 * working directory): the same ledger code, the same write lock, so it is never a second writer.
 * One command at a time. It ends when nobody asked for the idle time, when its runtime root or its
 * distribution is gone or replaced, or on a signal; and it declines (nothing run) any command it
 * does not answer, for another runtime root or another distribution, so the launcher runs that one
 * in a JVM of its own as before. It is never required: without it every command works as before.
 */
public final class ResidentAnswerer {
    private ResidentAnswerer() {}

    /** The switch: {@code LOOPX_ANSWERER=off} never asks nor starts one. */
    public static final String SWITCH = "LOOPX_ANSWERER";

    /** How long it waits for a command before it ends ({@code LOOPX_ANSWERER_IDLE_SECONDS}, default 1800). */
    public static final String IDLE_VARIABLE = "LOOPX_ANSWERER_IDLE_SECONDS";

    static final Duration DEFAULT_IDLE = Duration.ofMinutes(30);

    /** How often it checks its idle time, its runtime root and its distribution. */
    static final Duration TICK = Duration.ofSeconds(2);

    /** UNIX-domain socket paths are limited to 108 bytes (Linux; macOS 104): longer roots have none. */
    static final int MAX_SOCKET_PATH = 100;

    /** Where a runtime root's answerer listens, and its lock file (which names its process). */
    public record Address(Path root, Path folder, Path socket, Path lock) {
        /** Empty when the runtime root's path is too long for a socket address. */
        public static Optional<Address> of(Path runtimeRoot) {
            Path root = runtimeRoot.toAbsolutePath().normalize();
            Path folder = root.resolve("answerer");
            Path socket = folder.resolve("answerer.sock");
            if (socket.toString().getBytes(StandardCharsets.UTF_8).length > MAX_SOCKET_PATH) {
                return Optional.empty();
            }
            return Optional.of(new Address(root, folder, socket, folder.resolve("answerer.lock")));
        }
    }

    /** Whether the switch allows answerers. */
    public static boolean on(Map<String, String> environment) {
        String v = environment.get(SWITCH);
        return v == null || !v.trim().equalsIgnoreCase("off");
    }

    /** Whether an answerer for {@code address} runs or is starting (its lock file is locked). */
    public static boolean running(Address address) {
        return LocalServer.running(address.lock());
    }

    /** The process id of the answerer at {@code address}, when one runs (its lock file names it). */
    public static OptionalLong pid(Address address) {
        return LocalServer.pid(address.lock());
    }

    /** What {@code doctor} says of the runtime root's answerer: off, running (its process id), or not running. */
    public static String state(Path runtimeRoot, Map<String, String> environment) {
        if (!on(environment)) {
            return "off (" + SWITCH + "=off): every command starts a JVM of its own";
        }
        Optional<Address> address = Address.of(runtimeRoot);
        if (address.isEmpty()) {
            return "none: the runtime root's path is too long for a socket; every command starts a JVM of its own";
        }
        OptionalLong pid = pid(address.get());
        if (pid.isPresent()) {
            return "running (process " + pid.getAsLong() + "): the heartbeat reads and todo add are answered without"
                    + " starting a JVM; it ends after " + idle(environment).toMinutes() + " min without a command";
        }
        return "not running: the next heartbeat read or todo add through bin/loopx starts it (" + SWITCH
                + "=off never does)";
    }

    public static Duration idle(Map<String, String> environment) {
        String v = environment.get(IDLE_VARIABLE);
        if (v != null && v.trim().matches("[0-9]{1,7}")) {
            long seconds = Long.parseLong(v.trim());
            if (seconds > 0) {
                return Duration.ofSeconds(seconds);
            }
        }
        return DEFAULT_IDLE;
    }

    /**
     * After a command the launcher would have handed an answerer but found none answering: starts one
     * in the background for {@code runtimeRoot} (the distribution's launcher with {@code
     * launcherArguments}, which name the runtime root and the command that serves it),
     * unless the switch is off, the root holds no ledger, or one is starting already. Its output goes
     * nowhere and it holds none of this process's streams.
     */
    public static void startMissing(
            Path runtimeRoot, Path distribution, Map<String, String> environment, List<String> launcherArguments) {
        if (!on(environment) || !Files.isDirectory(runtimeRoot.resolve("ledger"), LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        Optional<Address> address = Address.of(runtimeRoot);
        if (address.isEmpty() || running(address.get())) {
            return;
        }
        Path launcher = distribution.resolve("bin").resolve("loopx");
        if (!Files.isExecutable(launcher)) {
            return;
        }
        List<String> command = new ArrayList<>();
        command.add(launcher.toString());
        command.addAll(launcherArguments);
        Detached.start("", command);
    }

    /** Why {@link #serve} returned. */
    public enum Ended {
        /** Another answerer has the address. */
        ANOTHER_ANSWERER,
        /** The folder or the socket could not be made (or the root's path is too long). */
        NO_SOCKET,
        /** The runtime root holds no ledger on this machine's journal. */
        NO_LEDGER,
        /** Nobody asked for the idle time. */
        IDLE,
        /** The runtime root's ledger folder is gone. */
        ROOT_GONE,
        /** The distribution it runs from was replaced or removed, or another one asked (an update). */
        REPLACED
    }

    /**
     * The commands an answerer runs (the CLI's): which it declines, and running one as the CLI would in
     * a process of its own (what it printed, its exit code).
     */
    public interface Commands {
        /** Why {@code request} is not run here (not a command it answers, another runtime root than {@code root}, …). */
        Optional<String> declines(ResidentRequest request, Path root);

        Result run(ResidentRequest request);

        record Result(int exit, byte[] stdout, byte[] stderr) {}
    }

    /**
     * Serves {@code address} until one of {@link Ended}. {@code distribution} is the folder it runs
     * from (requests from another are declined) and {@code stamp} tells whether it is still the one
     * it started from.
     */
    public static Ended serve(Address address, Path distribution, Stamp stamp, Duration idle, Commands commands) {
        if (!journal(address)) {
            return Ended.NO_LEDGER;
        }
        return LocalServer.whileLocked(
                address.folder(),
                address.lock(),
                Ended.NO_SOCKET,
                Ended.ANOTHER_ANSWERER,
                () -> new Server(address, distribution, stamp, idle, commands).run());
    }

    /**
     * Why an answerer for {@code address} would not serve, known before it warms up: another one runs,
     * or the runtime root holds no journal ledger here.
     */
    public static Optional<Ended> unservable(Address address) {
        if (!journal(address)) {
            return Optional.of(Ended.NO_LEDGER);
        }
        return running(address) ? Optional.of(Ended.ANOTHER_ANSWERER) : Optional.empty();
    }

    private static boolean journal(Address address) {
        return Files.isDirectory(address.root().resolve("ledger"), LinkOption.NOFOLLOW_LINKS)
                && !Files.exists(address.root().resolve("ledger-location"), LinkOption.NOFOLLOW_LINKS);
    }

    /** What the distribution's CLI jar was when the answerer started: an update changes it. */
    public record Stamp(Path jar, long size, long modified) {
        public static Stamp of(Path distribution) {
            Path lib = distribution.resolve("lib");
            try (var jars = Files.newDirectoryStream(lib, "loopx-cli-*.jar")) {
                for (Path jar : jars) {
                    return new Stamp(
                            jar, Files.size(jar), Files.getLastModifiedTime(jar).toMillis());
                }
            } catch (IOException e) {
                // no distribution to stamp: every check says replaced
            }
            return new Stamp(lib.resolve("loopx-cli.jar"), -1, -1);
        }

        boolean still() {
            return size >= 0 && of(jar.getParent().getParent()).equals(this);
        }
    }

    /** One listening answerer: one command at a time, as processes of their own would run in turn. */
    private static final class Server extends LocalServer.Listening<Ended> {
        private final Address address;
        private final String distribution;
        private final Stamp stamp;
        private final long idleNanos;
        private final Commands commands;
        private volatile long lastAsked = System.nanoTime();

        Server(Address address, Path distribution, Stamp stamp, Duration idle, Commands commands) {
            super(address.folder(), address.socket(), "loopx-answerer");
            this.address = address;
            this.distribution = distribution.toString();
            this.stamp = stamp;
            this.idleNanos = idle.toNanos();
            this.commands = commands;
        }

        Ended run() {
            return run(Ended.NO_SOCKET, Ended.IDLE);
        }

        @Override
        protected void handle(SocketChannel client) {
            answer(client);
        }

        @Override
        protected Duration tick() {
            return Duration.ofNanos(Math.max(1_000_000L, Math.min(idleNanos, TICK.toNanos())));
        }

        /** Every {@link #TICK} at most: idle for too long, its runtime root gone, its runtime replaced. */
        @Override
        protected Optional<Ended> check() {
            if (System.nanoTime() - lastAsked > idleNanos) {
                return Optional.of(Ended.IDLE);
            }
            return gone();
        }

        private Optional<Ended> gone() {
            if (!Files.isDirectory(address.root().resolve("ledger"), LinkOption.NOFOLLOW_LINKS)) {
                return Optional.of(Ended.ROOT_GONE);
            }
            if (!stamp.still()) {
                return Optional.of(Ended.REPLACED);
            }
            return Optional.empty();
        }

        private void answer(SocketChannel client) {
            try (client) {
                DataInputStream in = new DataInputStream(new BufferedInputStream(Channels.newInputStream(client)));
                DataOutputStream out = new DataOutputStream(new BufferedOutputStream(Channels.newOutputStream(client)));
                ResidentRequest request;
                try {
                    request = ResidentRequest.read(in);
                } catch (ResidentRequest.Malformed e) {
                    return;
                }
                lastAsked = System.nanoTime();
                Optional<String> declined = declined(request);
                if (declined.isPresent()) {
                    ResidentRequest.answer(
                            out,
                            ResidentRequest.DECLINED,
                            new byte[0],
                            declined.get().getBytes(StandardCharsets.UTF_8));
                    return;
                }
                Commands.Result result = commands.run(request);
                lastAsked = System.nanoTime();
                ResidentRequest.answer(out, result.exit(), result.stdout(), result.stderr());
            } catch (IOException e) {
                // the asking launcher went away: nothing to answer
            }
        }

        /** Why this answerer does not run the request (the launcher then runs it in a JVM of its own). */
        private Optional<String> declined(ResidentRequest request) {
            Optional<Ended> gone = gone();
            if (gone.isPresent()) {
                end(gone.get());
                return Optional.of("ending: " + gone.get());
            }
            if (!request.distribution().equals(distribution)) {
                // another LoopX runtime asks (an update switched the installed one): it takes over
                end(Ended.REPLACED);
                return Optional.of("another distribution");
            }
            return commands.declines(request, address.root());
        }
    }
}
