package dev.loopx.cli.support;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import picocli.CommandLine.IVersionProvider;

/** The LoopX version, stamped into the jar at build time. */
public final class VersionInfo implements IVersionProvider {
    public static String version() {
        Properties p = new Properties();
        try (InputStream in = VersionInfo.class.getResourceAsStream("version.properties")) {
            if (in != null) {
                p.load(in);
            }
        } catch (IOException e) {
            return "unknown";
        }
        return p.getProperty("version", "unknown");
    }

    @Override
    public String[] getVersion() {
        return new String[] {
            "loopx " + version() + " (Java " + Runtime.version().feature() + ")"
        };
    }
}
