package dev.loopx.ledger.chronicle;

import net.openhft.posix.PosixAPI;
import net.openhft.posix.internal.PosixAPIHolder;

/**
 * Started in a fresh JVM by {@link DeferredPosixApiTest}: outside JUnit, chronicle-core's
 * {@code Jvm} warms its POSIX layer up when it initialises, exactly as in the CLI. With argument
 * {@code install} it installs {@link DeferredPosixApi} first (as {@link ChronicleLedger}'s static
 * block does), with {@code control} it does not. Prints one {@code key=value} line per step.
 */
public final class DeferredPosixApiProbe {
    private DeferredPosixApiProbe() {}

    public static void main(String[] args) throws ClassNotFoundException {
        boolean install = args.length == 1 && args[0].equals("install");
        if (install) {
            DeferredPosixApi.install();
        }
        Class.forName("net.openhft.chronicle.core.Jvm", true, DeferredPosixApiProbe.class.getClassLoader());
        System.out.println("after_jvm_init loaded=" + DeferredPosixApi.loaded() + " holder=" + holder());
        if (install) {
            PosixAPI.posix().getpid(); // the first real call builds the real layer
            System.out.println("after_first_call loaded=" + DeferredPosixApi.loaded() + " holder=" + holder());
        }
    }

    private static String holder() {
        PosixAPI current = PosixAPIHolder.POSIX_API;
        return current == null ? "none" : current instanceof DeferredPosixApi ? "deferred" : "real";
    }
}
