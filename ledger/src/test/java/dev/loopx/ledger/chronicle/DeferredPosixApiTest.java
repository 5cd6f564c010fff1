package dev.loopx.ledger.chronicle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * ADR 0001, risk "LoopX writes a Chronicle-internal static field": {@link DeferredPosixApi}
 * installs itself in {@code net.openhft.posix.internal.PosixAPIHolder.POSIX_API} and builds the
 * real layer with {@code PosixAPIHolder.loadPosixApi()}. Neither is Chronicle's public API, so a
 * Chronicle upgrade may change them without notice; these tests fail, naming the field and the
 * ADR, when one does.
 */
class DeferredPosixApiTest {
    private static final String HOLDER = "net.openhft.posix.internal.PosixAPIHolder";
    private static final String FIELD = HOLDER + ".POSIX_API";
    private static final String RISK = " — DeferredPosixApi relies on " + FIELD
            + " being a public static non-final net.openhft.posix.PosixAPI that " + HOLDER
            + ".loadPosixApi() leaves alone when set. See docs/adr/0001-ledger-on-chronicle-queue.md,"
            + " risk \"Chronicle-internal POSIX holder\", for what to do.";

    @TempDir
    Path temp;

    @Test
    void chroniclesPosixHolderStillHasTheFieldAndLoaderDeferredPosixApiUses() {
        Class<?> holder;
        try {
            holder = Class.forName(HOLDER, false, getClass().getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new AssertionError(HOLDER + " no longer exists in this Chronicle version" + RISK, e);
        }
        Field field;
        try {
            field = holder.getDeclaredField("POSIX_API");
        } catch (NoSuchFieldException e) {
            throw new AssertionError(FIELD + " no longer exists in this Chronicle version" + RISK, e);
        }
        assertEquals("net.openhft.posix.PosixAPI", field.getType().getName(), FIELD + " changed its type" + RISK);
        int modifiers = field.getModifiers();
        assertTrue(
                Modifier.isPublic(modifiers) && Modifier.isStatic(modifiers) && !Modifier.isFinal(modifiers),
                FIELD + " is now '" + Modifier.toString(modifiers) + "'" + RISK);
        Method load;
        try {
            load = holder.getDeclaredMethod("loadPosixApi");
        } catch (NoSuchMethodException e) {
            throw new AssertionError(HOLDER + ".loadPosixApi() no longer exists in this Chronicle version" + RISK, e);
        }
        assertTrue(
                Modifier.isPublic(load.getModifiers())
                        && Modifier.isStatic(load.getModifiers())
                        && load.getReturnType() == void.class,
                HOLDER + ".loadPosixApi() changed its signature" + RISK);
    }

    /**
     * In a fresh JVM (outside JUnit chronicle-core's {@code Jvm} warms the POSIX layer up as it does
     * in the CLI): without the deferred holder that warm-up builds the real layer; with it nothing
     * is built until the first real call, which then builds the real layer and puts it in the holder.
     */
    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void theDeferredInstallKeepsChroniclesWarmUpFromBuildingThePosixLayer_untilItsFirstRealCall() throws Exception {
        List<String> control = probe("control");
        assertEquals(
                List.of("after_jvm_init loaded=true holder=real"),
                control,
                "chronicle-core's Jvm no longer builds the POSIX layer when it initialises: DeferredPosixApi may no longer"
                        + " be needed (ADR 0001, risk \"Chronicle-internal POSIX holder\")");
        List<String> deferred = probe("install");
        assertEquals(
                List.of("after_jvm_init loaded=false holder=deferred", "after_first_call loaded=true holder=real"),
                deferred,
                "the deferred holder did not take effect" + RISK);
    }

    private List<String> probe(String mode) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmArgFiles());
        command.add("-Duser.home=" + temp);
        command.add("-Djava.io.tmpdir=" + temp);
        command.addAll(
                List.of("-cp", System.getProperty("java.class.path"), DeferredPosixApiProbe.class.getName(), mode));
        Path out = temp.resolve(mode + ".out");
        Path err = temp.resolve(mode + ".err");
        ProcessBuilder pb = new ProcessBuilder(command)
                .directory(temp.toFile())
                .redirectOutput(out.toFile())
                .redirectError(err.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        pb.environment().remove("JAVA_TOOL_OPTIONS");
        pb.environment().remove("JDK_JAVA_OPTIONS");
        Process child = pb.start();
        if (!child.waitFor(90, TimeUnit.SECONDS)) {
            child.destroyForcibly();
            fail("the " + mode + " probe did not finish in 90 s");
        }
        String stderr = Files.readString(err, StandardCharsets.UTF_8);
        assertEquals(0, child.exitValue(), "the " + mode + " probe failed: " + stderr);
        return Files.readAllLines(out, StandardCharsets.UTF_8).stream()
                .filter(l -> l.startsWith("after_"))
                .toList();
    }

    private static List<String> jvmArgFiles() {
        String dir = System.getProperty("loopx.jvm.args.dir");
        if (dir == null || !Files.isRegularFile(Path.of(dir, "jvm-common.args"))) {
            fail("system property loopx.jvm.args.dir must name cli/src/dist/conf (surefire sets it); got " + dir);
        }
        List<String> files = new ArrayList<>(List.of("@" + Path.of(dir, "jvm-common.args")));
        if (Runtime.version().feature() >= 23) {
            files.add("@" + Path.of(dir, "jvm-jdk23.args"));
        }
        return files;
    }
}
