package dev.loopx.cli.render;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * A command's answer as the CLI hands it out (issue 34): a record built from the use case's result
 * record, with its JSON document for a program ({@link #json}, written by hand so the heartbeat
 * path never starts Jackson's {@code ObjectMapper}, docs/adr/0003-start-up.md) and its text for a
 * person rendered from the record, never from the JSON ({@link TextView#show}, an exhaustive switch
 * over this list). One file per answer in this package.
 *
 */
public sealed interface RenderedAnswer
        permits QuotaDecisionAnswer,
                DashboardAnswer,
                DemoAnswer,
                RewardAnswer,
                StatusAnswer,
                EvidenceLogAnswer,
                QuotaPlanAnswer,
                GlobalSummaryAnswer,
                GlobalGatesAnswer,
                GlobalTodosAnswer,
                GlobalRisksAnswer,
                ProjectsListAnswer,
                ProjectsForgetAnswer,
                DoctorAnswer,
                VersionAnswer,
                LedgerVerifyAnswer,
                LedgerExportAnswer,
                LedgerImportAnswer,
                LedgerRepairAnswer,
                LedgerMigrateAnswer,
                ProjectionsRebuildAnswer,
                ProjectionDumpAnswer,
                InstallAnswer,
                AgentThreadBindingAnswer,
                AgentThreadResolutionAnswer,
                DebugTrainReadsAnswer,
                DebugTrainWritesAnswer,
                DebugAnswerAnswer,
                DebugHoldLedgerAnswer,
                DebugAppendLoadAnswer,
                OperatorGateAnswer,
                GoalLifecycleAnswer,
                ConfigureGoalAnswer,
                SchedulerWriteAnswer,
                ReviewPacketAnswer,
                ConnectAnswer,
                RegisterAgentAnswer,
                RefreshStateAnswer,
                QuotaSpendAnswer,
                QuotaVoidAnswer,
                QuotaStatusAnswer,
                TodoListAnswer,
                TodoWriteAnswer,
                TodoReclaimAnswer,
                TodoCheckpointAnswer,
                TodoDeclareEmptyAnswer,
                TodoArchiveAnswer,
                TaskLeaseAnswer,
                MonitorPollAnswer,
                CommandPackAnswer,
                StartGoalPlanAnswer,
                HostHandoffAnswer,
                CodexAppInstallPlanAnswer,
                SlashCatalogAnswer,
                SlashInstallAnswer,
                ThinPromptAnswer,
                HeartbeatBootstrapAnswer,
                HeartbeatRefusalAnswer,
                PromptPlanAnswer,
                PromptApplyAnswer,
                PromptRecoverAnswer,
                SyncInstalledAnswer,
                PromptUpgradeRefusalAnswer,
                UpdateApplyAnswer {
    /**
     * Whether the command succeeded (exit 0) or refused (exit 1); the document's {@code ok}. An
     * answer is a success unless it is one that can refuse and says so (every emitted JSON document
     * is checked against it under assertions, which the tests run with).
     */
    default boolean ok() {
        return true;
    }

    /** The JSON document ({@code schema_version}, {@code ok}, …), before path redaction. */
    ObjectNode json();
}
