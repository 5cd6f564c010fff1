package dev.loopx.ledger.chronicle;

import java.io.IOException;
import net.openhft.posix.ClockId;
import net.openhft.posix.MAdviseFlag;
import net.openhft.posix.MMapFlag;
import net.openhft.posix.MMapProt;
import net.openhft.posix.MSyncFlag;
import net.openhft.posix.MclFlag;
import net.openhft.posix.OpenFlag;
import net.openhft.posix.PosixAPI;
import net.openhft.posix.WhenceFlag;
import net.openhft.posix.internal.PosixAPIHolder;

/**
 * Chronicle's POSIX layer, loaded on first use instead of at class initialisation.
 *
 * <p>{@code net.openhft.chronicle.core.Jvm}'s static initialiser calls {@code PosixAPI.posix()}
 * only to warm it up (outside JUnit): that builds the JNR implementation, which assembles native
 * call stubs at run time (~55 classes read from the {@code jnr-x86asm}/{@code asm} jars and ~90
 * generated ones, none of which a class-data archive can hold) — about 75–90 ms of every CLI write.
 * Nothing LoopX asks of Chronicle calls the POSIX layer afterwards: syncs go through the JDK
 * ({@link FileSync}) and the queue runs with {@code SyncMode.NONE}.
 *
 * <p>Installed before any Chronicle class initialises, this holder answers that warm-up without
 * loading anything. The first real call builds exactly what Chronicle would have built
 * ({@code PosixAPIHolder.loadPosixApi()}: JNR, or its no-op fallback when JNR cannot load),
 * puts it in the holder for every later caller and delegates to it, so behaviour is unchanged for
 * anyone who does use the layer; only the moment it loads moves.
 *
 * <p>{@code PosixAPIHolder} is Chronicle-internal: a named risk in ADR 0001 ("Chronicle-internal
 * POSIX holder"), checked on every build by {@code DeferredPosixApiTest}.
 */
final class DeferredPosixApi implements PosixAPI {
    private static boolean installed;
    private volatile PosixAPI real;

    private DeferredPosixApi() {}

    /** Installs the deferred holder unless a POSIX layer is already loaded; idempotent. */
    static synchronized void install() {
        if (installed) {
            return;
        }
        installed = true;
        if (PosixAPIHolder.POSIX_API == null) {
            PosixAPIHolder.POSIX_API = new DeferredPosixApi();
        }
    }

    /** Whether Chronicle's POSIX layer has been built in this JVM (the deferred holder does not count). */
    static boolean loaded() {
        PosixAPI current = PosixAPIHolder.POSIX_API;
        return current != null && (!(current instanceof DeferredPosixApi deferred) || deferred.real != null);
    }

    PosixAPI real() {
        PosixAPI r = real;
        if (r == null) {
            synchronized (DeferredPosixApi.class) {
                r = real;
                if (r == null) {
                    PosixAPIHolder.POSIX_API = null;
                    PosixAPIHolder.loadPosixApi();
                    r = PosixAPIHolder.POSIX_API;
                    real = r;
                }
            }
        }
        return r;
    }

    @Override
    public int close(int fd) {
        return real().close(fd);
    }

    @Override
    public int fallocate(int fd, int mode, long offset, long length) {
        return real().fallocate(fd, mode, offset, length);
    }

    @Override
    public int ftruncate(int fd, long offset) {
        return real().ftruncate(fd, offset);
    }

    @Override
    public long lseek(int fd, long offset, int whence) {
        return real().lseek(fd, offset, whence);
    }

    @Override
    public int lockf(int fd, int cmd, long len) {
        return real().lockf(fd, cmd, len);
    }

    @Override
    public int madvise(long addr, long length, int advice) {
        return real().madvise(addr, length, advice);
    }

    @Override
    public long mmap(long addr, long length, int prot, int flags, int fd, long offset) {
        return real().mmap(addr, length, prot, flags, fd, offset);
    }

    @Override
    public boolean mlock(long addr, long length) {
        return real().mlock(addr, length);
    }

    @Override
    public boolean mlock2(long addr, long length, boolean lockOnFault) {
        return real().mlock2(addr, length, lockOnFault);
    }

    @Override
    public void mlockall(int flags) {
        real().mlockall(flags);
    }

    @Override
    public int msync(long address, long length, int flags) {
        return real().msync(address, length, flags);
    }

    @Override
    public int munmap(long addr, long length) {
        return real().munmap(addr, length);
    }

    @Override
    public int open(CharSequence path, int flags, int perm) {
        return real().open(path, flags, perm);
    }

    @Override
    public long read(int fd, long dst, long len) {
        return real().read(fd, dst, len);
    }

    @Override
    public long write(int fd, long src, long len) {
        return real().write(fd, src, len);
    }

    @Override
    public long du(String filename) throws IOException {
        return real().du(filename);
    }

    @Override
    public int gettimeofday(long timeval) {
        return real().gettimeofday(timeval);
    }

    @Override
    public int sched_setaffinity(int pid, int cpusetsize, long mask) {
        return real().sched_setaffinity(pid, cpusetsize, mask);
    }

    @Override
    public int sched_getaffinity(int pid, int cpusetsize, long mask) {
        return real().sched_getaffinity(pid, cpusetsize, mask);
    }

    @Override
    public String sched_getaffinity_summary(int pid) {
        return real().sched_getaffinity_summary(pid);
    }

    @Override
    public int sched_setaffinity_as(int pid, int cpu) {
        return real().sched_setaffinity_as(pid, cpu);
    }

    @Override
    public int sched_setaffinity_range(int pid, int from, int to) {
        return real().sched_setaffinity_range(pid, from, to);
    }

    @Override
    public int lastError() {
        return real().lastError();
    }

    @Override
    public long gettimeofday() {
        return real().gettimeofday();
    }

    @Override
    public long clock_gettime() {
        return real().clock_gettime();
    }

    @Override
    public long clock_gettime(int clockId) {
        return real().clock_gettime(clockId);
    }

    @Override
    public long malloc(long size) {
        return real().malloc(size);
    }

    @Override
    public void free(long ptr) {
        real().free(ptr);
    }

    @Override
    public int get_nprocs() {
        return real().get_nprocs();
    }

    @Override
    public int get_nprocs_conf() {
        return real().get_nprocs_conf();
    }

    @Override
    public int getpid() {
        return real().getpid();
    }

    @Override
    public int gettid() {
        return real().gettid();
    }

    @Override
    public String strerror(int errno) {
        return real().strerror(errno);
    }

    @Override
    public String lastErrorStr() {
        return real().lastErrorStr();
    }

    @Override
    public long lseek(int fd, long offset, WhenceFlag whence) {
        return real().lseek(fd, offset, whence);
    }

    @Override
    public int madvise(long addr, long length, MAdviseFlag advice) {
        return real().madvise(addr, length, advice);
    }

    @Override
    public long mmap(long addr, long length, MMapProt prot, MMapFlag flags, int fd, long offset) {
        return real().mmap(addr, length, prot, flags, fd, offset);
    }

    @Override
    public void mlockall(MclFlag flags) {
        real().mlockall(flags);
    }

    @Override
    public int msync(long address, long length, MSyncFlag flags) {
        return real().msync(address, length, flags);
    }

    @Override
    public int open(CharSequence path, OpenFlag flags, int perm) {
        return real().open(path, flags, perm);
    }

    @Override
    public long clock_gettime(ClockId clockId) {
        return real().clock_gettime(clockId);
    }
}
