package dev.loopx.cli;

import dev.loopx.cli.support.CliContext;
import dev.loopx.cli.support.ExitCodes;
import dev.loopx.cli.support.LoopxSubcommand;
import dev.loopx.cli.support.TextOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code loopx completion bash|zsh|fish|man}: the shell completion script (or the man page) made
 * from the same picocli model every {@code --help} page comes from ({@link ShellFiles}). Prints the
 * script itself (not a JSON document): it is meant to be sourced or saved. The distribution ships
 * the same files under {@code share/}.
 */
@Command(
        name = "completion",
        description = {
            "Print the shell completion script for bash, zsh or fish (or the man page, with man), made from",
            "the same command model as the help pages. The distribution also ships them under share/."
        },
        footer = {
            "",
            "Examples:",
            "  source <(loopx completion bash)                                  bash, this shell only",
            "  loopx completion zsh > \"${fpath[1]}/_loopx\"                        zsh, every new shell",
            "  loopx completion fish > ~/.config/fish/completions/loopx.fish    fish",
            "  loopx completion man > loopx.1 && man ./loopx.1                  the man page"
        })
public final class CompletionCommand extends LoopxSubcommand {
    @Parameters(
            index = "0",
            paramLabel = "bash|zsh|fish|man",
            description = "The shell to complete in, or man for the man page.")
    String shell;

    @Override
    protected int execute(CliContext context) {
        String kind = TextOptions.oneOf("SHELL", shell, "bash", "zsh", "fish", "man");
        context.out().print(ShellFiles.of(kind, context.environment()));
        context.out().flush();
        return ExitCodes.OK;
    }
}
