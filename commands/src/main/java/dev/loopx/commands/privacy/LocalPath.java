package dev.loopx.commands.privacy;

import java.util.regex.Pattern;

/**
 * The one definition of "an absolute local path" (SPEC §S14), shared by {@link PathRedactor}
 * (read surfaces redact it) and {@link PublicText} (writes reject it), so the two never disagree.
 *
 * <p>A local path is any of: a {@code file://} URL; {@code ~/…} or {@code ~user/…}; a Windows
 * drive path ({@code C:\…}, {@code C:/…}) or UNC share ({@code \\host\share}); a POSIX absolute
 * path of two or more segments ({@code /home/me}, {@code /tmp/x}, {@code /etc/passwd}). Not paths:
 * a single segment such as the slash command {@code /loopx} or {@code /loopx-global-summary};
 * the path part of a URL ({@code https://example.com/a/b}: the slash follows {@code :}, {@code /}
 * or a host name character); relative paths ({@code src/main/App.java}: the slash follows a word
 * character). A match stops before trailing sentence punctuation, so {@code "see /tmp/x."}
 * redacts to {@code "see <local-path-redacted>."}. Known false positive, accepted on purpose:
 * a URL path written on its own ({@code /api/v1}) has the same shape as a local path.
 */
final class LocalPath {
    private static final String BODY = "[^\\s\"'<>]*?(?=[.,;:!?)\\]}]*(?:[\\s\"'<>]|$))";

    static final Pattern PATTERN = Pattern.compile("(?i:file)://" + BODY
            + "|(?<![\\w.~-])~(?:[A-Za-z_][\\w-]*)?/" + BODY
            + "|(?<![\\w])[A-Za-z]:[\\\\/]" + BODY
            + "|(?<![\\w\\\\])\\\\\\\\[\\w.$-]+\\\\" + BODY
            + "|(?<![\\w.:/-])/(?:[^/\\s\"'<>]+/)+" + BODY);

    private LocalPath() {}

    static boolean occursIn(String text) {
        return PATTERN.matcher(text).find();
    }
}
