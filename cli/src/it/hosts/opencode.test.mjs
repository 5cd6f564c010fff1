// OpenCode (opencode 1.18.33, pinned): the real `opencode serve` on 127.0.0.1 (no model, no key)
// loads the goal bridge our install wrote into a temp OPENCODE_CONFIG_DIR. `/loopx-goal start` fires
// command.execute.before and the binding is written 0600; the model call that follows fails (no
// provider), OpenCode reports session.error and the loop pauses; disposing the instance calls the
// plugin's dispose hook, after which no timer runs the CLI again.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { LOOPX, hostBin, sandbox, waitFor, run } from './support.mjs';

// The linux-x64 binary package itself (see package.json): the opencode-ai launcher only picks it.
const opencode = hostBin('opencode-linux-x64/bin/opencode');
const sandboxes = [];
const servers = [];
after(() => {
  for (const child of servers) if (child.exitCode === null) child.kill('SIGKILL');
  for (const s of sandboxes) s.cleanup();
});

async function serve(extraEnv) {
  const s = sandbox('opencode');
  sandboxes.push(s);
  const config = join(s.root, 'opencode-config');
  const install = s.loopx('slash-commands', '--install', '--surface', 'opencode', '--goal-bridge', '--opencode-config-dir', config, '--cli-bin', LOOPX);
  assert.equal(install.ok, true, JSON.stringify(install));
  const log = join(s.root, 'bridge.log');
  const env = { ...s.env, OPENCODE_CONFIG_DIR: config, LOOPX_GOAL_LOG: log, ...extraEnv };
  const child = spawn(opencode, ['serve', '--hostname', '127.0.0.1', '--port', '0'], { cwd: s.project, env, stdio: ['ignore', 'pipe', 'pipe'] });
  servers.push(child);
  let out = '';
  child.stdout.on('data', (d) => { out += d; });
  child.stderr.on('data', (d) => { out += d; });
  const url = (await waitFor(() => out.match(/listening on (http:\/\/127\.0\.0\.1:\d+)/), 'opencode serve to listen', 60_000))[1];
  const api = async (method, path, body) => {
    const r = await fetch(`${url}${path}`, { method, headers: { 'content-type': 'application/json' }, body: body ? JSON.stringify(body) : undefined });
    const text = await r.text();
    return { status: r.status, body: text ? JSON.parse(text) : null };
  };
  const session = await waitFor(async () => (await api('POST', '/session', {})).body?.id, 'a session', 90_000);
  const logLines = () => (existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l)) : []);
  return { s, child, api, session, logLines, output: () => out };
}

function bindingOf(s) {
  const dir = join(s.project, '.loopx', 'opencode');
  const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.json')) : [];
  if (files.length !== 1) return null;
  const file = join(dir, files[0]);
  return { mode: statSync(file).mode & 0o777, dirMode: statSync(dir).mode & 0o777, value: JSON.parse(readFileSync(file, 'utf8')) };
}

test('the pinned OpenCode is 1.18.33', async () => {
  assert.match((await run(opencode, ['--version'])).stdout, /1\.18\.33/);
});

let o;
before(async () => {
  // One server for both tests (its start-up dominates): the retry is shortened to 1 s.
  o = await serve({ LOOPX_BIN: LOOPX, LOOPX_GOAL_RETRY_SECONDS: '1' });
});

async function newSession() {
  return waitFor(async () => (await o.api('POST', '/session', {})).body?.id, 'a session', 60_000);
}

test('real opencode serve: /loopx-goal start fires command.execute.before, writes the binding 0600; session.error pauses', async () => {
  // The command runs the hook, then a model turn that fails without a provider: do not await it.
  void o.api('POST', `/session/${o.session}/command`, { command: 'loopx-goal', arguments: `start --goal-id ${o.s.goal} --agent-id builder` }).catch(() => undefined);
  const bound = await waitFor(() => bindingOf(o.s), 'the binding file', 60_000);
  assert.equal(bound.mode, 0o600);
  assert.equal(bound.dirMode, 0o700);
  assert.deepEqual([bound.value.goal_id, bound.value.agent_id], [o.s.goal, 'builder']);
  await waitFor(() => o.logLines().some((l) => l.message === 'loopx should-run' && l.agent_id === 'builder'), 'the loop asking the real CLI', 60_000);
  const paused = await waitFor(() => bindingOf(o.s)?.value.state === 'paused' && bindingOf(o.s), 'the pause after session.error', 120_000);
  assert.equal(paused.value.state_reason, 'session_error');
});

test('real opencode serve: disposing the instance calls dispose, which cancels the retry timers', async () => {
  // A goal the CLI does not know: every probe is refused and re-armed after the 1 s retry.
  const session = await newSession();
  void o.api('POST', `/session/${session}/command`, { command: 'loopx-goal', arguments: 'start --goal-id no-such-goal --agent-id builder' }).catch(() => undefined);
  await waitFor(() => o.logLines().filter((l) => l.message === 'loopx should-run' && l.goal_id === 'no-such-goal').length >= 2, 'the retry timer firing', 60_000);
  const disposed = await o.api('POST', '/instance/dispose');
  assert.equal(disposed.status, 200, JSON.stringify(disposed.body));
  await waitFor(() => o.logLines().some((l) => l.message === 'goal bridge disposed'), 'the dispose hook', 30_000);
  const at = o.logLines().findIndex((l) => l.message === 'goal bridge disposed');
  await new Promise((r) => setTimeout(r, 3500)); // three retry periods
  const afterDispose = o.logLines().slice(at + 1).filter((l) => l.message === 'loopx should-run');
  assert.deepEqual(afterDispose, [], 'no evaluation after dispose');
});
