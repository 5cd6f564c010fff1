package dev.loopx.host.slash;

import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/** Joins an argument list into one POSIX shell command line that reproduces the same arguments. */
public final class ShellWords {
    private static final Pattern BARE = Pattern.compile("[A-Za-z0-9_./=:,+@%-]+");

    private ShellWords() {}

    /** The argument as one shell word: bare when safe, else single-quoted ({@code '} as {@code '\''}). */
    public static String quote(String arg) {
        if (!arg.isEmpty() && BARE.matcher(arg).matches()) {
            return arg;
        }
        return "'" + arg.replace("'", "'\\''") + "'";
    }

    public static String join(List<String> args) {
        return args.stream().map(ShellWords::quote).collect(Collectors.joining(" "));
    }
}
