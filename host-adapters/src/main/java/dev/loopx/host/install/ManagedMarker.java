package dev.loopx.host.install;

import dev.loopx.host.surface.HostSurface;
import java.util.regex.Pattern;

/**
 * The managed marker (SPEC §S13): {@code <!-- loopx-managed-slash-command:v1 command=… surface=… -->}.
 * A file that carries it was written by LoopX and may be replaced or removed by LoopX; a file
 * without it belongs to the user and is never overwritten or removed.
 *
 * <p>Placement: Markdown files carry the marker as is, on its own line (after the YAML front
 * matter when the host needs front matter at the top); JavaScript and TypeScript files carry it in
 * a {@code //} comment on their first line; JSON, which has no comments, carries it as the string
 * value of a top-level {@code "loopx_managed"} key. Recognition looks for the marker anywhere in
 * the first {@value #SCAN_BYTES} bytes, so all three placements are recognised the same way.
 * Pure.
 */
public final class ManagedMarker {
    public static final String VERSION_TAG = "loopx-managed-slash-command:v1";
    /** The JSON key that carries the marker in files that cannot hold comments. */
    public static final String JSON_KEY = "loopx_managed";

    static final int SCAN_BYTES = 8192;
    private static final Pattern MARKER =
            Pattern.compile("<!-- " + Pattern.quote(VERSION_TAG) + " command=[A-Za-z0-9_.:/-]+ surface=[a-z-]+ -->");

    private ManagedMarker() {}

    /** The marker for {@code command} (a file name stem such as {@code loopx-global-summary}) on {@code surface} (one with host files). */
    public static String of(String command, HostSurface surface) {
        return "<!-- " + VERSION_TAG + " command=" + command + " surface=" + surface.filesName() + " -->";
    }

    /** True when the start of {@code content} carries a marker. */
    public static boolean isManaged(String head) {
        return MARKER.matcher(head).find();
    }
}
