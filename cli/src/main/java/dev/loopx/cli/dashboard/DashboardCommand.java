package dev.loopx.cli.dashboard;

import dev.loopx.cli.render.DashboardAnswer;
import dev.loopx.cli.support.CliContext;
import dev.loopx.cli.support.CliError;
import dev.loopx.cli.support.ErrorCode;
import dev.loopx.cli.support.ExitCodes;
import dev.loopx.cli.support.LoopxSubcommand;
import java.io.IOException;
import java.net.BindException;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code loopx dashboard}: serves the read-only dashboard on 127.0.0.1 until Ctrl-C
 * (docs/dashboard.md). Prints the URL with the per-start token once; in JSON mode as one
 * {@code loopx_dashboard_v0} line. Never writes to a ledger.
 */
@Command(
        name = "dashboard",
        description = {
            "A live, read-only web page over every project in projects.json: goals, lifecycle, quota,",
            "each lane's should-run answer, open gates and whom they block, risks; per goal its todos,",
            "gates, rewards, evidence, spends, scheduler state and ledger timeline. It refreshes within",
            "2 s when a ledger moves and writes nothing: owner actions are shown as CLI commands to copy.",
            "Serves on 127.0.0.1 only; the printed URL carries a random token that every request needs."
        },
        footer = {"", "Example:  loopx dashboard --port 8787 --open", "Stop it with Ctrl-C. Details: docs/dashboard.md"
        })
public final class DashboardCommand extends LoopxSubcommand {
    /** The only addresses --bind accepts: the dashboard is never reachable from another machine. */
    static final Set<String> LOOPBACK = Set.of("127.0.0.1", "localhost");

    @Option(names = "--port", paramLabel = "N", description = "Port on 127.0.0.1 (default 0: a free port, printed).")
    int port = 0;

    @Option(
            names = "--bind",
            paramLabel = "ADDR",
            description = "Address to serve on; only 127.0.0.1 (or localhost) is accepted.")
    String bind = "127.0.0.1";

    @Option(names = "--open", description = "Open the URL in the desktop's browser (xdg-open or open).")
    boolean open;

    @Override
    protected int execute(CliContext context) throws InterruptedException {
        if (!LOOPBACK.contains(bind)) {
            throw new CliError(
                    ErrorCode.BIND_ADDRESS_REFUSED,
                    "the dashboard serves on 127.0.0.1 only; --bind " + printable(bind) + " is refused",
                    "loopx dashboard --port N   (then tunnel it, e.g. ssh -L N:127.0.0.1:N)");
        }
        if (port < 0 || port > 65535) {
            throw CliError.badInput(ErrorCode.INVALID_VALUE, "--port must be 0..65535");
        }
        DashboardServer server;
        try {
            server = DashboardServer.start(context, port);
        } catch (BindException e) {
            throw new CliError(
                    ErrorCode.DASHBOARD_PORT_UNAVAILABLE,
                    "port " + port + " on 127.0.0.1 is in use or not allowed",
                    "loopx dashboard --port 0   (any free port)");
        } catch (IOException e) {
            throw new CliError(
                    ErrorCode.DASHBOARD_PORT_UNAVAILABLE,
                    "the dashboard could not start: " + e.getMessage(),
                    "loopx doctor");
        }
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime()
                .addShutdownHook(new Thread(
                        () -> {
                            server.close();
                            stopped.countDown();
                        },
                        "loopx-dashboard-stop"));
        context.emit(new DashboardAnswer(server.url(), server.port()));
        if (open) {
            openInBrowser(context, server.url());
        }
        stopped.await();
        return ExitCodes.OK;
    }

    /**
     * Starts the desktop's opener ({@code open} on macOS, else {@code xdg-open}) on the URL and
     * watches it from a daemon thread: when it cannot start or exits with a failure, one notice on
     * stderr says so (the server keeps serving; the URL is printed above).
     */
    private static void openInBrowser(CliContext context, String url) {
        String opener =
                System.getProperty("os.name", "").toLowerCase(Locale.ROOT).contains("mac") ? "open" : "xdg-open";
        Process process;
        try {
            process = new ProcessBuilder(opener, url)
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .start();
        } catch (IOException e) {
            openerFailed(context, opener + " could not be started");
            return;
        }
        Thread watch = new Thread(
                () -> {
                    try {
                        if (process.waitFor(60, TimeUnit.SECONDS) && process.exitValue() != 0) {
                            openerFailed(context, opener + " exited " + process.exitValue());
                        }
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                },
                "loopx-dashboard-open");
        watch.setDaemon(true);
        watch.start();
    }

    private static void openerFailed(CliContext context, String why) {
        synchronized (context.err()) {
            context.err().println("loopx: --open: " + why + "; open the URL above in your browser yourself");
            context.err().flush();
        }
    }

    private static String printable(String value) {
        return value.length() > 64 || !value.matches("[A-Za-z0-9.:\\[\\]-]*") ? "(that value)" : value;
    }
}
