// The host adapters: the Pi extension (TypeScript, transpiled here with the pinned `typescript`) and the
// OpenCode goal bridge, each laid out next to a copy of the loop core exactly as the installer places
// them, driven through a fake host API. The loop itself is the real core; the CLI is a stand-in
// executable (the real CLI is exercised by pi-goal-loop-cli.integration.test.mjs).
import { test, describe, before } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import ts from 'typescript';
import {
  runtimePath, piAdapterPath, openCodeBridgePath, tempDir, waitFor, heartbeatBody,
} from './support.mjs';

const supportUrl = new URL('./support.mjs', import.meta.url).href;
let standInBin;
let callLog;

before(async () => {
  const dir = await tempDir('loopx-bin-');
  standInBin = path.join(dir, 'loopx');
  callLog = path.join(dir, 'calls.log');
  // A stand-in loopx: should-run says "run now", heartbeat-prompt gives the thin body, acks succeed.
  await fs.writeFile(standInBin, `#!/usr/bin/env node
import { appendFileSync } from 'node:fs';
import { decision, heartbeatBody } from ${JSON.stringify(supportUrl)};
const args = process.argv.slice(2);
appendFileSync(${JSON.stringify(callLog)}, args.join(' ') + '\\n');
const g = args[args.indexOf('--goal-id') + 1], a = args[args.indexOf('--agent-id') + 1];
const out = args[1] === 'should-run' ? decision({ goalId: g, agentId: a, shouldRun: true, ackNeeded: true })
  : args[0] === 'heartbeat-prompt' ? heartbeatBody(g, a)
  : { schema_version: 'loopx_scheduler_ack_v0', ok: true };
process.stdout.write(JSON.stringify(out) + '\\n');
`, { mode: 0o755 });
});

async function connectedProject() {
  const project = await tempDir('loopx-project-');
  await fs.mkdir(path.join(project, '.loopx', 'ledger'), { recursive: true, mode: 0o700 });
  return project;
}

async function mode(p) {
  return (await fs.stat(p)).mode & 0o777;
}

async function onlyBinding(dir) {
  const files = (await fs.readdir(dir)).filter((f) => f.endsWith('.json'));
  assert.equal(files.length, 1, `one binding file in ${dir}: ${files}`);
  return { file: path.join(dir, files[0]), value: JSON.parse(await fs.readFile(path.join(dir, files[0]), 'utf8')) };
}

describe('Pi extension loopx-goal.ts', () => {
  let loadExtension;

  before(async () => {
    const source = await fs.readFile(piAdapterPath, 'utf8');
    const out = ts.transpileModule(source, {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
      reportDiagnostics: true,
      fileName: 'loopx-goal.ts',
    });
    assert.deepEqual(out.diagnostics ?? [], [], 'the adapter transpiles without diagnostics');
    const installed = await tempDir('loopx-pi-ext-');
    await fs.writeFile(path.join(installed, 'loopx-goal.mjs'), out.outputText);
    await fs.copyFile(runtimePath, path.join(installed, 'loopx-goal-loop-core.mjs'));
    loadExtension = async () => (await import(path.join(installed, 'loopx-goal.mjs'))).default;
  });

  function fakePi() {
    const handlers = new Map();
    const commands = new Map();
    const sent = [];
    return {
      handlers, commands, sent,
      api: {
        on: (event, handler) => handlers.set(event, [...(handlers.get(event) ?? []), handler]),
        registerCommand: (name, options) => commands.set(name, options),
        sendUserMessage: (content, options) => sent.push({ content, options }),
      },
      async emit(event, payload, ctx) {
        let result;
        for (const handler of handlers.get(event) ?? []) result = await handler(payload, ctx);
        return result;
      },
    };
  }

  function ctxFor(project, notices, sessionFile = '/sessions/one.jsonl') {
    return {
      cwd: project,
      hasUI: true,
      ui: { notify: (message, level) => notices.push({ message, level }) },
      isIdle: () => true,
      sessionManager: { getSessionId: () => 'sess-1', getSessionFile: () => sessionFile ?? undefined },
    };
  }

  test('registersTheLoopEventsAndTheLoopxGoalCommand', async () => {
    const pi = fakePi();
    (await loadExtension())(pi.api, {});
    assert.deepEqual([...pi.handlers.keys()].sort(), ['agent_end', 'input', 'session_shutdown', 'session_start']);
    assert.deepEqual([...pi.commands.keys()], ['loopx-goal']);
    assert.match(pi.commands.get('loopx-goal').description, /start --goal-id G --agent-id A/);
  });

  test('startBindsTheSessionInDotLoopxPi_andTheCoreInjectsTheHeartbeatBody', async () => {
    const project = await connectedProject();
    const pi = fakePi();
    const notices = [];
    const ctx = ctxFor(project, notices);
    (await loadExtension())(pi.api, { LOOPX_BIN: standInBin });
    await pi.emit('session_start', { reason: 'startup' }, ctx);
    const reply = await pi.commands.get('loopx-goal').handler('start --goal-id g1 --agent-id a1', ctx);
    assert.equal(reply, undefined, 'a Pi command handler resolves to void');
    assert.ok(notices.some((n) => /bound to goal g1 as agent a1/.test(n.message)));
    await waitFor(() => pi.sent.length === 1, 'the injected turn');
    assert.equal(pi.sent[0].content, heartbeatBody().task_body);
    const dir = path.join(project, '.loopx', 'pi');
    assert.equal(await mode(dir), 0o700);
    await waitFor(async () => (await onlyBinding(dir)).value.turns_injected === 1, 'the committed turn');
    const { file, value } = await onlyBinding(dir);
    assert.equal(await mode(file), 0o600);
    assert.deepEqual([value.goal_id, value.agent_id, value.state], ['g1', 'a1', 'active']);

    // The injected prompt echoing back (source "extension") never pauses; a typed prompt does.
    assert.deepEqual(await pi.emit('input', { text: pi.sent[0].content, source: 'extension' }, ctx), { action: 'continue' });
    assert.equal((await onlyBinding(dir)).value.state, 'active');
    await pi.emit('input', { text: 'stop, look at the failing test instead', source: 'interactive' }, ctx);
    assert.deepEqual([(await onlyBinding(dir)).value.state, (await onlyBinding(dir)).value.state_reason], ['paused', 'user_prompt']);
    assert.ok(notices.some((n) => /auto-resume is paused/.test(n.message)));

    const calls = async () => (await fs.readFile(callLog, 'utf8')).trim().split('\n');
    assert.ok((await calls()).some((line) => line.startsWith('quota should-run --goal-id g1 --agent-id a1 --runtime-profile generic_cli')));
    // Pi never acks the Codex App's stateful backoff, even when the answer says ack_needed.
    assert.ok(!(await calls()).some((line) => line.startsWith('quota scheduler-ack')), 'no scheduler ack from Pi');
    await pi.emit('session_shutdown', { reason: 'quit' }, ctx);
  });

  test('aMissingCliIsReportedAsABlockerWithTheDoctorHint_andNoTurnRuns', async () => {
    const project = await connectedProject();
    const pi = fakePi();
    const notices = [];
    const ctx = ctxFor(project, notices);
    (await loadExtension())(pi.api, { LOOPX_BIN: path.join(project, 'no-such-loopx') });
    await pi.emit('session_start', { reason: 'startup' }, ctx);
    await pi.commands.get('loopx-goal').handler('start --goal-id g1 --agent-id a1', ctx);
    await waitFor(() => notices.some((n) => /could not be run/.test(n.message)), 'the blocker notice');
    const notice = notices.find((n) => /could not be run/.test(n.message));
    assert.equal(notice.level, 'warning');
    assert.match(notice.message, /loopx doctor/);
    await pi.commands.get('loopx-goal').handler('status', ctx);
    assert.match(notices.at(-1).message, /blocked: cli_unavailable/);
    assert.deepEqual(pi.sent, []);
    await pi.emit('session_shutdown', { reason: 'quit' }, ctx);
  });

  test('anAbortedRunPausesTheLoop_anOrdinaryEndIsIdle', async () => {
    const project = await connectedProject();
    const pi = fakePi();
    const notices = [];
    const ctx = ctxFor(project, notices);
    (await loadExtension())(pi.api, { LOOPX_BIN: standInBin });
    await pi.emit('session_start', { reason: 'startup' }, ctx);
    await pi.commands.get('loopx-goal').handler('start --goal-id g1 --agent-id a1', ctx);
    await waitFor(() => pi.sent.length === 1, 'the injected turn');
    const dir = path.join(project, '.loopx', 'pi');
    await waitFor(async () => (await onlyBinding(dir)).value.turns_injected === 1, 'the committed turn');
    await pi.emit('agent_end', { type: 'agent_end', messages: [{ role: 'user' }, { role: 'assistant', stopReason: 'stop' }] }, ctx);
    await waitFor(() => pi.sent.length === 2, 'the next turn after an ordinary end');
    await waitFor(async () => (await onlyBinding(dir)).value.turns_injected === 2, 'the second committed turn');
    await pi.emit('agent_end', { type: 'agent_end', messages: [{ role: 'assistant', stopReason: 'aborted' }] }, ctx);
    assert.deepEqual([(await onlyBinding(dir)).value.state, (await onlyBinding(dir)).value.state_reason], ['paused', 'user_abort']);
    assert.ok(notices.some((n) => /you stopped the run/.test(n.message)));
    await new Promise((r) => setTimeout(r, 1300));
    assert.equal(pi.sent.length, 2, 'no auto-continuation after an abort');
    await pi.emit('session_shutdown', { reason: 'quit' }, ctx);
  });

  test('aSessionWithoutASessionFileKeepsItsBindingInMemory', async () => {
    const project = await connectedProject();
    const pi = fakePi();
    const ctx = ctxFor(project, [], null);
    (await loadExtension())(pi.api, { LOOPX_BIN: standInBin });
    await pi.emit('session_start', { reason: 'startup' }, ctx);
    await pi.commands.get('loopx-goal').handler('start --goal-id g1 --agent-id a1', ctx);
    await waitFor(() => pi.sent.length === 1, 'the injected turn');
    assert.deepEqual(await fs.readdir(path.join(project, '.loopx')), ['ledger']);
    await pi.emit('session_shutdown', { reason: 'quit' }, ctx);
  });
});

describe('OpenCode goal bridge loopx-goal-bridge.js', () => {
  async function loadBridge() {
    const installed = await tempDir('loopx-opencode-plugin-');
    await fs.copyFile(openCodeBridgePath, path.join(installed, 'loopx-goal-bridge.js'));
    await fs.copyFile(runtimePath, path.join(installed, 'loopx-goal-loop-core.mjs'));
    await fs.writeFile(path.join(installed, 'package.json'), '{"type":"module"}\n');
    const module = await import(path.join(installed, 'loopx-goal-bridge.js'));
    assert.deepEqual(Object.keys(module), ['LoopxGoalBridge'], 'exactly one plugin function is exported');
    return module.LoopxGoalBridge;
  }

  test('optInPerSession_injectsTurnsWithSessionPrompt_andAUserPromptPauses', async () => {
    const project = await connectedProject();
    const prompts = [];
    const toasts = [];
    const client = {
      session: { prompt: async (request) => { prompts.push(request); return { data: {} }; } },
      tui: { showToast: async (toast) => { toasts.push(toast); } },
    };
    process.env.LOOPX_BIN = standInBin;
    const hooks = await (await loadBridge())({ client, directory: project }, { some: 'option' });
    assert.deepEqual(Object.keys(hooks).sort(), ['chat.message', 'command.execute.before', 'dispose', 'event']);

    // Another command and an idle unbound session do nothing.
    await hooks['command.execute.before']({ command: 'review', sessionID: 'ses_1', arguments: '' }, { parts: [] });
    await hooks.event({ event: { type: 'session.idle', properties: { sessionID: 'ses_other' } } });
    await new Promise((r) => setTimeout(r, 50));
    assert.deepEqual(prompts, []);

    const output = { parts: [{ type: 'text', text: 'facade template' }] };
    await hooks['command.execute.before']({ command: 'loopx-goal', sessionID: 'ses_1', arguments: 'start --goal-id g1 --agent-id a1' }, output);
    assert.match(output.parts[0].text, /^LoopX goal bridge: LoopX loop bound to goal g1 as agent a1/);
    await waitFor(() => prompts.length === 1, 'the injected turn');
    assert.deepEqual(prompts[0], { path: { id: 'ses_1' }, body: { parts: [{ type: 'text', text: heartbeatBody().task_body }] } });
    const dir = path.join(project, '.loopx', 'opencode');
    assert.equal(await mode(dir), 0o700);

    // The injected prompt arriving as a chat message is not a user takeover.
    await hooks['chat.message']({ sessionID: 'ses_1' }, { parts: [{ type: 'text', text: heartbeatBody().task_body }] });
    assert.equal((await onlyBinding(dir)).value.state, 'active');
    // The session going idle asks should-run again and injects the next turn.
    await hooks.event({ event: { type: 'session.idle', properties: { sessionID: 'ses_1' } } });
    await waitFor(() => prompts.length === 2, 'the next turn after idle');
    await hooks['chat.message']({ sessionID: 'ses_1' }, { parts: [{ type: 'text', text: 'hold on, I will do this part' }] });
    assert.equal((await onlyBinding(dir)).value.state, 'paused');
    await hooks.event({ event: { type: 'session.idle', properties: { sessionID: 'ses_1' } } });
    await new Promise((r) => setTimeout(r, 1300));
    assert.equal(prompts.length, 2, 'no auto-resume after a user prompt');
    assert.ok(toasts.some((t) => /auto-resume is paused/.test(t.body.message)));
    await hooks.event({ event: { type: 'session.deleted', properties: { info: { id: 'ses_1' } } } });
    await hooks.dispose();
  });

  async function boundBridge(project, sessionID) {
    const prompts = [];
    const client = { session: { prompt: async (request) => { prompts.push(request); return { data: {} }; } }, tui: { showToast: async () => {} } };
    process.env.LOOPX_BIN = standInBin;
    const hooks = await (await loadBridge())({ client, directory: project });
    await hooks['command.execute.before']({ command: 'loopx-goal', sessionID, arguments: 'start --goal-id g1 --agent-id a1' }, { parts: [] });
    await waitFor(() => prompts.length === 1, 'the injected turn');
    return { hooks, prompts, dir: path.join(project, '.loopx', 'opencode') };
  }

  test('aSessionErrorAndARejectedPermissionPauseTheLoop', async () => {
    const project = await connectedProject();
    const b = await boundBridge(project, 'ses_e');
    await waitFor(async () => (await onlyBinding(b.dir)).value.turns_injected === 1, 'the committed turn');
    await b.hooks.event({ event: { type: 'session.error', properties: { sessionID: 'ses_e', error: { name: 'APIError' } } } });
    assert.deepEqual([(await onlyBinding(b.dir)).value.state, (await onlyBinding(b.dir)).value.state_reason], ['paused', 'session_error']);
    await b.hooks['command.execute.before']({ command: 'loopx-goal', sessionID: 'ses_e', arguments: 'resume' }, { parts: [] });
    await waitFor(() => b.prompts.length === 2, 'the turn after resume');
    await waitFor(async () => (await onlyBinding(b.dir)).value.turns_injected === 2, 'the second committed turn');
    await b.hooks.event({ event: { type: 'permission.replied', properties: { sessionID: 'ses_e', permissionID: 'p1', response: 'once' } } });
    assert.equal((await onlyBinding(b.dir)).value.state, 'active', 'an allowed permission changes nothing');
    await b.hooks.event({ event: { type: 'permission.replied', properties: { sessionID: 'ses_e', permissionID: 'p2', response: 'reject' } } });
    assert.deepEqual([(await onlyBinding(b.dir)).value.state, (await onlyBinding(b.dir)).value.state_reason], ['paused', 'permission_rejected']);
    await b.hooks.dispose();
  });

  test('disposeCancelsTimersAndInFlightWork_nothingRunsAfterwards', async () => {
    const project = await connectedProject();
    const b = await boundBridge(project, 'ses_d');
    await b.hooks.dispose();
    await b.hooks.event({ event: { type: 'session.idle', properties: { sessionID: 'ses_d' } } });
    await b.hooks['command.execute.before']({ command: 'loopx-goal', sessionID: 'ses_d', arguments: 'resume' }, { parts: [] });
    await new Promise((r) => setTimeout(r, 1300));
    assert.equal(b.prompts.length, 1, 'no turn after dispose');
  });

  test('twoProcessesOnOneSession_onlyTheLeaseHolderInjects', async () => {
    const project = await connectedProject();
    const first = await boundBridge(project, 'ses_l');
    const lease = (await fs.readdir(first.dir)).find((f) => f.endsWith('.lease'));
    assert.ok(lease, 'the first bridge holds the session lease');
    assert.equal(await mode(path.join(first.dir, lease)), 0o600);
    // A second bridge (another OpenCode process, same project and session) resumes the same binding.
    const prompts = [];
    const client = { session: { prompt: async (request) => { prompts.push(request); return { data: {} }; } }, tui: { showToast: async () => {} } };
    const second = await (await loadBridge())({ client, directory: project });
    await second['command.execute.before']({ command: 'loopx-goal', sessionID: 'ses_l', arguments: 'resume' }, { parts: [] });
    await new Promise((r) => setTimeout(r, 800));
    assert.equal(prompts.length, 0, 'the second process stands aside while the first holds the lease');
    await first.hooks.dispose(); // releases the lease
    await second['command.execute.before']({ command: 'loopx-goal', sessionID: 'ses_l', arguments: 'resume' }, { parts: [] });
    await waitFor(() => prompts.length === 1, 'the second process injects once the lease is free');
    await second.dispose();
  });
});
