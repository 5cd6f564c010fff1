package dev.loopx.cli.render;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loopx.commands.privacy.PathRedactor;
import java.io.PrintWriter;
import java.io.StringWriter;

/**
 * The one place an answer becomes text for a person (SPEC §S0: text on a terminal): an exhaustive
 * switch over {@link RenderedAnswer} with no default, so a new answer does not compile until it has
 * a view. What it prints is path-redacted as a whole (SPEC §S14), as the JSON is field by field.
 * Pure: writes only to the writer given.
 */
public final class TextView {
    private TextView() {}

    /** The answer's text view, redacted, as {@code demo} and a command print it. */
    public static String text(RenderedAnswer answer) {
        StringWriter text = new StringWriter();
        PrintWriter out = new PrintWriter(text);
        switch (answer) {
            case QuotaDecisionAnswer a -> a.text(out);
            case DemoAnswer a -> a.text(out);
            case RewardAnswer a -> a.text(out);
            case StatusAnswer a -> a.text(out);
            case EvidenceLogAnswer a -> a.text(out);
            case QuotaPlanAnswer a -> a.text(out);
            case GlobalSummaryAnswer a -> a.text(out);
            case GlobalGatesAnswer a -> a.text(out);
            case GlobalTodosAnswer a -> a.text(out);
            case GlobalRisksAnswer a -> a.text(out);
            case ProjectsListAnswer a -> a.text(out);
            case ProjectsForgetAnswer a -> a.text(out);
            case DoctorAnswer a -> a.text(out);
            case VersionAnswer a -> a.text(out);
            case LedgerVerifyAnswer a -> a.text(out);
            case LedgerExportAnswer a -> a.text(out);
            case LedgerImportAnswer a -> a.text(out);
            case LedgerRepairAnswer a -> a.text(out);
            case LedgerMigrateAnswer a -> a.text(out);
            case ProjectionsRebuildAnswer a -> a.text(out);
            case ProjectionDumpAnswer a -> a.text(out);
            case InstallAnswer a -> a.text(out);
            case AgentThreadBindingAnswer a -> a.text(out);
            case AgentThreadResolutionAnswer a -> a.text(out);
            case DebugTrainReadsAnswer a -> a.text(out);
            case DebugTrainWritesAnswer a -> a.text(out);
            case DebugAnswerAnswer a -> a.text(out);
            case DebugHoldLedgerAnswer a -> a.text(out);
            case DebugAppendLoadAnswer a -> a.text(out);
            case OperatorGateAnswer a -> a.text(out);
            case GoalLifecycleAnswer a -> a.text(out);
            case TodoReclaimAnswer a -> a.text(out);
            case ConfigureGoalAnswer a -> a.text(out);
            case SchedulerWriteAnswer a -> a.text(out);
            case ReviewPacketAnswer a -> a.text(out);
            case ConnectAnswer a -> a.text(out);
            case RegisterAgentAnswer a -> a.text(out);
            case RefreshStateAnswer a -> a.text(out);
            case QuotaSpendAnswer a -> a.text(out);
            case QuotaVoidAnswer a -> a.text(out);
            case QuotaStatusAnswer a -> a.text(out);
            case TodoListAnswer a -> a.text(out);
            case TodoWriteAnswer a -> a.text(out);
            case TodoCheckpointAnswer a -> a.text(out);
            case TodoDeclareEmptyAnswer a -> a.text(out);
            case TodoArchiveAnswer a -> a.text(out);
            case TaskLeaseAnswer a -> a.text(out);
            case MonitorPollAnswer a -> a.text(out);
            case CommandPackAnswer a -> a.text(out);
            case StartGoalPlanAnswer a -> a.text(out);
            case HostHandoffAnswer a -> a.text(out);
            case CodexAppInstallPlanAnswer a -> a.text(out);
            case SlashCatalogAnswer a -> a.text(out);
            case SlashInstallAnswer a -> a.text(out);
            case ThinPromptAnswer a -> a.text(out);
            case HeartbeatBootstrapAnswer a -> a.text(out);
            case HeartbeatRefusalAnswer a -> a.text(out);
            case PromptPlanAnswer a -> a.text(out);
            case PromptApplyAnswer a -> a.text(out);
            case PromptRecoverAnswer a -> a.text(out);
            case SyncInstalledAnswer a -> a.text(out);
            case PromptUpgradeRefusalAnswer a -> a.text(out);
            case UpdateApplyAnswer a -> a.text(out);
            case DashboardAnswer a -> a.text(out);
        }
        out.flush();
        return PathRedactor.redact(text.toString());
    }

    /** Writes {@link #text}; with {@code verbose} every fact of the JSON document follows under {@code details:}. */
    public static void show(RenderedAnswer answer, PrintWriter out, boolean verbose) {
        out.print(text(answer));
        if (verbose) {
            out.println("details:");
            Outline.render(PathRedactor.redact(answer.json()), out, 1);
        }
    }

    /** The JSON document as stdout carries it: path-redacted. */
    public static JsonNode json(RenderedAnswer answer) {
        return PathRedactor.redact(answer.json());
    }
}
