package dev.loopx.cli.render;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintWriter;

/** The text form of {@code loopx_install_v0}: what was installed, then the PATH line to paste and the next step. */
final class InstallText {
    private InstallText() {}

    static void render(JsonNode d, PrintWriter out) {
        if (!d.path("ok").asBoolean()) {
            out.println("install refused (" + d.path("error_code").asText() + "): "
                    + d.path("message").asText());
            return;
        }
        out.println((d.path("already_installed").asBoolean()
                        ? "loopx " + d.path("version").asText() + " was already installed"
                        : "installed loopx " + d.path("version").asText())
                + " in " + d.path("bin_folder").asText());
        out.println("  Put it on PATH: add this line to "
                + d.path("shell_rc_file").asText() + ", then open a new terminal (or run it now):");
        out.println();
        out.println("    " + d.path("path_line").asText());
        out.println();
        out.println("  Then, in your project's folder:  " + d.path("next_step").asText());
    }
}
