import java.io.IOException;
import java.io.OutputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import java.util.zip.ZipOutputStream;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Opcodes;

/**
 * Build tool (run at package time, never shipped): copies a jar, rewriting every class file older
 * than Java 8 as a Java 8 class file with stack map frames computed by ASM. The instructions are
 * unchanged; only the class-file version and the frames the split verifier needs are new.
 *
 * <p>Why: picocli 4.7.7 ships Java 5 class files (major version 49), and the JDK's class-data
 * archive (CDS / the AOT cache) does not archive classes that need the old verifier, so every CLI
 * start loaded and verified ~170 picocli classes from the jar (docs/adr/0003-start-up.md).
 *
 * <p>Usage: {@code java -cp asm.jar ClassFileUpgrade.java IN.jar OUT.jar}. Fails (exit 1) on a
 * class ASM cannot rewrite (e.g. JSR/RET), so the build never ships a half-converted jar.
 */
public final class ClassFileUpgrade {
    private ClassFileUpgrade() {}

    public static void main(String[] args) throws IOException {
        if (args.length != 2) {
            System.err.println("usage: ClassFileUpgrade IN.jar OUT.jar");
            System.exit(2);
        }
        Path in = Path.of(args[0]);
        Path out = Path.of(args[1]);
        Files.createDirectories(out.toAbsolutePath().getParent());
        int upgraded = 0;
        // Frames need common super classes: resolved against the jar itself and the JDK only.
        try (URLClassLoader hierarchy = new URLClassLoader(new URL[] {in.toUri().toURL()}, null);
                ZipInputStream zin = new ZipInputStream(Files.newInputStream(in));
                OutputStream os = Files.newOutputStream(out);
                ZipOutputStream zout = new ZipOutputStream(os)) {
            for (ZipEntry entry; (entry = zin.getNextEntry()) != null; ) {
                byte[] bytes = zin.readAllBytes();
                if (entry.getName().endsWith(".class") && majorVersion(bytes) < 52) {
                    bytes = upgrade(bytes, hierarchy);
                    upgraded++;
                }
                ZipEntry copy = new ZipEntry(entry.getName());
                copy.setTime(entry.getTime());
                zout.putNextEntry(copy);
                zout.write(bytes);
                zout.closeEntry();
            }
        }
        if (upgraded == 0) {
            System.err.println("ClassFileUpgrade: nothing older than Java 8 in " + in + "; drop this build step");
        }
    }

    private static int majorVersion(byte[] classFile) {
        return ((classFile[6] & 0xff) << 8) | (classFile[7] & 0xff);
    }

    private static byte[] upgrade(byte[] classFile, ClassLoader hierarchy) {
        ClassWriter writer = new ClassWriter(ClassWriter.COMPUTE_FRAMES) {
            @Override
            protected ClassLoader getClassLoader() {
                return hierarchy;
            }
        };
        new ClassReader(classFile)
                .accept(
                        new ClassVisitor(Opcodes.ASM9, writer) {
                            @Override
                            public void visit(
                                    int version,
                                    int access,
                                    String name,
                                    String signature,
                                    String superName,
                                    String[] interfaces) {
                                super.visit(Opcodes.V1_8, access, name, signature, superName, interfaces);
                            }
                        },
                        ClassReader.SKIP_FRAMES);
        return writer.toByteArray();
    }
}
