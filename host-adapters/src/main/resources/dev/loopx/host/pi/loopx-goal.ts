// LoopX goal loop for the Pi coding agent: a thin adapter from Pi's extension API to the loop core in
// ./loopx-goal-loop-core.mjs (installed next to this file). All loop semantics live in the core; this
// file only maps Pi events and the /loopx-goal command onto it.
//
// Pi surface used (ExtensionAPI of @mariozechner/pi-coding-agent, type-checked against 0.73.1 in the
// LoopX build): pi.on("session_start" | "session_shutdown" | "input" | "agent_end"),
// pi.registerCommand, pi.sendUserMessage; ctx.cwd, ctx.sessionManager.getSessionId() /
// getSessionFile(), ctx.isIdle(), ctx.hasUI, ctx.ui.notify. The type import is erased when Pi loads
// this file, so nothing of the package is needed at run time.
//
// The loop runs `loopx quota should-run` through the CLI named by $LOOPX_BIN (default `loopx` on PATH).
// $LOOPX_GOAL_RETRY_SECONDS shortens the 3-minute retry after a failed probe or store error (tests).

import type { ExtensionAPI, ExtensionContext } from "@mariozechner/pi-coding-agent";
// @ts-ignore -- plain ESM module without type declarations, resolved next to this file at run time
import { createHostSession } from "./loopx-goal-loop-core.mjs";

type Level = "info" | "warning" | "error";

interface Notice {
  level: Level;
  code: string;
  message: string;
  hint?: string;
}

interface HostSession {
  loop: {
    onUserPrompt(text: string): Promise<unknown>;
    onAgentIdle(): void;
    onAgentAborted(): Promise<unknown>;
  };
  restore(): Promise<unknown>;
  command(args: string): Promise<{ ok: boolean; message: string }>;
  dispose(): void;
}

/** True when the run Pi just ended was aborted by the user (its last assistant message says so). */
function wasAborted(messages: readonly unknown[] | undefined): boolean {
  for (let i = (messages?.length ?? 0) - 1; i >= 0; i -= 1) {
    const message = messages![i] as { role?: string; stopReason?: string } | undefined;
    if (message?.role === "assistant") return message.stopReason === "aborted";
  }
  return false;
}

function retryMs(env: Record<string, string | undefined>): number | undefined {
  const seconds = Number(env.LOOPX_GOAL_RETRY_SECONDS);
  return Number.isInteger(seconds) && seconds > 0 ? seconds * 1000 : undefined;
}

export default function loopxGoal(pi: ExtensionAPI, env: Record<string, string | undefined> = process.env): void {
  let host: HostSession | undefined;
  let starting: Promise<HostSession> | undefined;

  function say(ctx: ExtensionContext, notice: Notice): void {
    const text = notice.hint ? `LoopX: ${notice.message} (next: ${notice.hint})` : `LoopX: ${notice.message}`;
    if (ctx.hasUI) ctx.ui.notify(text, notice.level);
  }

  async function open(ctx: ExtensionContext): Promise<HostSession> {
    host?.dispose();
    host = undefined;
    const retryDelayMs = retryMs(env);
    const session: HostSession = await createHostSession({
      projectDir: ctx.cwd,
      sessionId: ctx.sessionManager.getSessionId(),
      sessionFile: ctx.sessionManager.getSessionFile(),
      loopxBin: env.LOOPX_BIN || "loopx",
      storeName: "pi",
      ...(retryDelayMs ? { retryDelayMs } : {}),
      sendPrompt: (text: string) =>
        pi.sendUserMessage(text, ctx.isIdle() ? undefined : { deliverAs: "followUp" }),
      notify: (notice: Notice) => say(ctx, notice),
    });
    host = session;
    await session.restore();
    return session;
  }

  pi.on("session_start", async (_event, ctx) => {
    starting = open(ctx);
    await starting;
  });

  pi.on("session_shutdown", async () => {
    host?.dispose();
    host = undefined;
  });

  pi.on("input", async (event) => {
    // Our own injected prompt arrives with source "extension"; only what a person typed can pause.
    if (host && event.source !== "extension") await host.loop.onUserPrompt(event.text);
    return { action: "continue" as const };
  });

  // Pi 0.73 reports the end of a run with agent_end only. A run the user aborted (Escape) pauses the
  // loop like a typed prompt; any other end is idle.
  pi.on("agent_end", async (event) => {
    if (!host) return;
    if (wasAborted(event.messages)) await host.loop.onAgentAborted();
    else host.loop.onAgentIdle();
  });

  pi.registerCommand("loopx-goal", {
    description: "LoopX goal loop: start --goal-id G --agent-id A | pause | resume | stop | status",
    handler: async (args, ctx) => {
      const session = host ?? (await (starting ?? open(ctx)));
      const reply = await session.command(args);
      say(ctx, { level: reply.ok ? "info" : "warning", code: "loopx_goal", message: reply.message });
    },
  });
}
