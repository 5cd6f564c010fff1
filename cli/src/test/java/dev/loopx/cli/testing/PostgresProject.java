package dev.loopx.cli.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.loopx.ledger.postgres.PostgresServer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.UUID;

/**
 * A project connected through the CLI (`loopx connect`, in this JVM) to a new, empty ledger on a
 * test server, with the server's credentials in the runner's environment.
 *
 * @param cli the runner that connected it (its environment has the server's credentials)
 * @param ledger the ledger's name on the server
 * @param root the project's runtime root
 */
public record PostgresProject(CliRunner cli, String ledger, Path root) {
    /** @param prefix the start of the new ledger's name (tells the tests' ledgers apart on a shared server) */
    public static PostgresProject connect(Path sandbox, PostgresServer server, String prefix) throws IOException {
        String ledger = prefix + UUID.randomUUID().toString().replace("-", "").substring(0, 10);
        CliRunner cli = new CliRunner(sandbox);
        server.environment().forEach(cli::withVariable);
        Path project = Files.createDirectories(cli.workingDirectory().resolve("p"));
        assertEquals(
                0,
                cli.run("connect", "--project", project.toString(), "--goal-id", "g", "--ledger", server.url(ledger))
                        .exit());
        return new PostgresProject(cli, ledger, project.resolve(".loopx"));
    }
}
