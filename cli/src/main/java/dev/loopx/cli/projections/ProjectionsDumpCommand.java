package dev.loopx.cli.projections;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.application.ledger.DumpProjections;
import dev.loopx.cli.render.ProjectionDumpAnswer;
import dev.loopx.cli.support.CliContext;
import dev.loopx.cli.support.ExitCodes;
import dev.loopx.cli.support.LoopxSubcommand;
import dev.loopx.commands.privacy.PathRedactor;
import dev.loopx.ledger.json.CanonicalJson;
import dev.loopx.ledger.json.Json;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(
        name = "dump",
        description = {
            "Print every read model and the checkpoint as one JSON document. With --canonical the",
            "bytes are canonical (sorted keys, one number form): an incrementally maintained store and a",
            "full rebuild of the same ledger print identical bytes."
        })
public final class ProjectionsDumpCommand extends LoopxSubcommand {
    @Option(names = "--canonical", description = "Canonical bytes (sorted keys, no white space).")
    boolean canonical;

    @Override
    protected int execute(CliContext context) throws Exception {
        ObjectNode dump = (ObjectNode) Json.mapper().readTree(DumpProjections.run(context.invocation()));
        dump.put("ok", true);
        if (canonical) {
            context.out().println(CanonicalJson.string(PathRedactor.redact(dump)));
            context.out().flush();
            return ExitCodes.OK;
        }
        return context.emit(answer(dump));
    }

    /** The dump (the store's JSON text, parsed) with the facts its text shows: checkpoint, schema, views. */
    private static ProjectionDumpAnswer answer(ObjectNode dump) {
        List<ProjectionDumpAnswer.View> views = new ArrayList<>();
        dump.path("views")
                .fields()
                .forEachRemaining(v -> views.add(
                        new ProjectionDumpAnswer.View(v.getKey(), v.getValue().size())));
        JsonNode checkpoint = dump.path("checkpoint");
        return new ProjectionDumpAnswer(
                dump,
                checkpoint.path("seq").asLong(),
                dump.path("projection_schema_version").asInt(),
                views);
    }
}
