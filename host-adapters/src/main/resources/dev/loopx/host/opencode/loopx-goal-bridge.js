// LoopX goal bridge for OpenCode (opt-in plugin). Same loop as the Pi extension: it reuses the loop
// core ./loopx-goal-loop-core.mjs, installed next to this file. Nothing happens in a session until
// `/loopx-goal start --goal-id G --agent-id A` binds it; a binding survives restarts in
// `<runtime-root>/opencode/`.
//
// OpenCode surface used (plugin hooks): `command.execute.before` for the /loopx-goal command facade,
// `chat.message` for prompts typed into a session, `event` for `session.idle` / `session.deleted`;
// `client.session.prompt` to inject a turn and `client.tui.showToast` (when present) for notices.
// The module exports exactly one plugin function (OpenCode initialises every exported function).
// The loop runs `loopx quota should-run` through $LOOPX_BIN (default `loopx` on PATH).

import { createHostSession } from './loopx-goal-loop-core.mjs';

const COMMAND = 'loopx-goal';

function textOf(parts) {
  return (Array.isArray(parts) ? parts : [])
    .filter((part) => part && part.type === 'text' && typeof part.text === 'string')
    .map((part) => part.text)
    .join('\n');
}

export const LoopxGoalBridge = async ({ client, directory }, env = process.env) => {
  const hosts = new Map(); // sessionID → Promise<host session>

  function notice(notice) {
    const message = notice.hint ? `LoopX: ${notice.message} (next: ${notice.hint})` : `LoopX: ${notice.message}`;
    const variant = notice.level === 'warning' ? 'warning' : notice.level === 'error' ? 'error' : 'info';
    void Promise.resolve(client?.tui?.showToast?.({ body: { message, variant } })).catch(() => undefined);
  }

  function hostFor(sessionID) {
    let pending = hosts.get(sessionID);
    if (!pending) {
      pending = createHostSession({
        projectDir: directory,
        sessionId: sessionID,
        sessionFile: true, // OpenCode keeps every session on disk
        loopxBin: env.LOOPX_BIN || 'loopx',
        storeName: 'opencode',
        sendPrompt: (text) =>
          client.session.prompt({ path: { id: sessionID }, body: { parts: [{ type: 'text', text }] } }),
        notify: notice,
      }).then(async (session) => {
        await session.restore();
        return session;
      });
      hosts.set(sessionID, pending);
    }
    return pending;
  }

  return {
    'command.execute.before': async (input, output) => {
      if (input?.command !== COMMAND) return;
      const session = await hostFor(input.sessionID);
      const reply = await session.command(input.arguments ?? '');
      notice({ level: reply.ok ? 'info' : 'warning', code: COMMAND, message: reply.message });
      if (output && Array.isArray(output.parts)) {
        // The facade's prompt becomes a one-line report, so the model does not act on the command.
        output.parts.splice(0, output.parts.length,
          { type: 'text', text: `LoopX goal bridge: ${reply.message}. Acknowledge in one line; do nothing else.` });
      }
    },
    'chat.message': async (input, output) => {
      if (typeof input?.sessionID !== 'string') return;
      const session = await hostFor(input.sessionID);
      const text = textOf(output?.parts);
      if (text.includes('LoopX goal bridge:')) return; // the /loopx-goal facade itself
      await session.loop.onUserPrompt(text);
    },
    event: async ({ event }) => {
      const sessionID = event?.properties?.sessionID ?? event?.properties?.info?.id;
      if (typeof sessionID !== 'string') return;
      if (event.type === 'session.idle') {
        const session = await hostFor(sessionID);
        session.loop.onAgentIdle();
      } else if (event.type === 'session.deleted' && hosts.has(sessionID)) {
        (await hostFor(sessionID)).dispose();
        hosts.delete(sessionID);
      }
    },
  };
};
