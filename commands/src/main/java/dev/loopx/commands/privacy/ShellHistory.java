package dev.loopx.commands.privacy;

import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Numbered shell history as {@code history} prints it (issue 35), judged as tool output by the one
 * table {@link PrivacyRules}: a dump of commands carries credentials typed on command lines and the
 * project's private paths. Pure and thread-safe.
 */
final class ShellHistory {
    private ShellHistory() {}

    /** A line as {@code history} prints it: its number, two spaces, an optional time stamp, the command. */
    private static final Pattern HISTORY_LINE = Pattern.compile(
            "^\\s{0,8}\\d{1,6}\\*?\\s{2,}(?:\\d{4}-\\d{2}-\\d{2}[ T]\\d{2}:\\d{2}(?::\\d{2})?\\s+)?([^\\s]+)");

    /** First words that make a numbered line a command (a to-do list numbered {@code 1  fix …} is not history). */
    private static final Set<String> SHELL_COMMANDS =
            Set.of(("cd ls ll la git export unset env set source . curl wget ssh scp rsync sudo su "
                            + "vim vi nvim nano emacs code cat less more echo printf grep rg find rm mv cp "
                            + "mkdir touch chmod chown tar unzip docker podman kubectl helm npm npx yarn pnpm "
                            + "mvn ./mvnw gradle ./gradlew make python python3 pip pip3 node java go cargo "
                            + "rustup psql mysql redis-cli mongo mongosh aws gcloud az terraform systemctl "
                            + "journalctl top htop ps kill tail head brew apt apt-get yum dnf pacman open man "
                            + "which whoami exit clear ping nc openssl gpg sshpass htpasswd vault op gh "
                            + "history pwd df du free crontab tmux screen loopx claude codex")
                    .split(" "));

    /**
     * Numbered shell history ({@code history}'s output): two or more lines of {@code N  command}, one
     * of which starts with a shell command. A single numbered line is judged by its content only.
     */
    static boolean shellHistory(List<String> lines) {
        int numbered = 0;
        boolean command = false;
        for (String line : lines) {
            if (line.length() > 4_000) {
                continue;
            }
            Matcher m = HISTORY_LINE.matcher(line);
            if (m.find()) {
                numbered++;
                String word = m.group(1).toLowerCase(Locale.ROOT);
                command |= SHELL_COMMANDS.contains(word) || word.startsWith("./");
            }
        }
        return numbered >= 2 && command;
    }
}
