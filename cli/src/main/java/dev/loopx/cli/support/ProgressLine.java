package dev.loopx.cli.support;

import dev.loopx.application.ledger.RebuildProgress;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * A rebuild's progress line (events done / total, rate, ETA), drawn at most every
 * {@link #INTERVAL_NANOS} and always for the last event. Catch-ups report every 500-event chunk
 * (2,000 times for 1M events); formatting each of them was measurable CPU in a rebuild, so
 * nothing is formatted unless a person watches ({@link CliContext#progress}) and it is time.
 */
public final class ProgressLine implements RebuildProgress {
    static final long INTERVAL_NANOS = 200_000_000L;
    private final Consumer<String> out;
    private final String label;
    private final LongSupplier nanoTime;
    private final long start;
    private long lastDrawn;
    private boolean drawn;

    ProgressLine(Consumer<String> out, LongSupplier nanoTime) {
        this(out, nanoTime, "rebuild");
    }

    ProgressLine(Consumer<String> out, LongSupplier nanoTime, String label) {
        this.out = out;
        this.label = label;
        this.nanoTime = nanoTime;
        this.start = nanoTime.getAsLong();
    }

    /** Progress on the context's terminal; nothing at all (not even formatting) when nobody watches. */
    public static RebuildProgress of(CliContext context) {
        return of(context, "rebuild");
    }

    /** The same for another pass over the ledger ({@code verify}), named by {@code label}. */
    public static RebuildProgress of(CliContext context, String label) {
        return context.showsProgress()
                ? new ProgressLine(context::progress, System::nanoTime, label)
                : RebuildProgress.NONE;
    }

    @Override
    public void update(long done, long total) {
        long now = nanoTime.getAsLong();
        if (done < total && drawn && now - lastDrawn < INTERVAL_NANOS) {
            return;
        }
        drawn = true;
        lastDrawn = now;
        double seconds = Math.max(1e-3, (now - start) / 1e9);
        double rate = done / seconds;
        long eta = rate > 0 ? Math.round((total - done) / rate) : 0;
        out.accept(String.format(label + ": %,d / %,d events  %,.0f events/s  ETA %ds", done, total, rate, eta));
    }
}
