// Pi (@mariozechner/pi-coding-agent 0.73.1, pinned): the real `pi` in RPC mode (no model, no key)
// loads the extension pair our install wrote into a temp project's .pi/extensions: get_commands lists
// /loopx-goal; start, status, a typed prompt pausing and resume work against the real CLI; a corrupted
// binding file with a retry armed does not kill the process (it reports the store failure).
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { LOOPX, hostBin, sandbox, waitFor, run } from './support.mjs';

const pi = hostBin('pi');
const sandboxes = [];
const processes = [];
after(() => {
  for (const p of processes) if (p.child.exitCode === null) p.child.kill('SIGKILL');
  for (const s of sandboxes) s.cleanup();
});

function installedProject(prefix) {
  const s = sandbox(prefix);
  sandboxes.push(s);
  const install = s.loopx('slash-commands', '--install', '--surface', 'pi', '--project', '.', '--cli-bin', LOOPX);
  assert.equal(install.ok, true, JSON.stringify(install));
  return s;
}

/** `pi --mode rpc` in the project: send commands, read responses and extension UI notices. */
function startPi(s, extraEnv = {}) {
  const child = spawn(pi, ['--mode', 'rpc'], { cwd: s.project, env: { ...s.env, ...extraEnv }, stdio: ['pipe', 'pipe', 'pipe'] });
  const p = { child, responses: new Map(), notices: [], errors: [], stderr: '', exit: null, next: 0 };
  child.stderr.on('data', (d) => { p.stderr += d; });
  child.on('exit', (code, signal) => { p.exit = { code, signal }; });
  createInterface({ input: child.stdout }).on('line', (line) => {
    let msg;
    try {
      msg = JSON.parse(line);
    } catch {
      return;
    }
    if (msg.type === 'response' && msg.id) p.responses.set(msg.id, msg);
    else if (msg.type === 'extension_ui_request' && msg.method === 'notify') p.notices.push(msg.message);
    else if (msg.type === 'extension_error') p.errors.push(msg);
  });
  p.send = async (command) => {
    const id = `r${(p.next += 1)}`;
    child.stdin.write(`${JSON.stringify({ id, ...command })}\n`);
    return waitFor(() => p.responses.get(id), `the response to ${JSON.stringify(command)}`, 60_000);
  };
  p.noticeMatching = (re, label) => waitFor(() => p.notices.find((n) => re.test(n)), label);
  processes.push(p);
  return p;
}

function binding(s) {
  const dir = join(s.project, '.loopx', 'pi');
  const files = readdirSync(dir).filter((f) => f.endsWith('.json'));
  assert.equal(files.length, 1, `one binding in ${files}`);
  const file = join(dir, files[0]);
  return { file, dirMode: statSync(dir).mode & 0o777, mode: statSync(file).mode & 0o777, value: JSON.parse(readFileSync(file, 'utf8')) };
}

test('the pinned Pi is 0.73.1', async () => {
  assert.match((await run(pi, ['--version'])).stdout + (await run(pi, ['--version'])).stderr, /0\.73\.1/);
});

test('real pi in RPC mode: get_commands lists /loopx-goal; start, status, a typed prompt pausing, resume', async () => {
  const s = installedProject('pi-rpc');
  const p = startPi(s, { LOOPX_BIN: LOOPX });
  const commands = await p.send({ type: 'get_commands' });
  assert.equal(commands.success, true);
  const ours = commands.data.commands.find((c) => c.name === 'loopx-goal');
  assert.ok(ours, JSON.stringify(commands.data.commands));
  assert.equal(ours.source, 'extension');
  assert.match(ours.sourceInfo.path, /\.pi\/extensions\/loopx-goal\.ts$/);

  assert.equal((await p.send({ type: 'prompt', message: '/loopx-goal status' })).success, true);
  await p.noticeMatching(/LoopX: not bound/, 'the unbound status');

  assert.equal((await p.send({ type: 'prompt', message: `/loopx-goal start --goal-id ${s.goal} --agent-id builder` })).success, true);
  await p.noticeMatching(/bound to goal it-goal as agent builder/, 'the start notice');
  const started = await waitFor(() => binding(s).value.last_decision && binding(s), 'the first should-run answer committed');
  assert.deepEqual([started.value.goal_id, started.value.agent_id, started.value.state], [s.goal, 'builder', 'active']);
  assert.equal(started.mode, 0o600);
  assert.equal(started.dirMode, 0o700);

  await p.send({ type: 'prompt', message: '/loopx-goal status' });
  await p.noticeMatching(/goal it-goal agent builder: active/, 'the active status');

  // A typed prompt: Pi refuses it without a model, but its input event reached the extension first.
  await p.send({ type: 'prompt', message: 'let me look at the failing test myself' });
  await p.noticeMatching(/you took over: LoopX auto-resume is paused/, 'the pause notice');
  assert.deepEqual([binding(s).value.state, binding(s).value.state_reason], ['paused', 'user_prompt']);

  await p.send({ type: 'prompt', message: '/loopx-goal resume' });
  await waitFor(() => binding(s).value.state === 'active' && binding(s).value.state_reason === 'resumed', 'the resumed binding');
  assert.equal(p.exit, null, p.stderr);
  // The only extension error: Pi refusing the turn the loop injected (sendUserMessage), as it has no model.
  assert.deepEqual([...new Set(p.errors.map((e) => `${e.event}: ${e.error.split('\n')[0]}`))],
    ['send_user_message: No API key found for the selected model.']);
});

test('real pi: a corrupted binding file with a retry armed does not kill the process', async () => {
  const s = installedProject('pi-corrupt');
  // A CLI that cannot run: every probe fails and arms the (shortened) retry.
  const p = startPi(s, { LOOPX_BIN: join(s.root, 'no-such-loopx'), LOOPX_GOAL_RETRY_SECONDS: '1' });
  await p.send({ type: 'prompt', message: `/loopx-goal start --goal-id ${s.goal} --agent-id builder` });
  await p.noticeMatching(/could not be run/, 'the cli_unavailable blocker (retry armed)');
  writeFileSync(binding(s).file, '{"schema_version": "loopx_pi_session_binding_v1", "generation": ');
  await p.noticeMatching(/session binding under the runtime root could not be read or written \(SyntaxError\)/, 'the store failure notice');
  await new Promise((r) => setTimeout(r, 3000)); // more retries fire against the corrupt file
  assert.equal(p.exit, null, `pi exited: ${JSON.stringify(p.exit)}\n${p.stderr}`);
  assert.equal((await p.send({ type: 'get_commands' })).success, true, 'pi still answers');
  assert.equal(p.notices.filter((n) => /could not be read or written/.test(n)).length, 1, 'one notice, not one per retry');
});
