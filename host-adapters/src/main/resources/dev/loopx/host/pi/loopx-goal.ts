// LoopX goal loop for the Pi coding agent: a thin adapter from Pi's extension API to the loop core in
// ./loopx-goal-loop-core.mjs (installed next to this file). All loop semantics live in the core; this
// file only maps Pi events and the /loopx-goal command onto it.
//
// Pi surface used (the documented ExtensionAPI of the Pi coding agent): pi.on("session_start" |
// "session_shutdown" | "input" | "agent_end" | "agent_settled"), pi.registerCommand, pi.sendUserMessage;
// ctx.cwd, ctx.sessionManager.getSessionId() / getSessionFile(), ctx.isIdle(), ctx.hasUI, ctx.ui.notify.
// The types below declare only that surface, so this file needs no Pi package at type-check time.
//
// The loop runs `loopx quota should-run` through the CLI named by $LOOPX_BIN (default `loopx` on PATH).

// @ts-ignore -- plain ESM module without type declarations, resolved next to this file at run time
import { createHostSession } from "./loopx-goal-loop-core.mjs";

type Level = "info" | "warning" | "error";

interface PiUi {
  notify(message: string, level?: Level): void;
}

interface PiContext {
  cwd: string;
  hasUI?: boolean;
  ui?: PiUi;
  isIdle?: () => boolean;
  sessionManager?: { getSessionId?: () => string | undefined; getSessionFile?: () => string | undefined };
}

interface PiInputEvent {
  text: string;
  source?: "interactive" | "rpc" | "extension";
}

export interface PiExtensionApi {
  on(event: string, handler: (event: any, ctx: PiContext) => unknown): void;
  registerCommand(name: string, options: { description?: string; handler: (args: string, ctx: PiContext) => unknown }): void;
  sendUserMessage(content: string, options?: { deliverAs?: "steer" | "followUp" }): void;
}

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
  };
  restore(): Promise<unknown>;
  command(args: string): Promise<{ ok: boolean; message: string }>;
  dispose(): void;
}

export default function loopxGoal(pi: PiExtensionApi, env: Record<string, string | undefined> = process.env): void {
  let host: HostSession | undefined;
  let starting: Promise<HostSession> | undefined;

  function say(ctx: PiContext, notice: Notice): void {
    const text = notice.hint ? `LoopX: ${notice.message} (next: ${notice.hint})` : `LoopX: ${notice.message}`;
    if (ctx.hasUI && ctx.ui) ctx.ui.notify(text, notice.level);
  }

  async function open(ctx: PiContext): Promise<HostSession> {
    host?.dispose();
    host = undefined;
    const session: HostSession = await createHostSession({
      projectDir: ctx.cwd,
      sessionId: ctx.sessionManager?.getSessionId?.(),
      sessionFile: ctx.sessionManager?.getSessionFile?.(),
      loopxBin: env.LOOPX_BIN || "loopx",
      storeName: "pi",
      sendPrompt: (text: string) =>
        pi.sendUserMessage(text, ctx.isIdle && !ctx.isIdle() ? { deliverAs: "followUp" } : undefined),
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

  pi.on("input", async (event: PiInputEvent) => {
    // Our own injected prompt arrives with source "extension"; only what a person typed can pause.
    if (host && event.source !== "extension") await host.loop.onUserPrompt(event.text);
    return { action: "continue" };
  });

  const idle = async () => host?.loop.onAgentIdle();
  pi.on("agent_settled", idle);
  pi.on("agent_end", idle);

  pi.registerCommand("loopx-goal", {
    description: "LoopX goal loop: start --goal-id G --agent-id A | pause | resume | stop | status",
    handler: async (args, ctx) => {
      const session = host ?? (await (starting ?? open(ctx)));
      const reply = await session.command(args);
      say(ctx, { level: reply.ok ? "info" : "warning", code: "loopx_goal", message: reply.message });
      return reply;
    },
  });
}
