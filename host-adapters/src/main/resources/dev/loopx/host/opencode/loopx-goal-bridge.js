// @ts-check
// LoopX goal bridge for OpenCode (opt-in plugin). Same loop as the Pi extension: it reuses the loop
// core ./loopx-goal-loop-core.mjs, installed next to this file. Nothing happens in a session until
// `/loopx-goal start --goal-id G --agent-id A` binds it; a binding survives restarts in
// `<runtime-root>/opencode/`.
//
// OpenCode surface used (the `Plugin`/`Hooks` types of @opencode-ai/plugin, type-checked against
// 1.18.33 in the LoopX build): `command.execute.before` for the /loopx-goal command facade,
// `chat.message` for prompts typed into a session, `event` for `session.idle`, `session.error`,
// `permission.replied` (a rejected permission) and `session.deleted`, `dispose` when OpenCode
// unloads the plugin; `client.session.prompt` to inject a turn and `client.tui.showToast` for notices.
// The module exports exactly one plugin function (OpenCode initialises every exported function).
// The loop runs `loopx quota should-run` through $LOOPX_BIN (default `loopx` on PATH).
// $LOOPX_GOAL_RETRY_SECONDS shortens the 3-minute retry after a failed probe (tests); $LOOPX_GOAL_LOG
// names a file the loop appends its log lines to.
//
// Matches the original OpenCode bridge: a session error or a rejected permission pauses the loop; a
// validated terminal goal stands by and re-checks at a slow cadence; one cross-process lease per
// session, so two OpenCode processes on one session never both inject a turn.

import { appendFile } from 'node:fs/promises';
import { createHostSession } from './loopx-goal-loop-core.mjs';

const COMMAND = 'loopx-goal';

/** @param {unknown} parts */
function textOf(parts) {
  return (Array.isArray(parts) ? parts : [])
    .filter((/** @type {any} */ part) => part && part.type === 'text' && typeof part.text === 'string')
    .map((/** @type {any} */ part) => String(part.text))
    .join('\n');
}

/**
 * $LOOPX_GOAL_LOG names a file: the loop's log lines (JSON, one a line) are appended to it.
 * @param {string | undefined} file
 */
function fileLog(file) {
  if (!file) return undefined;
  return (/** @type {string} */ level, /** @type {string} */ message, /** @type {object} */ fields = {}) =>
    void appendFile(file, `${JSON.stringify({ at: new Date().toISOString(), level, message, ...fields })}\n`, { mode: 0o600 })
      .catch(() => undefined);
}

/** @param {Record<string, string | undefined>} env */
function retryMs(env) {
  const seconds = Number(env.LOOPX_GOAL_RETRY_SECONDS);
  return Number.isInteger(seconds) && seconds > 0 ? seconds * 1000 : undefined;
}

/**
 * @param {import('@opencode-ai/plugin').PluginInput} input
 * @param {import('@opencode-ai/plugin').PluginOptions} [_options] the plugin's options from opencode.json (none are read)
 * @returns {Promise<import('@opencode-ai/plugin').Hooks>}
 */
export const LoopxGoalBridge = async ({ client, directory }, _options) => {
  const env = process.env;
  /** @type {Map<string, Promise<any>>} sessionID → Promise<host session> */
  const hosts = new Map();
  let disposed = false;
  const log = fileLog(env.LOOPX_GOAL_LOG);

  /** @param {{level: string, code: string, message: string, hint?: string}} notice */
  function notice(notice) {
    const message = notice.hint ? `LoopX: ${notice.message} (next: ${notice.hint})` : `LoopX: ${notice.message}`;
    const variant = notice.level === 'warning' ? 'warning' : notice.level === 'error' ? 'error' : 'info';
    void Promise.resolve(client?.tui?.showToast?.({ body: { message, variant } })).catch(() => undefined);
  }

  /** @param {string} sessionID */
  function hostFor(sessionID) {
    let pending = hosts.get(sessionID);
    if (!pending) {
      const retryDelayMs = retryMs(env);
      pending = createHostSession({
        projectDir: directory,
        sessionId: sessionID,
        sessionFile: true, // OpenCode keeps every session on disk
        loopxBin: env.LOOPX_BIN || 'loopx',
        storeName: 'opencode',
        lease: true,
        terminalRecheckMs: 60 * 60 * 1000,
        ...(retryDelayMs ? { retryDelayMs } : {}),
        sendPrompt: (/** @type {string} */ text) =>
          client.session.prompt({ path: { id: sessionID }, body: { parts: [{ type: 'text', text }] } }),
        notify: notice,
        ...(log ? { log } : {}),
      }).then(async (session) => {
        await session.restore();
        return session;
      });
      hosts.set(sessionID, pending);
    }
    return pending;
  }

  /**
   * The loop of a session already bound in this process, or undefined (events never create one).
   * @param {string} sessionID
   */
  function known(sessionID) {
    return hosts.get(sessionID);
  }

  return {
    'command.execute.before': async (input, output) => {
      if (disposed || input?.command !== COMMAND) return;
      const session = await hostFor(input.sessionID);
      const reply = await session.command(input.arguments ?? '');
      notice({ level: reply.ok ? 'info' : 'warning', code: COMMAND, message: reply.message });
      if (output && Array.isArray(output.parts)) {
        // The facade's prompt becomes a one-line report, so the model does not act on the command.
        const report = /** @type {any} */ ({ type: 'text', text: `LoopX goal bridge: ${reply.message}. Acknowledge in one line; do nothing else.` });
        output.parts.splice(0, output.parts.length, report);
      }
    },
    'chat.message': async (input, output) => {
      if (disposed || typeof input?.sessionID !== 'string') return;
      const session = await hostFor(input.sessionID);
      const text = textOf(output?.parts);
      if (text.includes('LoopX goal bridge:')) return; // the /loopx-goal facade itself
      await session.loop.onUserPrompt(text);
    },
    event: async ({ event }) => {
      if (disposed) return;
      const properties = /** @type {any} */ (event)?.properties ?? {};
      const sessionID = properties.sessionID ?? properties.info?.id;
      if (typeof sessionID !== 'string') return;
      const type = /** @type {string} */ (event.type);
      if (type === 'session.idle') {
        (await hostFor(sessionID)).loop.onAgentIdle();
      } else if (type === 'session.error' && known(sessionID)) {
        const name = typeof properties.error?.name === 'string' ? properties.error.name : '';
        await (await hostFor(sessionID)).loop.onSessionError(name);
      } else if (type === 'permission.replied' && known(sessionID)) {
        const response = properties.response ?? properties.reply;
        if (response === 'reject') await (await hostFor(sessionID)).loop.onPermissionRejected();
      } else if (type === 'session.deleted' && known(sessionID)) {
        const session = known(sessionID);
        hosts.delete(sessionID);
        await (await session).dispose();
      }
    },
    // OpenCode unloads the plugin (instance disposed, config reloaded, shutdown): every timer and
    // in-flight evaluation ends here; nothing commits, sends or acks afterwards.
    dispose: async () => {
      disposed = true;
      log?.('info', 'goal bridge disposed', { sessions: hosts.size });
      const pending = [...hosts.values()];
      hosts.clear();
      const released = [];
      for (const session of await Promise.allSettled(pending)) {
        if (session.status === 'fulfilled') released.push(session.value.dispose());
      }
      await Promise.allSettled(released);
    },
  };
};
