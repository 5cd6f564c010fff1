package dev.loopx.commands.runtime;

import dev.loopx.commands.Rejection;
import dev.loopx.commands.operation.Intent;
import dev.loopx.commands.operation.Receipt;
import dev.loopx.ledger.Actor;
import dev.loopx.ledger.EventCursor;
import dev.loopx.ledger.Head;
import dev.loopx.ledger.HeadMarker;
import dev.loopx.ledger.HeadMismatch;
import dev.loopx.ledger.Ledger;
import dev.loopx.ledger.LedgerDamage;
import dev.loopx.ledger.LedgerException;
import dev.loopx.ledger.ProposedEvent;
import dev.loopx.ledger.Recorded;
import dev.loopx.ledger.RetryKey;
import dev.loopx.ledger.SyncPolicy;
import dev.loopx.ledger.event.Decoded;
import dev.loopx.ledger.event.EventCatalog;
import dev.loopx.ledger.event.EventCodec;
import dev.loopx.ledger.event.LoopxEvent;
import dev.loopx.ledger.event.OperationRecorded;
import dev.loopx.ledger.files.OwnerOnly;
import dev.loopx.ledger.lock.LedgerLock;
import dev.loopx.ledger.lock.WriteLock;
import dev.loopx.projections.ProjectionCatchUp;
import dev.loopx.projections.ProjectionStorage;
import dev.loopx.projections.ProjectionStore;
import dev.loopx.projections.Projector;
import dev.loopx.projections.audit.AuditFold;
import dev.loopx.projections.audit.OperationView;
import dev.loopx.projections.memory.InMemoryProjectionStore;
import dev.loopx.projections.view.Views;
import io.vavr.control.Either;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * One runtime root opened by one process: the write path (lock → catch up → decide → append →
 * apply → release) and the read path (catch up without the lock; skip the journal entirely when
 * the head marker says the projection store is current). The journal and the store are opened
 * lazily, so a read of a current store never loads Chronicle Queue. Single-threaded use.
 *
 * <p>It names ports only ({@link Ledger}, {@link ProjectionStorage}): the composition root
 * ({@code dev.loopx.application.composition}) passes the {@link Adapters} it chose.
 */
public final class LoopxRuntime implements AutoCloseable {
    private static final int MAX_ATTEMPTS = 3;

    private final Path root;
    private final SyncPolicy sync;
    private final WriteLock lock;
    private final boolean localMarker;
    private final Projector projector = new Projector();
    /** Built on first use: a read of a current store decodes no event. */
    private EventCodec codec;

    private ProjectionCatchUp catchUp;
    private final Adapters.LedgerOpener ledgers;
    private final Adapters.TailCheck tails;
    private final ProjectionStorage files;
    private Ledger ledger;
    private ProjectionStore store;
    private Consumer<String> warnings = message -> {};
    /** The damage the last read found recorded for this journal (ADR 0011); empty when sound. */
    private Optional<LedgerDamage> damage = Optional.empty();

    /**
     * The adapters behind the ports, chosen by the composition root: how a runtime root's journal
     * is opened, where its projection store lives, and which writer lock serialises its writers.
     *
     * @param locks the writer lock of a runtime root: the local file lock ({@link LedgerLock}) for
     *     an embedded journal, the server's lock for a shared one
     * @param localMarker whether the runtime root's {@code ledger.head} marker is written by every
     *     writer of this ledger (an embedded journal), so a read may trust it and skip the journal;
     *     false for a ledger other machines write to (every read asks the ledger for its head)
     */
    public record Adapters(
            LedgerOpener ledgers,
            Function<Path, ProjectionStorage> projections,
            Function<Path, WriteLock> locks,
            boolean localMarker,
            TailCheck tails) {
        /** Opens (creating when empty) the journal of a runtime root; writers serialise on {@code lock}. */
        @FunctionalInterface
        public interface LedgerOpener {
            Ledger open(Path runtimeRoot, SyncPolicy sync, WriteLock lock);
        }

        /** An embedded journal: the runtime root's file lock and head marker. */
        public Adapters(LedgerOpener ledgers, Function<Path, ProjectionStorage> projections) {
            this(ledgers, projections, LedgerLock::new, true);
        }

        /**
         * Confirms, without opening the journal, that it still ends with the event the head marker
         * names (a read of a current store checks this instead of opening the journal).
         */
        @FunctionalInterface
        public interface TailCheck {
            /**
             * For journals that cannot be checked without opening them: the marker is trusted. A class,
             * not a lambda: this interface is initialised on every start (it has a default method), and a
             * lambda made there is spun at run time instead of coming from the class-data archive.
             */
            TailCheck TRUSTED = new TailCheck() {
                @Override
                public boolean endsAt(Path runtimeRoot, HeadMarker.Committed committed) {
                    return true;
                }
            };

            boolean endsAt(Path runtimeRoot, HeadMarker.Committed committed);

            /**
             * The damage known for the journal as it stands now (ADR 0011): a recorded check of this
             * state that found damage, or — when the journal changed since the last acknowledged append
             * ({@code committed}'s stamp) and no check saw this state yet — a check by content made now
             * and recorded. Empty when sound or when this journal cannot tell.
             */
            default Optional<LedgerDamage> knownDamage(Path runtimeRoot, Optional<HeadMarker.Committed> committed) {
                return Optional.empty();
            }
        }

        public Adapters {
            Objects.requireNonNull(ledgers, "ledgers");
            Objects.requireNonNull(projections, "projections");
            Objects.requireNonNull(locks, "locks");
            Objects.requireNonNull(tails, "tails");
        }

        /** A journal with its own lock and marker rules, whose tail is not checked without opening it. */
        public Adapters(
                LedgerOpener ledgers,
                Function<Path, ProjectionStorage> projections,
                Function<Path, WriteLock> locks,
                boolean localMarker) {
            this(ledgers, projections, locks, localMarker, TailCheck.TRUSTED);
        }
    }

    private LoopxRuntime(Path root, SyncPolicy sync, Adapters adapters) {
        this.root = root;
        this.sync = sync;
        this.lock = adapters.locks().apply(root);
        this.localMarker = adapters.localMarker();
        this.ledgers = adapters.ledgers();
        this.tails = adapters.tails();
        this.files = adapters.projections().apply(root);
    }

    /** Opens an initialised runtime root; anything else is refused before a file is touched. */
    public static LoopxRuntime open(Path root, SyncPolicy sync, Adapters adapters) {
        RuntimeRootCheck.requireInitialised(root);
        return new LoopxRuntime(root, sync, adapters);
    }

    /**
     * Creates the layout of SPEC §S1; existing content is kept. Everything under the root is made
     * owner-only (folders 0700, files 0600) whatever the umask, an existing root included; a root
     * that belongs to another user is refused ({@code runtime_root_foreign}).
     */
    public static void initialise(Path root) {
        try {
            if (Files.isDirectory(root, LinkOption.NOFOLLOW_LINKS)) {
                String owner = Files.getOwner(root, LinkOption.NOFOLLOW_LINKS).getName();
                if (!owner.equals(System.getProperty("user.name"))) {
                    throw new LedgerException(
                            "runtime_root_foreign",
                            "the runtime root belongs to another user; LoopX keeps its state only in folders of"
                                    + " the user running it");
                }
            }
            createPrivateDirectory(root);
            Files.createDirectories(root.resolve("ledger"));
            createPrivateDirectory(root.resolve("private"));
            OwnerOnly.tighten(root);
        } catch (IOException e) {
            throw new LedgerException("runtime_root_unwritable", "cannot create the runtime root", e);
        }
    }

    private static void createPrivateDirectory(Path dir) throws IOException {
        if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
            Files.createDirectories(dir);
            try {
                Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
            } catch (UnsupportedOperationException e) {
                // Not a POSIX file system: the platform's default ACLs apply.
            }
        }
    }

    public Path root() {
        return root;
    }

    /** Where this runtime tells the person about a half-right outcome (a lagging read model); returns this. */
    public LoopxRuntime warnTo(Consumer<String> sink) {
        this.warnings = Objects.requireNonNull(sink, "sink");
        lock.onLongWait(sink);
        return this;
    }

    public EventCodec codec() {
        if (codec == null) {
            codec = new EventCodec(EventCatalog.standard());
        }
        return codec;
    }

    private ProjectionCatchUp catchUp() {
        if (catchUp == null) {
            catchUp = new ProjectionCatchUp(codec(), projector);
        }
        return catchUp;
    }

    public Ledger ledger() {
        if (ledger == null) {
            ledger = ledgers.open(root, sync, lock);
        }
        return ledger;
    }

    /**
     * Whether the runtime root's {@code ledger.head} marker speaks for this ledger (an embedded
     * journal); false for a server ledger, which other machines append to.
     */
    public boolean usesLocalMarker() {
        return localMarker;
    }

    /**
     * The damage known for this runtime root's journal when the views were last read ({@link
     * #views()}): the views then answer from the projection store as it stood, folding nothing from
     * the damaged journal, and every answer says so. Empty when the journal is sound (a server
     * ledger: when the server records no damage for it, ADR 0013).
     */
    public Optional<LedgerDamage> ledgerDamage() {
        return damage;
    }

    /**
     * No write on top of damage anyone found (ADR 0011): the recorded check that found it, as
     * {@code ledger_damaged}, before the journal is even opened.
     */
    private void refuseOnKnownDamage() {
        if (damage.isPresent()) {
            throw damage.get();
        }
    }

    /** Whether this process has opened the journal (a read of a current store does not). */
    public boolean journalOpened() {
        return ledger != null;
    }

    public WriteLock lock() {
        return lock;
    }

    /**
     * The views, caught up with the ledger. Never takes the write lock. Never rebuilds on its own:
     * a ledger that holds less than this runtime root acknowledged (the head marker, the store's
     * checkpoint) is {@code ledger_tail_lost}, a ledger whose history differs from the one the
     * store folded is {@code projection_diverged}; either way nothing is changed and the owner
     * decides (restore the ledger, or rebuild the store on purpose). Until the next call, write
     * or close, the views answer from one state of the store: another process of this runtime
     * root that catches the store up meanwhile changes none of the rows this command reads, so an
     * answer made of several rows is the answer for one ledger head, never a mix of two.
     */
    public ProjectionStore views() {
        ProjectionStore views = caughtUp();
        views.beginRead();
        return views;
    }

    private ProjectionStore caughtUp() {
        ProjectionStore current = openStore();
        current.endRead(); // the checks below see the newest commits, not this process's last read
        // What was acknowledged is read before the ledger's head: both only grow, and a writer
        // appends before it moves the store and the marker, so a sound ledger is never behind them.
        Head checkpoint = current.checkpoint();
        // A server ledger has no local marker to hold it to (other machines append; ADR 0006).
        Optional<HeadMarker.Committed> marker = localMarker ? new HeadMarker(root).committedRecord() : Optional.empty();
        if (localMarker) {
            damage = tails.knownDamage(root, marker);
            if (damage.isPresent()) {
                // nothing is folded from a damaged journal: the answer is the store as it stands,
                // and says so (ledgerDamage())
                return current;
            }
            if (marker.isPresent() && marker.get().head().equals(checkpoint) && tails.endsAt(root, marker.get())) {
                return current;
            }
        }
        Head head = ledger().head();
        if (!localMarker) {
            // a server ledger records damage on the server, read with its head (ADR 0013)
            damage = ledger().recordedDamage();
            if (damage.isPresent()) {
                return current;
            }
        }
        long acknowledged =
                Math.max(checkpoint.seq(), marker.map(m -> m.head().seq()).orElse(0L));
        if (head.seq() < acknowledged) {
            throw new LedgerDamage(
                    "ledger_tail_lost",
                    "the ledger ends at seq " + head.seq() + " but seq " + acknowledged + " was acknowledged ("
                            + (acknowledged == checkpoint.seq() ? "the projection store holds it" : "ledger.head")
                            + "): events were lost from the journal; nothing was changed",
                    head.seq(),
                    head.seq() + 1,
                    acknowledged,
                    null);
        }
        if (head.equals(checkpoint)) {
            // the store folded exactly this ledger up to its head (same seq, same hash): nothing to
            // decode (a server ledger's heartbeat read: one indexed query, no event codec)
            return current;
        }
        try {
            catchUp().catchUp(ledger(), current, ProjectionCatchUp.Progress.NONE);
        } catch (LedgerException e) {
            if (e.errorCode().equals("projection_store_unreadable")) {
                // the store cannot take the newest events (a full disk, read-only storage): the
                // ledger still answers; the next command tries the store again
                serveFromMemory();
                warnings.accept("the projection store could not be caught up with the ledger (" + rootCause(e)
                        + "); this answer was read from the ledger directly. The next command tries again;"
                        + " once there is space, rebuilding the projections also fixes it");
                return store;
            }
            if (!e.errorCode().equals("projection_diverged")) {
                throw e;
            }
            throw new LedgerException(
                    "projection_diverged",
                    "the ledger's history differs from the one the projection store folded (checkpoint seq "
                            + current.checkpoint().seq() + "): the journal was replaced or rewritten; nothing was"
                            + " changed. If you restored the ledger on purpose, rebuild the projections");
        }
        return store;
    }

    /**
     * Refuses ({@code ledger_damaged}) when a check recorded damage for this journal as it stands,
     * or finds it now because the journal changed since the last acknowledged append (ADR 0011):
     * for the commands that serve the journal onward without reading the projections (export).
     */
    public void requireNoKnownDamage() {
        Optional<LedgerDamage> known;
        if (localMarker) {
            known = tails.knownDamage(root, new HeadMarker(root).committedRecord());
        } else {
            ledger().head();
            known = ledger().recordedDamage();
        }
        if (known.isPresent()) {
            throw known.get();
        }
    }

    /**
     * Rebuilds the projection store from the ledger, offline (under the write lock). Never from a
     * ledger known to be damaged (ADR 0011), nor from one that holds less than this root's head
     * marker acknowledged: a rebuild would throw away what the store still knows
     * ({@code ledger_tail_lost}). A store copied from elsewhere may be ahead of the ledger: rebuilding
     * it is the owner's remedy for that.
     */
    public void rebuild(ProjectionCatchUp.Progress progress) {
        requireNoKnownDamage();
        Optional<HeadMarker.Committed> marker = localMarker ? new HeadMarker(root).committedRecord() : Optional.empty();
        try (WriteLock.Held held = lock.acquire()) {
            long acknowledged = marker.map(m -> m.head().seq()).orElse(0L);
            Head head = ledger().head();
            if (head.seq() < acknowledged) {
                throw new LedgerDamage(
                        "ledger_tail_lost",
                        "the ledger ends at seq " + head.seq() + " but seq " + acknowledged + " was acknowledged:"
                                + " a rebuild would throw away what the projections still know; nothing was changed. If"
                                + " you restored an older ledger on purpose, move ledger.head aside first",
                        head.seq(),
                        head.seq() + 1,
                        acknowledged,
                        null);
            }
            closeStore();
            files.rebuild(ledger(), catchUp(), progress);
        }
        store = files.open();
    }

    /**
     * The projection store as it stands on disk, neither created nor caught up nor rebuilt (empty
     * when none was built yet), for a health check; the caller closes it.
     */
    public Optional<ProjectionStore> existingStore() {
        return files.existing();
    }

    private ProjectionStore openStore() {
        if (store == null) {
            store = files.open();
            if (store.schemaVersion() != Projector.SCHEMA_VERSION) {
                rebuild(ProjectionCatchUp.Progress.NONE);
            }
        }
        return store;
    }

    /**
     * Everything a write needs besides the decision itself. {@code operationId} empty means no
     * idempotency key; {@code intent} says what the write means when one is given.
     */
    public record WriteContext(Instant now, String goalId, Actor actor, String operationId, Intent intent) {
        public WriteContext(Instant now, String goalId, Actor actor, String operationId) {
            this(now, goalId, actor, operationId, Intent.NONE);
        }
    }

    /**
     * The write path. {@code decide} sees views that are current under the lock; its events are
     * appended conditionally on the head it saw and applied to the store before the lock is
     * released. Returns the receipt (no events when the decision changed nothing). A repeated
     * operation id with the same intent returns the original receipt and appends nothing; with
     * another intent it is refused.
     */
    public Either<Rejection, Receipt> write(
            WriteContext context, Function<Views, Either<Rejection, List<LoopxEvent>>> decide) {
        // Open the journal and the store and catch up once without the lock (readers never need
        // it): in a fresh process that costs about a second of class loading and native set-up
        // (Chronicle, its POSIX layer, SQLite), several seconds on a busy machine. Done under the
        // lock, it made every other writer wait out its 5 s deadline; now the lock covers only
        // the short catch-up of what arrived since and the append itself.
        if (!lock.isHeldByCurrentThread()) {
            views(); // first: the store (SQLite) while the warm-up thread finishes Chronicle's set-up
            refuseOnKnownDamage();
            ledger().head();
        }
        try (WriteLock.Held held = lock.acquire()) {
            for (int attempt = 1; ; attempt++) {
                ProjectionStore views = views();
                refuseOnKnownDamage();
                if (!context.operationId().isEmpty()) {
                    Optional<OperationView> earlier = AuditFold.operation(views, context.operationId(), this::eventsAt);
                    if (earlier.isPresent()) {
                        OperationView op = earlier.get();
                        return op.intentSha256().equals(context.intent().sha256())
                                ? Either.right(new Receipt(op.eventSeqs(), op.eventIds(), op.eventTypes(), true))
                                : Either.left(new Rejection.OperationIdConflict(context.operationId()));
                    }
                    // a server ledger's write sent under an id LoopX made up (ADR 0006, decision 12)
                    Optional<RetryKey.Stored> stored = ledger().storedUnder(context.operationId());
                    if (stored.isPresent()) {
                        return stored.get()
                                        .intentSha256()
                                        .equals(context.intent().sha256())
                                ? Either.right(replayed(eventsAt(stored.get().seqs())))
                                : Either.left(new Rejection.OperationIdConflict(context.operationId()));
                    }
                }
                Either<Rejection, List<LoopxEvent>> decision = decide.apply(views);
                if (decision.isLeft()) {
                    return Either.left(decision.getLeft());
                }
                if (decision.get().isEmpty()) {
                    return Either.right(Receipt.of(List.of()));
                }
                List<LoopxEvent> events = new ArrayList<>(decision.get());
                if (!context.operationId().isEmpty()) {
                    events.add(new OperationRecorded(
                            context.operationId(),
                            context.intent().sha256(),
                            context.intent().command()));
                }
                List<ProposedEvent> proposed = events.stream()
                        .map(e -> codec().propose(
                                        e, context.now(), context.goalId(), context.actor(), context.operationId()))
                        .toList();
                Either<HeadMismatch, List<Recorded>> appended = ledger().appendIfHead(
                                views.checkpoint().seq(),
                                proposed,
                                new RetryKey(
                                        context.operationId(), context.intent().sha256()));
                if (appended.isRight()) {
                    applyDurable(appended.get());
                    return Either.right(Receipt.of(appended.get()));
                }
                if (attempt == MAX_ATTEMPTS) {
                    HeadMismatch m = appended.getLeft();
                    return Either.left(new Rejection.ConcurrentWriteConflict(m.expectedHead(), m.actualHead()));
                }
            }
        }
    }

    /** The receipt of a repeated write, from its stored events. */
    private static Receipt replayed(List<Decoded> events) {
        Receipt r = Receipt.of(events.stream().map(Decoded::envelope).toList());
        return new Receipt(r.seqs(), r.eventIds(), r.eventTypes(), true);
    }

    /**
     * Applies a durable append to the store. The append is the truth once it is in the journal: if
     * the store cannot take it (disk full, a damaged file), the write is still a success — this
     * process serves its views from memory, caught up from the ledger, the person is warned, and
     * the next command catches the store up (or says plainly why it cannot).
     */
    private void applyDurable(List<Recorded> appended) {
        List<Decoded> events = appended.stream().map(codec()::decode).toList();
        try {
            store.apply(events, projector);
        } catch (RuntimeException e) {
            serveFromMemory();
            warnings.accept("the write was recorded (seq " + appended.getLast().seq()
                    + "), but the projection store could not be updated (" + rootCause(e)
                    + "); the next command catches it up, or rebuild the projections");
        }
    }

    /** From now on this process answers from views folded in memory from the whole ledger; the store file is left as it is. */
    private void serveFromMemory() {
        try {
            store.close();
        } catch (RuntimeException ignored) {
            // the store is already unusable; the journal holds the truth
        }
        ProjectionStore memory = new InMemoryProjectionStore();
        catchUp().catchUp(ledger(), memory, ProjectionCatchUp.Progress.NONE);
        store = memory;
    }

    /** The innermost message of a failure (e.g. SQLite's "database or disk is full"), for a person. */
    static String rootCause(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        String message = t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
        return message.length() > 200 ? message.substring(0, 200) + "…" : message;
    }

    /**
     * The events at {@code seqs} (ascending, distinct; the idempotency index names them), read from
     * the journal: one cursor per run of consecutive seqs. An index entry the journal does not have
     * means the store is not this ledger's.
     */
    List<Decoded> eventsAt(List<Long> seqs) {
        List<Decoded> events = new ArrayList<>(seqs.size());
        int at = 0;
        while (at < seqs.size()) {
            try (EventCursor cursor = ledger().readFrom(seqs.get(at))) {
                do {
                    long seq = seqs.get(at);
                    Recorded r = cursor.hasNext() ? cursor.next() : null;
                    if (r == null || r.seq() != seq) {
                        throw new LedgerException(
                                "projection_diverged",
                                "the projection store's operation index names seq " + seq
                                        + ", which the ledger does not hold there");
                    }
                    events.add(codec().decode(r));
                    at++;
                } while (at < seqs.size() && seqs.get(at) == seqs.get(at - 1) + 1);
            }
        }
        return events;
    }

    /** What {@link #write} would append, appending nothing (dry runs and previews). */
    public Either<Rejection, List<ProposedEvent>> preview(
            WriteContext context, Function<Views, Either<Rejection, List<LoopxEvent>>> decide) {
        return decide.apply(views())
                .map(events -> events.stream()
                        .map(e -> codec().propose(
                                        e, context.now(), context.goalId(), context.actor(), context.operationId()))
                        .toList());
    }

    private void closeStore() {
        if (store != null) {
            store.close();
            store = null;
        }
    }

    @Override
    public void close() {
        closeStore();
        if (ledger != null) {
            ledger.close();
            ledger = null;
        }
    }
}
