package dev.loopx.cli.ledger;

import dev.loopx.application.ledger.MigrateLedger;
import dev.loopx.cli.render.LedgerMigrateAnswer;
import dev.loopx.cli.support.CliContext;
import dev.loopx.cli.support.CliError;
import dev.loopx.cli.support.ErrorCode;
import dev.loopx.cli.support.LoopxSubcommand;
import dev.loopx.cli.support.ProgressLine;
import dev.loopx.cli.support.TextOptions;
import dev.loopx.ledger.LedgerException;
import dev.loopx.ledger.remote.LedgerLocation;
import java.io.IOException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code loopx ledger migrate --to URL} ({@code loopx_ledger_migrate_v0}, ADR 0006). */
@Command(
        name = "migrate",
        description = {
            "Move this runtime root's ledger to a PostgreSQL server ledger that every machine can share.",
            "The whole chain is verified first (a broken chain moves nothing); the target ledger must be",
            "empty (else ledger_not_empty, nothing written); every event is copied with its hash kept bit",
            "for bit and the heads compared; only then does the runtime root use the server. The embedded",
            "journal stays in ledger/ as a backup. Credentials: PGUSER, ~/.pgpass (PGPASSFILE), PGPASSWORD,",
            "PGSSLMODE, service files; never in the URL.",
            "",
            "Example:  loopx ledger migrate --to postgresql://db.internal:5432/loopx?ledger=importer"
        })
public final class LedgerMigrateCommand extends LoopxSubcommand {
    @Option(
            converter = TextOptions.LedgerLocationConverter.class,
            names = "--to",
            required = true,
            paramLabel = "URL",
            description = "postgresql://HOST:PORT/DB?ledger=NAME (no user info).")
    String to;

    @Override
    protected int execute(CliContext context) throws IOException {
        MigrateLedger.Outcome outcome;
        try {
            outcome = MigrateLedger.run(
                    context.invocation(), new MigrateLedger.Request(to), phase -> ProgressLine.of(context, phase));
        } catch (LedgerException e) {
            if (e.errorCode().equals("ledger_not_empty")) {
                throw new CliError(
                        ErrorCode.LEDGER_NOT_EMPTY, e.getMessage(), "choose a new ledger name: " + retry(to));
            }
            throw e;
        }
        return context.emit(new LedgerMigrateAnswer(outcome));
    }

    /** The same migration into a new ledger name on the same server, pasteable (the URL quoted). */
    static String retry(String to) {
        try {
            LedgerLocation at = LedgerLocation.parse(to);
            String url = new LedgerLocation(at.scheme(), at.host(), at.port(), at.database(), "new-name", at.options())
                    .url();
            return "loopx ledger migrate --to '" + url.replace("ledger=new-name", "ledger=NEW_NAME") + "'";
        } catch (LedgerLocation.Invalid e) {
            return "loopx ledger migrate --to 'postgresql://HOST:PORT/DB?ledger=NEW_NAME'";
        }
    }
}
