package dev.loopx.bench;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.ledger.Actor;
import dev.loopx.ledger.ActorKind;
import dev.loopx.ledger.EventCursor;
import dev.loopx.ledger.Head;
import dev.loopx.ledger.HeadMarker;
import dev.loopx.ledger.HeadMismatch;
import dev.loopx.ledger.ProposedEvent;
import dev.loopx.ledger.Recorded;
import dev.loopx.ledger.SyncPolicy;
import dev.loopx.ledger.chronicle.ChronicleLedger;
import dev.loopx.ledger.event.Decoded;
import dev.loopx.ledger.event.EventCatalog;
import dev.loopx.ledger.event.EventCodec;
import dev.loopx.ledger.event.GoalConfigured;
import dev.loopx.ledger.json.EnvelopeCodec;
import dev.loopx.ledger.lock.LedgerLock;
import io.vavr.control.Either;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.bytes.SyncMode;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.queue.RollCycles;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;
import net.openhft.chronicle.wire.DocumentContext;

/**
 * Ledger throughput, Chronicle journal vs a plain JSONL file, measured side by side in one
 * process: append (single-event appends, batches, fsync per append), replay (raw bytes, envelope
 * parse, full decode) and bytes per event. Both sides store the same canonical envelope bytes
 * (same events, same hash chain), so the last hashes must match and are checked.
 *
 * <p>Two phases: <b>cold</b> runs every variant once on a small count ({@code --warmup}) in a
 * fresh JVM (first execution of that code path: interpreter + JIT compiling as it goes);
 * <b>warm</b> then runs them on the full count ({@code --events}), replays twice and reports
 * the second pass. Started by {@code bench/run} with the JVM flags of {@code cli/src/dist/conf}.
 *
 * <p>{@code ChronicleLedger} single-event appends cost milliseconds each on this machine (two
 * head-marker renames, a fresh tailer to read the head), so they run on their own smaller count;
 * the N-event Chronicle journal that replay and size use is written one document per event
 * straight through a Chronicle appender (the same bytes {@code ChronicleLedger} writes).
 *
 * <p>Arguments: {@code --events N} (1,000,000), {@code --single-events S} (min(N, 10,000)),
 * {@code --sync-events M} (2,000), {@code --batch B} (100), {@code --warmup W}
 * (min(50,000, N/10)), {@code --work DIR} (scratch; deleted unless {@code --keep}),
 * {@code --results FILE} (markdown rows; raw TSV next to it).
 */
public final class LedgerThroughput {
    private static final PrintStream LOG = System.err;

    private final EventCodec codec = new EventCodec(EventCatalog.standard());
    private final EventSource source;
    private final List<Row> rows = new ArrayList<>();
    private final List<String> raw = new ArrayList<>();
    private long blackhole;

    private LedgerThroughput(EventSource source) {
        this.source = source;
    }

    /** One printed result. {@code ratio} is free text (e.g. "0.42x JSONL flush"), may be empty. */
    record Row(String section, String name, long n, double value, String unit, String ratio) {}

    public static void main(String[] args) throws Exception {
        long events = 1_000_000;
        long syncEvents = 2_000;
        long singleEvents = -1;
        int batch = 100;
        long warmup = -1;
        Path work = null;
        Path results = null;
        boolean keep = false;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--events" ->
                    events = Long.parseLong(args[++i].replace("_", "").replace(",", ""));
                case "--sync-events" -> syncEvents = Long.parseLong(args[++i]);
                case "--single-events" -> singleEvents = Long.parseLong(args[++i]);
                case "--batch" -> batch = Integer.parseInt(args[++i]);
                case "--warmup" -> warmup = Long.parseLong(args[++i]);
                case "--work" -> work = Path.of(args[++i]);
                case "--results" -> results = Path.of(args[++i]);
                case "--keep" -> keep = true;
                default -> throw new IllegalArgumentException("unknown argument " + args[i]);
            }
        }
        if (warmup < 0) {
            warmup = Math.max(1, Math.min(20_000, events / 10));
        }
        if (singleEvents < 0) {
            singleEvents = Math.min(events, 5_000);
        }
        long syncWarmup = Math.max(1, syncEvents / 10);
        long singleWarmup = Math.max(1, Math.min(warmup, singleEvents / 10));
        if (work == null) {
            work = Files.createTempDirectory("loopx-bench-");
        }
        Files.createDirectories(work);

        LedgerThroughput bench = new LedgerThroughput(new EventSource(new EventCodec(EventCatalog.standard())));
        long t0 = System.nanoTime();
        LOG.printf(
                Locale.ROOT,
                "ledger bench: events=%,d single-events=%,d sync-events=%,d batch=%d warmup=%,d work=%s%n",
                events,
                singleEvents,
                syncEvents,
                batch,
                warmup,
                work);
        LOG.printf(
                Locale.ROOT,
                "jvm: %s %s, gc=%s, max heap=%,d MB, cpus=%d%n",
                System.getProperty("java.vm.name"),
                Runtime.version(),
                gcNames(),
                Runtime.getRuntime().maxMemory() >> 20,
                Runtime.getRuntime().availableProcessors());
        try {
            bench.run("cold", work.resolve("cold"), warmup, singleWarmup, syncWarmup, batch, 1);
            bench.run("warm", work.resolve("warm"), events, singleEvents, syncEvents, batch, 3);
        } finally {
            if (!keep) {
                deleteTree(work);
            }
        }
        LOG.printf(
                Locale.ROOT,
                "ledger bench done in %.1f s (blackhole %d)%n",
                (System.nanoTime() - t0) / 1e9,
                bench.blackhole);
        String table = bench.table();
        System.out.println(table);
        if (results != null) {
            Files.createDirectories(results.toAbsolutePath().getParent());
            Files.writeString(results, bench.markdownRows());
            Path tsv =
                    results.resolveSibling(results.getFileName().toString().replaceFirst("\\.[^.]*$", "") + ".raw.tsv");
            Files.write(tsv, bench.raw);
        }
    }

    // ------------------------------------------------------------------ phases

    private void run(String phase, Path dir, long n, long singleN, long syncN, int batch, int replayPasses)
            throws IOException {
        Files.createDirectories(dir);
        String append = "append (" + phase + ")";
        LOG.printf(
                Locale.ROOT,
                "== %s phase: %,d events (ChronicleLedger single appends: %,d, fsync variants: %,d)%n",
                phase,
                n,
                singleN,
                syncN);

        double gen = measureGenerate(Math.min(n, 200_000));
        add(append, "generate ProposedEvent only (no seal, no I/O)", Math.min(n, 200_000), gen, "events/s", "", phase);
        long sealN = Math.min(n, 200_000);
        double seal = measureSealOnly(sealN);
        add(append, "seal + canonical bytes only (no I/O)", sealN, seal, "events/s", "", phase);

        Path chronD = dir.resolve("chronicle-direct");
        Path chron1 = dir.resolve("chronicle-single");
        Path chronB = dir.resolve("chronicle-batch" + batch);
        Path chronS = dir.resolve("chronicle-always");
        Path jsonFlush = dir.resolve("flush.jsonl");
        Path jsonBuf = dir.resolve("buffered.jsonl");
        Path jsonSync = dir.resolve("fsync.jsonl");

        Timed cd = chronicleDirectAppend(chronD, n);
        Timed j1 = jsonlAppend(jsonFlush, n, JsonlMode.FLUSH_EACH);
        Timed c1 = chronicleAppend(chron1, SyncPolicy.BATCH, singleN, 1);
        Timed cb = chronicleAppend(chronB, SyncPolicy.BATCH, n, batch);
        Timed jb = jsonlAppend(jsonBuf, n, JsonlMode.BUFFERED);
        Timed cs = chronicleAppend(chronS, SyncPolicy.ALWAYS, syncN, 1);
        Timed js = jsonlAppend(jsonSync, syncN, JsonlMode.FSYNC_EACH);

        if (!cd.lastHash.equals(j1.lastHash)
                || !cb.lastHash.equals(jb.lastHash)
                || !cs.lastHash.equals(js.lastHash)
                || !c1.lastHash.equals(firstHashes(singleN))) {
            throw new IllegalStateException(
                    "Chronicle and JSONL hash chains differ: the two sides did not store the same events");
        }
        LOG.printf("   hash chains identical on both sides (last hash %s…)%n", cd.lastHash.substring(0, 16));

        add(
                append,
                "Chronicle appender direct, 1 document per event (no ChronicleLedger)",
                n,
                cd.rate(),
                "events/s",
                ratio(cd.rate(), j1.rate(), "JSONL write+flush"),
                phase);
        add(append, "JSONL write+flush per event (survives process death)", n, j1.rate(), "events/s", "", phase);
        add(
                append,
                "ChronicleLedger BATCH, 1 event per appendIfHead",
                singleN,
                c1.rate(),
                "events/s",
                ratio(c1.rate(), j1.rate(), "JSONL write+flush"),
                phase);
        add(
                append,
                "ChronicleLedger BATCH, " + batch + " events per appendIfHead",
                n,
                cb.rate(),
                "events/s",
                ratio(cb.rate(), jb.rate(), "JSONL buffered"),
                phase);
        add(append, "JSONL BufferedOutputStream, flush at end", n, jb.rate(), "events/s", "", phase);
        add(
                append,
                "ChronicleLedger ALWAYS (fsync), 1 event per appendIfHead",
                syncN,
                cs.rate(),
                "events/s",
                ratio(cs.rate(), js.rate(), "JSONL fsync per event"),
                phase);
        add(append, "JSONL write + fsync per event", syncN, js.rate(), "events/s", "", phase);
        add(
                append,
                "latency p50 ChronicleLedger BATCH single append",
                singleN,
                c1.percentileMicros(50),
                "us",
                ratio(c1.percentileMicros(50), j1.percentileMicros(50), "JSONL flush"),
                phase);
        add(
                append,
                "latency p99 ChronicleLedger BATCH single append",
                singleN,
                c1.percentileMicros(99),
                "us",
                ratio(c1.percentileMicros(99), j1.percentileMicros(99), "JSONL flush"),
                phase);
        add(append, "latency p50 JSONL write+flush", n, j1.percentileMicros(50), "us", "", phase);
        add(append, "latency p99 JSONL write+flush", n, j1.percentileMicros(99), "us", "", phase);
        add(
                append,
                "latency p50 ChronicleLedger ALWAYS append",
                syncN,
                cs.percentileMicros(50),
                "us",
                ratio(cs.percentileMicros(50), js.percentileMicros(50), "JSONL fsync"),
                phase);
        add(
                append,
                "latency p99 ChronicleLedger ALWAYS append",
                syncN,
                cs.percentileMicros(99),
                "us",
                ratio(cs.percentileMicros(99), js.percentileMicros(99), "JSONL fsync"),
                phase);
        add(append, "latency p50 JSONL write+fsync", syncN, js.percentileMicros(50), "us", "", phase);
        add(append, "latency p99 JSONL write+fsync", syncN, js.percentileMicros(99), "us", "", phase);

        // Replay over the one-document-per-event Chronicle journal (the shape CLI writes leave) and the
        // write+flush JSONL file: the same N events on both sides.
        String replay = "replay (" + phase
                + (replayPasses > 1 ? ", median of " + replayPasses + " passes" : ", first pass") + ")";
        double[][] passes = new double[6][replayPasses];
        for (int pass = 0; pass < replayPasses; pass++) {
            passes[0][pass] = chronicleRawRead(chronD, n);
            passes[1][pass] = jsonlRead(jsonFlush, n, ReadLevel.RAW);
            passes[2][pass] = chronicleRead(chronD, n, ReadLevel.ENVELOPE);
            passes[3][pass] = jsonlRead(jsonFlush, n, ReadLevel.ENVELOPE);
            passes[4][pass] = chronicleRead(chronD, n, ReadLevel.DECODE);
            passes[5][pass] = jsonlRead(jsonFlush, n, ReadLevel.DECODE);
            for (int i = 0; i < passes.length; i++) {
                raw.add(String.join(
                        "\t",
                        phase,
                        "replay-pass-" + (pass + 1),
                        "variant-" + i,
                        String.valueOf(n),
                        fmt(passes[i][pass])));
            }
        }
        double[] r = new double[6];
        for (int i = 0; i < r.length; i++) {
            double[] sorted = passes[i].clone();
            Arrays.sort(sorted);
            r[i] = sorted[sorted.length / 2];
        }
        add(
                replay,
                "Chronicle raw documents (tailer, bytes copied, no parse)",
                n,
                r[0],
                "events/s",
                ratio(r[0], r[1], "JSONL raw"),
                phase);
        add(replay, "JSONL raw lines (bytes split on \\n, no parse)", n, r[1], "events/s", "", phase);
        add(
                replay,
                "Chronicle readFrom(1) -> Recorded (envelope parse)",
                n,
                r[2],
                "events/s",
                ratio(r[2], r[3], "JSONL envelope"),
                phase);
        add(replay, "JSONL lines + EnvelopeCodec.fromBytes", n, r[3], "events/s", "", phase);
        add(
                replay,
                "Chronicle readFrom(1) + EventCodec.decode",
                n,
                r[4],
                "events/s",
                ratio(r[4], r[5], "JSONL decode"),
                phase);
        add(replay, "JSONL lines + fromBytes + EventCodec.decode", n, r[5], "events/s", "", phase);

        if (phase.equals("warm")) {
            String per = "per-append parts (warm)";
            int calls = 2_000;
            add(
                    per,
                    "ChronicleLedger.head() on the " + String.format(Locale.ROOT, "%,d", n) + "-document journal",
                    calls,
                    1e6 / measureHead(chronD, calls),
                    "us/call",
                    "",
                    phase);
            add(
                    per,
                    "ChronicleLedger.head() on the " + String.format(Locale.ROOT, "%,d", singleN) + "-document journal",
                    calls,
                    1e6 / measureHead(chron1, calls),
                    "us/call",
                    "",
                    phase);
            add(
                    per,
                    "HeadMarker markPending + markCommitted (BATCH: no force)",
                    calls,
                    1e6 / measureMarker(dir.resolve("marker"), calls),
                    "us/call",
                    "",
                    phase);
            add(
                    per,
                    "LedgerLock acquire + release (uncontended)",
                    calls,
                    1e6 / measureLock(dir.resolve("lock"), calls),
                    "us/call",
                    "",
                    phase);
            add(per, "seal + canonical bytes of one event", n, 1e6 / seal, "us/call", "", phase);
            sizes(n, batch, chronD, chronB, jsonFlush, j1.payloadBytes);
        }
    }

    private void sizes(long n, int batch, Path chron1, Path chronB, Path jsonl, long envelopeBytes) {
        String s = "size";
        long jsonlBytes = sizeOf(jsonl);
        long c1Alloc = du(chron1.resolve("ledger"), false);
        long c1Apparent = du(chron1.resolve("ledger"), true);
        long cbAlloc = du(chronB.resolve("ledger"), false);
        long cbApparent = du(chronB.resolve("ledger"), true);
        double perJsonl = (double) jsonlBytes / n;
        add(
                s,
                "canonical envelope bytes per event (mean, without newline)",
                n,
                (double) envelopeBytes / n,
                "bytes/event",
                "",
                "warm");
        add(s, "JSONL file size per event", n, perJsonl, "bytes/event", "", "warm");
        add(
                s,
                "Chronicle 1 document per event, ledger/ allocated blocks (du)",
                n,
                (double) c1Alloc / n,
                "bytes/event",
                ratio(c1Alloc / (double) n, perJsonl, "JSONL"),
                "warm");
        add(
                s,
                "Chronicle 1 document per event, ledger/ apparent size (du --apparent-size)",
                n,
                (double) c1Apparent / n,
                "bytes/event",
                ratio(c1Apparent / (double) n, perJsonl, "JSONL"),
                "warm");
        add(
                s,
                "Chronicle " + batch + " events per document, ledger/ allocated blocks (du)",
                n,
                (double) cbAlloc / n,
                "bytes/event",
                ratio(cbAlloc / (double) n, perJsonl, "JSONL"),
                "warm");
        add(
                s,
                "Chronicle " + batch + " events per document, ledger/ apparent size",
                n,
                (double) cbApparent / n,
                "bytes/event",
                ratio(cbApparent / (double) n, perJsonl, "JSONL"),
                "warm");
        raw.add(String.join("\t", "warm", "bytes", "jsonl", String.valueOf(jsonlBytes)));
        raw.add(String.join("\t", "warm", "bytes", "chronicle-single-allocated", String.valueOf(c1Alloc)));
        raw.add(String.join("\t", "warm", "bytes", "chronicle-single-apparent", String.valueOf(c1Apparent)));
        raw.add(String.join("\t", "warm", "bytes", "chronicle-batch-allocated", String.valueOf(cbAlloc)));
        raw.add(String.join("\t", "warm", "bytes", "chronicle-batch-apparent", String.valueOf(cbApparent)));
        try (Stream<Path> files = Files.list(chron1.resolve("ledger"))) {
            files.sorted()
                    .forEach(f -> raw.add(String.join(
                            "\t",
                            "warm",
                            "file",
                            f.getFileName().toString(),
                            String.valueOf(sizeOf(f)),
                            String.valueOf(du(f, false)))));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    // ------------------------------------------------------------------ append variants

    private double measureGenerate(long n) {
        long start = System.nanoTime();
        long sink = 0;
        for (long i = 0; i < n; i++) {
            sink += source.event(i).operationId().length();
        }
        blackhole += sink;
        return done("generate", n, start);
    }

    private double measureSealOnly(long n) {
        long start = System.nanoTime();
        long seq = 0;
        String prev = Head.GENESIS_HASH;
        long sink = 0;
        for (long i = 0; i < n; i++) {
            Recorded r = EnvelopeCodec.seal(source.event(i), seq, prev);
            sink += EnvelopeCodec.toBytes(r).length;
            seq = r.seq();
            prev = r.hash();
        }
        blackhole += sink;
        return done("seal+bytes only", n, start);
    }

    private Timed chronicleAppend(Path root, SyncPolicy sync, long n, int batch) {
        LedgerLock lock = new LedgerLock(root);
        long[] latencies = batch == 1 ? new long[(int) n] : null;
        long payloadBytes = 0;
        String lastHash;
        long start;
        try (ChronicleLedger ledger = ChronicleLedger.open(root, sync, lock)) {
            start = System.nanoTime();
            long head = 0;
            List<ProposedEvent> chunk = new ArrayList<>(batch);
            Recorded last = null;
            for (long i = 0; i < n; ) {
                chunk.clear();
                for (int k = 0; k < batch && i < n; k++, i++) {
                    chunk.add(source.event(i));
                }
                long t = System.nanoTime();
                Either<HeadMismatch, List<Recorded>> result =
                        ledger.appendIfHead(head, batch == 1 ? List.of(chunk.get(0)) : List.copyOf(chunk));
                if (latencies != null) {
                    latencies[(int) (i - 1)] = System.nanoTime() - t;
                }
                List<Recorded> stored =
                        result.getOrElseThrow(m -> new IllegalStateException("unexpected head mismatch " + m));
                last = stored.get(stored.size() - 1);
                head = last.seq();
            }
            lastHash = last.hash();
        }
        double rate = done("Chronicle " + sync + " x" + batch, n, start);
        return new Timed(rate, latencies, lastHash, payloadBytes);
    }

    /**
     * The journal floor: the same documents {@code ChronicleLedger} writes (one per event, the
     * canonical envelope plus a newline), appended straight through a Chronicle appender with the
     * ledger's queue settings, without its per-append head read, lock and head marker.
     */
    private Timed chronicleDirectAppend(Path root, long n) throws IOException {
        Path dir = root.resolve("ledger");
        Files.createDirectories(dir);
        long seq = 0;
        String prev = Head.GENESIS_HASH;
        long start;
        try (SingleChronicleQueue queue = queue(dir, false);
                ExcerptAppender appender = queue.createAppender()) {
            appender.singleThreadedCheckDisabled(true);
            start = System.nanoTime();
            for (long i = 0; i < n; i++) {
                Recorded r = EnvelopeCodec.seal(source.event(i), seq, prev);
                byte[] bytes = EnvelopeCodec.toBytes(r);
                try (DocumentContext dc = appender.writingDocument()) {
                    Bytes<?> target = dc.wire().bytes();
                    target.write(bytes);
                    target.writeByte((byte) '\n');
                }
                seq = r.seq();
                prev = r.hash();
            }
        }
        double rate = done("Chronicle appender direct x1", n, start);
        return new Timed(rate, null, prev, 0);
    }

    private static SingleChronicleQueue queue(Path ledgerDir, boolean readOnly) {
        return SingleChronicleQueueBuilder.binary(ledgerDir.toFile())
                .rollCycle(RollCycles.FAST_DAILY)
                .timeProvider(() -> 0L)
                .blockSize(1L << 20)
                .timeoutMS(500)
                .syncMode(SyncMode.NONE)
                .readOnly(readOnly)
                .checkInterrupts(false)
                .build();
    }

    /** The hash after the first {@code n} events (to check the short single-append ledgers). */
    private String firstHashes(long n) {
        long seq = 0;
        String prev = Head.GENESIS_HASH;
        for (long i = 0; i < n; i++) {
            Recorded r = EnvelopeCodec.seal(source.event(i), seq, prev);
            seq = r.seq();
            prev = r.hash();
        }
        return prev;
    }

    enum JsonlMode {
        FLUSH_EACH,
        BUFFERED,
        FSYNC_EACH
    }

    /** A minimal JSONL ledger: seal against the in-memory head, append the canonical line. */
    private Timed jsonlAppend(Path file, long n, JsonlMode mode) throws IOException {
        long[] latencies = mode == JsonlMode.BUFFERED ? null : new long[(int) n];
        long payloadBytes = 0;
        long seq = 0;
        String prev = Head.GENESIS_HASH;
        long start = System.nanoTime();
        if (mode == JsonlMode.FSYNC_EACH) {
            try (FileChannel ch = FileChannel.open(
                    file, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.APPEND)) {
                for (long i = 0; i < n; i++) {
                    ProposedEvent event = source.event(i);
                    long t = System.nanoTime();
                    Recorded r = EnvelopeCodec.seal(event, seq, prev);
                    byte[] bytes = EnvelopeCodec.toBytes(r);
                    ByteBuffer line = ByteBuffer.allocate(bytes.length + 1)
                            .put(bytes)
                            .put((byte) '\n')
                            .flip();
                    while (line.hasRemaining()) {
                        ch.write(line);
                    }
                    ch.force(true);
                    latencies[(int) i] = System.nanoTime() - t;
                    payloadBytes += bytes.length;
                    seq = r.seq();
                    prev = r.hash();
                }
            }
        } else {
            try (OutputStream out = new BufferedOutputStream(
                    Files.newOutputStream(
                            file, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.APPEND),
                    1 << 16)) {
                for (long i = 0; i < n; i++) {
                    ProposedEvent event = source.event(i);
                    long t = System.nanoTime();
                    Recorded r = EnvelopeCodec.seal(event, seq, prev);
                    byte[] bytes = EnvelopeCodec.toBytes(r);
                    out.write(bytes);
                    out.write('\n');
                    if (mode == JsonlMode.FLUSH_EACH) {
                        out.flush();
                        latencies[(int) i] = System.nanoTime() - t;
                    }
                    payloadBytes += bytes.length;
                    seq = r.seq();
                    prev = r.hash();
                }
            }
        }
        double rate = done("JSONL " + mode, n, start);
        return new Timed(rate, latencies, prev, payloadBytes);
    }

    /** Rate plus (for single-event variants) per-append latencies in ns. */
    private static final class Timed {
        final double rate;
        final long[] latencies;
        final String lastHash;
        final long payloadBytes;

        Timed(double rate, long[] latencies, String lastHash, long payloadBytes) {
            this.rate = rate;
            this.latencies = latencies;
            this.lastHash = lastHash;
            this.payloadBytes = payloadBytes;
            if (latencies != null) {
                Arrays.sort(latencies);
            }
        }

        double rate() {
            return rate;
        }

        double percentileMicros(double p) {
            if (latencies == null || latencies.length == 0) {
                return Double.NaN;
            }
            int idx = (int) Math.min(latencies.length - 1, Math.ceil(p / 100.0 * latencies.length) - 1);
            return latencies[Math.max(0, idx)] / 1e3;
        }
    }

    // ------------------------------------------------------------------ replay variants

    enum ReadLevel {
        RAW,
        ENVELOPE,
        DECODE
    }

    private double chronicleRead(Path root, long n, ReadLevel level) {
        long start = System.nanoTime();
        long count = 0;
        long sink = 0;
        try (ChronicleLedger ledger = ChronicleLedger.open(root, SyncPolicy.BATCH, new LedgerLock(root));
                EventCursor cursor = ledger.readFrom(1)) {
            while (cursor.hasNext()) {
                Recorded r = cursor.next();
                count++;
                sink += level == ReadLevel.DECODE ? consume(codec.decode(r)) : r.seq();
            }
        }
        check(count, n);
        blackhole += sink;
        return done("Chronicle replay " + level, n, start);
    }

    /**
     * The floor of reading the journal: Chronicle's tailer handing out each document's bytes,
     * copied to a {@code byte[]} as {@code ChronicleLedger} does, events counted by newline. Uses
     * Chronicle directly (read-only, the queue settings of {@code ChronicleLedger}) because the
     * {@code Ledger} port has no raw-bytes read; benchmark only.
     */
    private double chronicleRawRead(Path root, long n) {
        long start = System.nanoTime();
        long count = 0;
        long sink = 0;
        try (SingleChronicleQueue queue = queue(root.resolve("ledger"), true);
                ExcerptTailer tailer = queue.createTailer()) {
            tailer.singleThreadedCheckDisabled(true);
            while (true) {
                try (DocumentContext dc = tailer.readingDocument()) {
                    if (!dc.isPresent()) {
                        break;
                    }
                    byte[] doc = dc.wire().bytes().toByteArray();
                    for (byte b : doc) {
                        if (b == '\n') {
                            count++;
                        }
                    }
                    sink += doc.length;
                }
            }
        }
        check(count, n);
        blackhole += sink;
        return done("Chronicle replay RAW (tailer)", n, start);
    }

    private double jsonlRead(Path file, long n, ReadLevel level) throws IOException {
        long start = System.nanoTime();
        long[] acc = new long[2];
        forEachLine(file, line -> {
            acc[0]++;
            switch (level) {
                case RAW -> acc[1] += line.length;
                case ENVELOPE -> acc[1] += EnvelopeCodec.fromBytes(line).seq();
                case DECODE -> acc[1] += consume(codec.decode(EnvelopeCodec.fromBytes(line)));
            }
        });
        check(acc[0], n);
        blackhole += acc[1];
        return done("JSONL replay " + level, n, start);
    }

    private static long consume(Decoded d) {
        return d.seq() + ((GoalConfigured) d.event()).quotaWindowHours();
    }

    interface LineSink {
        void accept(byte[] line);
    }

    /** Reads a file in 1 MiB chunks and hands out each line (without its newline) as a fresh array. */
    static void forEachLine(Path file, LineSink sink) throws IOException {
        byte[] buf = new byte[1 << 20];
        byte[] carry = new byte[0];
        try (InputStream in = Files.newInputStream(file)) {
            int read;
            while ((read = in.read(buf)) > 0) {
                int startOfLine = 0;
                for (int i = 0; i < read; i++) {
                    if (buf[i] == '\n') {
                        byte[] line;
                        if (carry.length > 0) {
                            line = Arrays.copyOf(carry, carry.length + (i - startOfLine));
                            System.arraycopy(buf, startOfLine, line, carry.length, i - startOfLine);
                            carry = new byte[0];
                        } else {
                            line = Arrays.copyOfRange(buf, startOfLine, i);
                        }
                        sink.accept(line);
                        startOfLine = i + 1;
                    }
                }
                if (startOfLine < read) {
                    byte[] rest = Arrays.copyOf(carry, carry.length + (read - startOfLine));
                    System.arraycopy(buf, startOfLine, rest, carry.length, read - startOfLine);
                    carry = rest;
                }
            }
        }
        if (carry.length > 0) {
            throw new IllegalStateException("JSONL file ends without a newline");
        }
    }

    private double measureHead(Path root, int calls) {
        try (ChronicleLedger ledger = ChronicleLedger.open(root, SyncPolicy.BATCH, new LedgerLock(root))) {
            long start = System.nanoTime();
            long sink = 0;
            for (int i = 0; i < calls; i++) {
                sink += ledger.head().seq();
            }
            blackhole += sink;
            return done("ChronicleLedger.head()", calls, start);
        }
    }

    private double measureMarker(Path root, int calls) throws IOException {
        Files.createDirectories(root);
        HeadMarker marker = new HeadMarker(root);
        long start = System.nanoTime();
        for (int i = 1; i <= calls; i++) {
            marker.markPending(i, false);
            marker.markCommitted(new Head(i, Head.GENESIS_HASH));
        }
        return done("HeadMarker pending+committed", calls, start);
    }

    private double measureLock(Path root, int calls) throws IOException {
        Files.createDirectories(root);
        LedgerLock lock = new LedgerLock(root);
        long start = System.nanoTime();
        for (int i = 0; i < calls; i++) {
            try (LedgerLock.Held held = lock.acquire()) {
                blackhole += held.hashCode() & 1;
            }
        }
        return done("LedgerLock acquire+release", calls, start);
    }

    // ------------------------------------------------------------------ events

    /**
     * Deterministic {@code goal.configured} events: 500 goals, 10 actors, a fresh operation id per
     * event, 1,024 distinct quota policies (built once through {@link EventCodec#propose}, so the
     * payloads are exactly what the CLI would write and decode back), 250 ms apart.
     */
    static final class EventSource {
        private static final Instant BASE = Instant.parse("2026-01-01T00:00:00Z");
        private final ObjectNode[] payloads = new ObjectNode[1024];
        private final String[] goals = new String[500];
        private final Actor[] actors = new Actor[10];
        private final String type;
        private final int version;

        EventSource(EventCodec codec) {
            SplittableRandom rnd = new SplittableRandom(20260101L);
            ProposedEvent sample = null;
            for (int i = 0; i < payloads.length; i++) {
                GoalConfigured policy = new GoalConfigured(
                        BigDecimal.valueOf(rnd.nextInt(0, 100_000), 2), rnd.nextInt(1, 169), rnd.nextInt(5, 121));
                sample = codec.propose(policy, BASE, "goal", Actor.system(), "");
                payloads[i] = sample.payload();
            }
            type = sample.type();
            version = sample.typeVersion();
            HexFormat hex = HexFormat.of();
            for (int i = 0; i < goals.length; i++) {
                goals[i] = "goal_" + hex.toHexDigits(rnd.nextLong());
            }
            for (int i = 0; i < 8; i++) {
                actors[i] = new Actor(ActorKind.AGENT, "codex-worker-" + i);
            }
            actors[8] = new Actor(ActorKind.OWNER, "alice@example.com");
            actors[9] = new Actor(ActorKind.CONTROLLER, "loopx-scheduler");
        }

        ProposedEvent event(long i) {
            long h = mix(i);
            return new ProposedEvent(
                    type,
                    version,
                    BASE.plusMillis(i * 250),
                    goals[(int) Long.remainderUnsigned(h, goals.length)],
                    actors[(int) ((h >>> 20) % actors.length)],
                    "op_" + HexFormat.of().toHexDigits(mix(h)),
                    payloads[(int) ((h >>> 40) & (payloads.length - 1))]);
        }

        private static long mix(long z) {
            z = (z ^ (z >>> 33)) * 0xff51afd7ed558ccdL;
            z = (z ^ (z >>> 33)) * 0xc4ceb9fe1a85ec53L;
            return z ^ (z >>> 33);
        }
    }

    // ------------------------------------------------------------------ output

    private void add(String section, String name, long n, double value, String unit, String ratio, String phase) {
        rows.add(new Row(section, name, n, value, unit, ratio));
        raw.add(String.join("\t", phase, section, name, String.valueOf(n), fmt(value), unit, ratio));
    }

    private static String ratio(double chronicle, double jsonl, String against) {
        if (!(jsonl > 0) || Double.isNaN(chronicle)) {
            return "";
        }
        return String.format(Locale.ROOT, "%.2fx %s", chronicle / jsonl, against);
    }

    private static String fmt(double v) {
        if (Double.isNaN(v)) {
            return "n/a";
        }
        return v >= 100 ? String.format(Locale.ROOT, "%,.0f", v) : String.format(Locale.ROOT, "%,.1f", v);
    }

    String markdownRows() {
        StringBuilder sb = new StringBuilder();
        for (Row r : rows) {
            sb.append("| ")
                    .append(r.section())
                    .append(" | ")
                    .append(r.name())
                    .append(" | ")
                    .append(String.format(Locale.ROOT, "%,d", r.n()))
                    .append(" | ")
                    .append(fmt(r.value()))
                    .append(" | ")
                    .append(r.unit())
                    .append(" | ")
                    .append(r.ratio())
                    .append(" |\n");
        }
        return sb.toString();
    }

    String table() {
        return "| section | measurement | n | value | unit | ratio (Chronicle / JSONL) |\n"
                + "|---|---|---:|---:|---|---|\n" + markdownRows();
    }

    // ------------------------------------------------------------------ helpers

    private static double done(String what, long n, long startNanos) {
        double seconds = (System.nanoTime() - startNanos) / 1e9;
        double rate = n / seconds;
        LOG.printf(Locale.ROOT, "   %-34s %,12d in %8.3f s = %,14.0f /s%n", what, n, seconds, rate);
        return rate;
    }

    private static void check(long count, long expected) {
        if (count != expected) {
            throw new IllegalStateException("replayed " + count + " events, expected " + expected);
        }
    }

    private static long sizeOf(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@code du -sB1 [--apparent-size] path}: allocated blocks (what the disk holds) or apparent size. */
    private static long du(Path path, boolean apparent) {
        List<String> cmd = new ArrayList<>(List.of("du", "-s", "-B1"));
        if (apparent) {
            cmd.add("--apparent-size");
        }
        cmd.add(path.toString());
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            if (p.waitFor() != 0) {
                throw new IllegalStateException("du failed: " + out);
            }
            return Long.parseLong(out.split("\\s+")[0]);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static String gcNames() {
        return String.join(
                "+",
                ManagementFactory.getGarbageCollectorMXBeans().stream()
                        .map(GarbageCollectorMXBean::getName)
                        .toList());
    }

    private static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
