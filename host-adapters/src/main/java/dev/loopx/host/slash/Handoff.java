package dev.loopx.host.slash;

import java.util.List;
import java.util.Objects;

/**
 * What {@link HostCommandHandoff} made of a chat message (the CLI renders it as
 * {@code codex_app_host_command_handoff_v0}): a matched command with the one CLI call the host
 * makes next, an unknown command in LoopX's namespace (fail closed, with the catalog as help), or
 * ordinary chat. The packet grants nothing and is never an owner gate approval.
 */
public sealed interface Handoff {
    /** Where the message came from. */
    HostCommandHandoff.Context context();

    /**
     * A known command. Only the explicit goal start ({@link SlashCommand#takesText}) may lead to
     * project-local writes, through {@code start-goal --guided}.
     *
     * @param fallbackArgs the CLI call, binary first
     * @param fallbackLine the same call as one POSIX shell line
     * @param nextStepKind {@code run_read_only_command_pack}, {@code preview_guided_goal_start} or {@code show_global_digest}
     * @param instruction what the host does with the call
     */
    record Matched(
            ParsedMessage.Matched message,
            HostCommandHandoff.Context context,
            List<String> fallbackArgs,
            String fallbackLine,
            String nextStepKind,
            String instruction)
            implements Handoff {
        public Matched {
            Objects.requireNonNull(message, "message");
            Objects.requireNonNull(context, "context");
            fallbackArgs = List.copyOf(fallbackArgs);
            Objects.requireNonNull(fallbackLine, "fallbackLine");
            Objects.requireNonNull(nextStepKind, "nextStepKind");
            Objects.requireNonNull(instruction, "instruction");
        }

        public SlashCommand entry() {
            return message.entry();
        }

        /** True for the explicit goal start, the only command that may lead to project-local writes. */
        public boolean goalStart() {
            return message.entry().takesText();
        }
    }

    /**
     * A token in LoopX's namespace that is no command: nothing was run.
     *
     * @param command the typed token when it is safe to echo (a short slash word), else {@code null}
     * @param message why nothing was run, for people
     * @param help the catalog the host shows instead
     */
    record Unknown(String command, String message, HostCommandHandoff.Context context, Catalog help)
            implements Handoff {
        public Unknown {
            Objects.requireNonNull(message, "message");
            Objects.requireNonNull(context, "context");
            Objects.requireNonNull(help, "help");
        }
    }

    /** Ordinary chat: LoopX does nothing. */
    record NotACommand(HostCommandHandoff.Context context) implements Handoff {
        public NotACommand {
            Objects.requireNonNull(context, "context");
        }
    }
}
