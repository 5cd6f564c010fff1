package dev.loopx.commands.privacy;

import java.util.regex.Pattern;

/**
 * The one definition of "an absolute local path" (SPEC §S14), shared by {@link PathRedactor}
 * (read surfaces redact it) and {@link PublicText} (writes reject it), so the two never disagree.
 *
 * <p>A local path is any of: a {@code file:} URL ({@code file:///x}, {@code file:/x}); {@code ~/…} or {@code ~user/…}; a Windows
 * drive path ({@code C:\…}, {@code C:/…}) or UNC share ({@code \\host\share}); a POSIX absolute
 * path of two or more segments ({@code /home/me}, {@code /tmp/x}, {@code /etc/passwd}). Not paths:
 * a single segment such as the slash command {@code /loopx} or {@code /loopx-global-summary};
 * the path part of a URL ({@code https://example.com/a/b}: the slash follows {@code :}, {@code /}
 * or a host name character); relative paths ({@code src/main/App.java}: the slash follows a word
 * character). A match stops before trailing sentence punctuation, so {@code "see /tmp/x."}
 * redacts to {@code "see <local-path-redacted>."}. Also not paths: a web route written on its own,
 * that is a POSIX-shaped path right after an HTTP method ({@code GET /todos/1}) or whose first
 * segment is a usual route root ({@code /api/v1/todos}, {@code /static/}, {@code /v2/users},
 * {@code /graphql}, {@code /auth/callback}, {@code /.well-known/…}), or a repository path written
 * from the repository's root ({@code /docs/cli.md}, {@code /src/main}); see {@link #ROUTE_ROOTS}.
 * Accepted risk: a local directory named like a route root at the top of the file system
 * ({@code /api/…}) passes.
 */
final class LocalPath {
    /**
     * First segments that name a web route or a path from a repository's root ({@code /docs/cli.md},
     * {@code /src/main}) rather than a directory at the root of a file system.
     */
    static final String ROUTE_ROOTS = "api|apis|static|assets|public|graphql|auth|oauth|oauth2|login|logout|callback"
            + "|webhooks?|healthz?|readyz|livez|metrics|admin|rest|rpc|ws|cdn|images|img|css|js|fonts|swagger|openapi"
            + "|v[0-9]{1,2}|\\.well-known|todos|goals|users|items|orders|search|dashboard|settings|account|accounts|docs|src";

    private static final String BODY = "[^\\s\"'<>]*?(?=[.,;:!?)\\]}]*(?:[\\s\"'<>]|$))";

    static final Pattern PATTERN = Pattern.compile("(?i:file):/{1,3}(?=[^/\\s])" + BODY
            + "|(?<![\\w.~-])~(?:[A-Za-z_][\\w.-]{0,63})?/" + BODY
            + "|(?<![\\w])[A-Za-z]:[\\\\/]" + BODY
            + "|(?<![\\w\\\\])\\\\\\\\[\\w.$-]+\\\\" + BODY
            + "|(?<![\\w.:/+-])(?<!(?:GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS) )/(?!(?:" + ROUTE_ROOTS
            + ")(?:[/?#\\s\"'<>.,;:!)\\]}]|$))[^/\\s\"'<>]+/" + BODY);

    private LocalPath() {}

    static boolean occursIn(String text) {
        return mayContainOne(text) && PATTERN.matcher(text).find();
    }

    /** Every shape above has a slash or a backslash; most texts have neither, and the scan is the guard's dearest. */
    static boolean mayContainOne(String text) {
        return text.indexOf('/') >= 0 || text.indexOf('\\') >= 0;
    }
}
