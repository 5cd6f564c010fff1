package dev.loopx.cli.ops;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.cli.support.CliContext;
import dev.loopx.cli.support.LoopxSubcommand;
import dev.loopx.cli.support.QuickCommand;
import dev.loopx.cli.support.VersionInfo;
import picocli.CommandLine.Command;

@Command(name = "version", description = "Print the LoopX version and the Java runtime it runs on.")
public final class VersionCommand extends LoopxSubcommand implements QuickCommand {
    @Override
    protected int execute(CliContext context) {
        ObjectNode doc = CliContext.document("loopx_version_v0", true);
        doc.put("version", VersionInfo.version());
        doc.put("java_version", Runtime.version().toString());
        doc.put("java_feature", Runtime.version().feature());
        doc.put("ledger_format", "chronicle_queue_json_lines_v1");
        return context.emit(doc);
    }
}
