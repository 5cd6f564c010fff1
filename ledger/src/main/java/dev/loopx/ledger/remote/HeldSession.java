package dev.loopx.ledger.remote;

import dev.loopx.ledger.EventCursor;
import dev.loopx.ledger.Head;
import dev.loopx.ledger.HeadMismatch;
import dev.loopx.ledger.Ledger;
import dev.loopx.ledger.LedgerDamage;
import dev.loopx.ledger.ProposedEvent;
import dev.loopx.ledger.Recorded;
import dev.loopx.ledger.RetryKey;
import dev.loopx.ledger.lock.WriteLock;
import io.vavr.control.Either;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * A heartbeat read's session when a {@link HeadHolder} listens for its ledger: the head comes from
 * the holder (one question on a UNIX-domain socket, answered from the holder's logged-in session);
 * everything else opens the command's own session on first use, which then logs in as it always
 * does. A holder that does not answer within {@link #ANSWER_TIMEOUT}, answers anything but a head,
 * or has gone away, is not asked again: the head is read through the command's own session, so
 * the answer is the same, only slower. Thread-safe.
 */
public final class HeldSession implements ServerLedgerSession {
    /** How long a heartbeat waits for the holder's answer before it reads the head itself. */
    public static final Duration ANSWER_TIMEOUT = Duration.ofSeconds(1);

    private final HeadHolder.Address address;
    private final Supplier<ServerLedgerSession> opener;
    private final Duration timeout;
    private final Ledger ledger = new HeldLedger();
    private final WriteLock lock = new LazyLock();
    private SocketChannel holder;
    private ServerLedgerSession own;
    private Consumer<String> longWaitNotice;
    private boolean answered;
    private boolean failed;
    private boolean closed;

    private HeldSession(
            HeadHolder.Address address, SocketChannel holder, Supplier<ServerLedgerSession> opener, Duration timeout) {
        this.address = address;
        this.holder = holder;
        this.opener = opener;
        this.timeout = timeout;
    }

    /**
     * A session that asks the holder at {@code address}, if one listens there (the connect is local
     * and immediate); empty when none does. {@code opener} opens the command's own session when it
     * needs one.
     */
    public static Optional<HeldSession> connect(HeadHolder.Address address, Supplier<ServerLedgerSession> opener) {
        return connect(address, opener, ANSWER_TIMEOUT);
    }

    /** As {@link #connect(HeadHolder.Address, Supplier)}, waiting {@code timeout} for the answer (tests). */
    public static Optional<HeldSession> connect(
            HeadHolder.Address address, Supplier<ServerLedgerSession> opener, Duration timeout) {
        return open(address).map(channel -> new HeldSession(address, channel, opener, timeout));
    }

    private static Optional<SocketChannel> open(HeadHolder.Address address) {
        SocketChannel channel = null;
        try {
            channel = SocketChannel.open(StandardProtocolFamily.UNIX);
            channel.connect(UnixDomainSocketAddress.of(address.socket()));
            return Optional.of(channel);
        } catch (IOException | RuntimeException e) {
            closeQuietly(channel);
            return Optional.empty();
        }
    }

    /** Whether the holder answered this session's head (diagnostics, tests). */
    public synchronized boolean holderAnswered() {
        return answered;
    }

    /** Whether the holder was asked and did not answer: the caller may start another one. */
    public synchronized boolean holderFailed() {
        return failed;
    }

    @Override
    public Ledger ledger() {
        return ledger;
    }

    @Override
    public WriteLock lock() {
        return lock;
    }

    @Override
    public Health health() {
        return own().health();
    }

    private synchronized ServerLedgerSession own() {
        if (own == null) {
            own = opener.get();
            if (longWaitNotice != null) {
                own.lock().onLongWait(longWaitNotice);
            }
        }
        return own;
    }

    /** The holder's head, or empty when it did not give one (then it is not asked again). */
    private synchronized Optional<Head> askHolder() {
        if (failed || closed) {
            return Optional.empty();
        }
        SocketChannel channel = holder != null ? holder : open(address).orElse(null);
        holder = null; // one question per connection: the next one connects again
        if (channel == null) {
            failed = true;
            return Optional.empty();
        }
        try (channel;
                Selector selector = Selector.open()) {
            ByteBuffer question = ByteBuffer.wrap(HeadHolder.REQUEST.getBytes(StandardCharsets.US_ASCII));
            while (question.hasRemaining()) {
                channel.write(question);
            }
            channel.configureBlocking(false);
            channel.register(selector, SelectionKey.OP_READ);
            ByteBuffer reply = ByteBuffer.allocate(HeadHolder.MAX_LINE);
            long deadline = System.nanoTime() + timeout.toNanos();
            while (true) {
                long left = (deadline - System.nanoTime()) / 1_000_000;
                if (left <= 0) {
                    break;
                }
                selector.select(left);
                selector.selectedKeys().clear();
                int n = channel.read(reply);
                int end = lineEnd(reply);
                if (end >= 0) {
                    Optional<Head> head = parse(new String(reply.array(), 0, end, StandardCharsets.US_ASCII));
                    answered |= head.isPresent();
                    failed = head.isEmpty();
                    return head;
                }
                if (n < 0 || !reply.hasRemaining()) {
                    break;
                }
            }
        } catch (IOException | RuntimeException e) {
            // gone or broken: read it ourselves
        }
        failed = true;
        return Optional.empty();
    }

    private static int lineEnd(ByteBuffer reply) {
        for (int i = 0; i < reply.position(); i++) {
            if (reply.get(i) == '\n') {
                return i;
            }
        }
        return -1;
    }

    /** {@code ok <seq> <hash>}: a head; anything else: none. */
    static Optional<Head> parse(String line) {
        if (!line.startsWith(HeadHolder.OK)) {
            return Optional.empty();
        }
        String[] parts = line.substring(HeadHolder.OK.length()).split(" ", -1);
        if (parts.length != 2) {
            return Optional.empty();
        }
        try {
            long seq = Long.parseLong(parts[0]);
            if (seq < 0) {
                return Optional.empty();
            }
            if (seq == 0) {
                return Optional.of(Head.EMPTY);
            }
            if (!parts[1].matches("[0-9a-f]{64}")) {
                return Optional.empty();
            }
            return Optional.of(new Head(seq, parts[1]));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    private static void closeQuietly(SocketChannel c) {
        if (c != null) {
            try {
                c.close();
            } catch (IOException e) {
                // closing anyway
            }
        }
    }

    private final class HeldLedger implements Ledger {
        @Override
        public Head head() {
            Optional<Head> held = askHolder();
            return held.isPresent() ? held.get() : own().ledger().head();
        }

        @Override
        public Either<HeadMismatch, List<Recorded>> appendIfHead(long expectedHead, List<ProposedEvent> events) {
            return own().ledger().appendIfHead(expectedHead, events);
        }

        @Override
        public Either<HeadMismatch, List<Recorded>> appendIfHead(
                long expectedHead, List<ProposedEvent> events, RetryKey key) {
            return own().ledger().appendIfHead(expectedHead, events, key);
        }

        @Override
        public Optional<RetryKey.Stored> storedUnder(String operationId) {
            return own().ledger().storedUnder(operationId);
        }

        @Override
        public EventCursor readFrom(long fromSeq) {
            return own().ledger().readFrom(fromSeq);
        }

        /** None when the holder gave the head (it answers no head for a damaged ledger); else the own session's. */
        @Override
        public Optional<LedgerDamage> recordedDamage() {
            synchronized (HeldSession.this) {
                if (own == null) {
                    return Optional.empty();
                }
            }
            return own().ledger().recordedDamage();
        }

        @Override
        public void recordDamage(LedgerDamage damage, String foundBy) {
            own().ledger().recordDamage(damage, foundBy);
        }

        @Override
        public void close() {
            ServerLedgerSession opened;
            synchronized (HeldSession.this) {
                closed = true;
                closeQuietly(holder);
                holder = null;
                opened = own;
            }
            if (opened != null) {
                opened.ledger().close();
            }
        }
    }

    /** The command's own session's lock, opened when a write first takes it. */
    private final class LazyLock implements WriteLock {
        @Override
        public Held acquire() {
            return own().lock().acquire();
        }

        @Override
        public boolean isHeldByCurrentThread() {
            synchronized (HeldSession.this) {
                return own != null && own.lock().isHeldByCurrentThread();
            }
        }

        @Override
        public WriteLock onLongWait(Consumer<String> notice) {
            synchronized (HeldSession.this) {
                longWaitNotice = notice;
                if (own != null) {
                    own.lock().onLongWait(notice);
                }
            }
            return this;
        }

        @Override
        public boolean isFree() {
            return own().lock().isFree();
        }
    }
}
