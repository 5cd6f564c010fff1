package dev.loopx.cli.ops;

import dev.loopx.cli.render.VersionAnswer;
import dev.loopx.cli.support.CliContext;
import dev.loopx.cli.support.LoopxSubcommand;
import dev.loopx.cli.support.QuickCommand;
import dev.loopx.cli.support.VersionInfo;
import picocli.CommandLine.Command;

@Command(name = "version", description = "Print the LoopX version and the Java runtime it runs on.")
public final class VersionCommand extends LoopxSubcommand implements QuickCommand {
    @Override
    protected int execute(CliContext context) {
        return context.emit(VersionAnswer.of(VersionInfo.version()));
    }
}
