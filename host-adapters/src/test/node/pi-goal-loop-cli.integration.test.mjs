// The loop core against the REAL packaged `loopx` CLI (env LOOPX_BIN; Maven sets it to
// cli/target/loopx-dist/bin/loopx in the cli module's integration-test phase). Without LOOPX_BIN the
// suite fails: it is never skipped.
import { test, describe, before } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { runtimePath, tempDir, manualClock } from './support.mjs';

const rt = await import(runtimePath);
const bin = process.env.LOOPX_BIN;

function loopx(project, env, args) {
  return new Promise((resolve, reject) => {
    execFile(bin, [...args, '--format', 'json'], { cwd: project, env }, (error, stdout, stderr) => {
      let doc;
      try {
        doc = JSON.parse(stdout);
      } catch {
        return reject(new Error(`loopx ${args.join(' ')} printed no JSON (exit ${error?.code}): ${stderr}`));
      }
      if (doc.ok !== true) return reject(new Error(`loopx ${args.join(' ')} refused: ${stdout}`));
      resolve(doc);
    });
  });
}

/** Names, sizes and modification times of the ledger files. */
async function ledgerSnapshot(project) {
  const dir = path.join(project, '.loopx', 'ledger');
  const names = (await fs.readdir(dir)).sort();
  return Promise.all(names.map(async (name) => {
    const s = await fs.stat(path.join(dir, name));
    return [name, s.size, s.mtimeMs];
  }));
}

/** A runner over the real CLI that keeps every should-run answer it saw. */
function recordingRunner(project, env, loopxBin = bin) {
  const real = rt.createCliRunner({ bin: loopxBin, cwd: project, env });
  const run = async (args) => {
    const result = await real(args);
    run.calls.push({ args, result });
    return result;
  };
  run.calls = [];
  run.lastShouldRun = () => JSON.parse([...run.calls].reverse().find((c) => c.args[1] === 'should-run').result.stdout);
  return run;
}

test('LOOPX_BIN names an executable loopx launcher', async () => {
  assert.ok(bin, 'LOOPX_BIN must name the packaged loopx launcher (the Maven build sets it)');
  await fs.access(bin, fs.constants.X_OK);
});

describe('the Pi goal loop core against the real loopx CLI', () => {
  let project;
  let env;

  before(async () => {
    assert.ok(bin, 'LOOPX_BIN must name the packaged loopx launcher (the Maven build sets it)');
    await fs.access(bin, fs.constants.X_OK);
    project = await tempDir('loopx-pi-it-');
    env = { ...process.env, LOOPX_HOME: path.join(project, 'home') };
    await loopx(project, env, ['connect', '--project', project, '--goal-id', 'g1', '--objective', 'Pi loop integration']);
    await loopx(project, env, ['register-agent', '--goal-id', 'g1', '--agent-id', 'pi1', '--execute']);
    // No agent work on purpose, so the first answer is a quiet skip (a fresh, only declared agent
    // section would ask the agent for a planning turn: initial_plan_required).
    await loopx(project, env, ['todo', 'declare-empty', '--goal-id', 'g1', '--role', 'agent']);
  });

  test('decidesFromRealShouldRunJson_waitRunAckPauseTerminal', async (t) => {
    const runCli = recordingRunner(project, env);
    const sent = [];
    const notices = [];
    const host = await rt.createHostSession({
      projectDir: project, sessionId: 'pi-it-session', sessionFile: 'pi-it-session.jsonl',
      runCli, clock: manualClock(), sendPrompt: (text) => sent.push(text), notify: (n) => notices.push(n),
      promptSource: rt.promptSourceWithFallback(rt.heartbeatPromptSource(runCli), rt.shouldRunPromptSource()),
    });
    const loop = host.loop;
    const bindingFile = path.join(project, '.loopx', 'pi', `${host.identity.key}.json`);
    const binding = async () => JSON.parse(await fs.readFile(bindingFile, 'utf8'));
    assert.equal((await loop.start({ goalId: 'g1', agentId: 'pi1' })).ok, true);
    assert.equal((await fs.stat(bindingFile)).mode & 0o777, 0o600);
    assert.equal((await fs.stat(path.dirname(bindingFile))).mode & 0o777, 0o700);

    // 1. No todo yet: the real answer is a quiet skip; the loop plans a wait from its scheduler_hint.
    const quiet = await loop.evaluate('test');
    const first = runCli.lastShouldRun();
    assert.equal(first.should_run, false);
    assert.equal(quiet.outcome, 'wait');
    assert.equal(quiet.effective_action, first.effective_action);
    const firstProgression = first.scheduler_hint.cold_path_detail.local_scheduler.example_progression_minutes;
    assert.equal(quiet.delay_ms, firstProgression[0] * 60_000);
    assert.deepEqual([(await binding()).plan.reset_token, (await binding()).plan.unchanged_polls],
      [first.scheduler_hint.reset_policy.reset_token, 0]);
    assert.deepEqual(sent, []);

    // 2. The same situation again: one unchanged poll, the progression advances.
    const again = await loop.evaluate('test');
    assert.equal(again.delay_ms, firstProgression[1] * 60_000);
    assert.equal((await binding()).plan.progression_index, 1);

    // 3. A runnable todo: a new reset_token resets the plan and the loop injects a turn, then acks.
    const added = await loopx(project, env, ['todo', 'add', '--goal-id', 'g1', '--role', 'agent', '--text', 'write the parser']);
    // The same lane as the Codex App sees it: a Pi turn must leave its stateful backoff as it was.
    const codexAppLane = async () => {
      const answer = await loopx(project, env, ['quota', 'should-run', '--goal-id', 'g1', '--agent-id', 'pi1', '--runtime-profile', 'codex_app_heartbeat']);
      const backoff = answer.scheduler_hint.app_automation.stateful_backoff;
      return { apply_needed: backoff.apply_needed, ack_needed: backoff.ack_needed, state_status: backoff.state_status };
    };
    const codexBefore = await codexAppLane();
    assert.equal(codexBefore.apply_needed, true, 'the Codex App has an interval to apply (else this test proves nothing)');
    const run = await loop.evaluate('test');
    const runAnswer = runCli.lastShouldRun();
    assert.equal(runAnswer.should_run, true);
    assert.equal(run.outcome, 'turn_injected');
    assert.equal(sent.length, 1);
    if (run.fallback_from) {
      t.diagnostic(`loopx heartbeat-prompt is not available in this build (${run.fallback_from}); the turn prompt was built from should-run`);
      assert.match(sent[0], new RegExp(`Todo ${added.todo_id}: write the parser`));
    } else {
      t.diagnostic('turn prompt = heartbeat-prompt task_body');
      assert.ok(sent[0].length > 0 && sent[0].length <= 3000);
    }
    const plan = (await binding()).plan;
    assert.equal(plan.reset_token, runAnswer.scheduler_hint.reset_policy.reset_token);
    assert.notEqual(plan.reset_token, first.scheduler_hint.reset_policy.reset_token);
    assert.equal(plan.unchanged_polls, 0);
    // Cross-surface ack: Pi acks only its own surface's scheduler state, never the Codex App's backoff.
    assert.equal(run.ack.acked, false);
    assert.equal(runCli.calls.filter((c) => c.args[1]?.startsWith('scheduler-ack')).length, 0, 'no scheduler ack ran');
    assert.deepEqual(await codexAppLane(), codexBefore, "the Codex App lane's apply_needed/ack_needed are as they were");

    // 4. The person types something else: auto-resume pauses; resume re-arms it.
    assert.deepEqual(await loop.onUserPrompt(sent[0]), { paused: false });
    assert.deepEqual(await loop.onUserPrompt('let me look first'), { paused: true });
    assert.equal((await loop.evaluate('test')).outcome, 'inactive');
    assert.equal((await loop.resume()).ok, true);

    // 5. The work is delivered and closed with no follow-up: the real answer is a validated terminal state.
    await loopx(project, env, ['todo', 'claim', '--goal-id', 'g1', '--todo-id', added.todo_id, '--agent-id', 'pi1']);
    await loopx(project, env, ['todo', 'complete', '--goal-id', 'g1', '--todo-id', added.todo_id, '--agent-id', 'pi1', '--evidence', 'parser written and tested', '--no-follow-up']);
    await loopx(project, env, ['todo', 'declare-empty', '--goal-id', 'g1', '--role', 'user']);
    loop.onAgentIdle();
    const end = await loop.evaluate('test');
    assert.equal(runCli.lastShouldRun().effective_action, 'terminal_no_followup');
    assert.equal(end.outcome, 'terminal');
    assert.equal((await binding()).state, 'terminal');
    assert.equal(sent.length, 1);
    assert.ok(notices.some((n) => n.code === 'terminal_no_followup'));
    host.dispose();
  });

  test('cliUnavailable_reportsABlockerAndChangesNoState', async () => {
    const bogus = path.join(project, 'not-installed', 'loopx');
    const runCli = recordingRunner(project, env, bogus);
    const sent = [];
    const clock = manualClock();
    const host = await rt.createHostSession({
      projectDir: project, sessionId: 'pi-it-bogus', sessionFile: 'pi-it-bogus.jsonl',
      runCli, clock, sendPrompt: (text) => sent.push(text),
    });
    assert.equal((await host.loop.start({ goalId: 'g1', agentId: 'pi1' })).ok, true);
    const bindingFile = path.join(project, '.loopx', 'pi', `${host.identity.key}.json`);
    const before = await fs.readFile(bindingFile, 'utf8');
    const ledgerBefore = await ledgerSnapshot(project);
    const outcome = await host.loop.evaluate('test');
    assert.equal(outcome.outcome, 'blocked');
    assert.equal(outcome.blocker.code, 'cli_unavailable');
    assert.match(outcome.blocker.hint, /loopx doctor/);
    assert.deepEqual(sent, []);
    assert.equal(await fs.readFile(bindingFile, 'utf8'), before, 'the binding is byte-identical');
    assert.deepEqual(await ledgerSnapshot(project), ledgerBefore, 'nothing reached the ledger');
    assert.ok(clock.pending().some((timer) => timer.ms === rt.QUOTA_PROBE_RETRY_MS), 'retry in 3 minutes');
    host.dispose();
  });
});

// docs/adr/0014-resident-answerer.md: with the runtime root's resident answerer listening, a probe of
// the loop core goes straight to its socket (no sh, no perl, no JVM) and gets the CLI's own answer.
test('a probe reads through the resident answerer when one listens, and gets the CLI\'s answer', async () => {
  const project = await tempDir('loopx-resident-');
  const env = { ...process.env, LOOPX_HOME: path.join(project, 'home'), LOOPX_ANSWERER_IDLE_SECONDS: '120' };
  delete env.LOOPX_ANSWERER; // the suite runs with it off (pom.xml)
  const off = { ...env, LOOPX_ANSWERER: 'off' };
  await loopx(project, off, ['connect', '--project', project, '--goal-id', 'g1', '--objective', 'resident reads']);
  await loopx(project, off, ['register-agent', '--goal-id', 'g1', '--agent-id', 'pi1', '--execute']);
  const args = ['quota', 'should-run', '--goal-id', 'g1', '--agent-id', 'pi1', '--runtime-profile', 'generic_cli',
    '--now', '2026-12-08T09:00:00Z', '--format', 'json'];
  const lock = path.join(project, '.loopx', 'answerer', 'answerer.lock');
  try {
    // no answerer yet: the launcher's JVM answers, then starts one in the background
    const first = await rt.createCliRunner({ bin, cwd: project, env })(args);
    assert.equal(first.exitCode, 0, first.stderr);
    let direct;
    for (let i = 0; i < 600 && direct === undefined; i += 1) {
      direct = await rt.askResident({ bin, cwd: project, env, args });
      if (direct === undefined) await new Promise((r) => setTimeout(r, 100));
    }
    assert.ok(direct, 'the resident answerer answered over its socket');
    const jvm = await rt.createCliRunner({ bin, cwd: project, env: off })(args);
    assert.deepEqual(direct, jvm, 'the same answer as a JVM of its own');
    // the runner takes that path; a write or switched off never does
    const viaRunner = await rt.createCliRunner({ bin, cwd: project, env })(args);
    assert.deepEqual(viaRunner, jvm);
    // `loopx install`'s layout: a managed launcher in <home>/bin that runs <home>/current/bin/loopx
    const home = path.join(project, 'installed');
    await fs.mkdir(path.join(home, 'bin'), { recursive: true });
    await fs.symlink(await fs.realpath(path.join(path.dirname(await fs.realpath(bin)), '..')), path.join(home, 'current'));
    await fs.writeFile(path.join(home, 'bin', 'loopx'), '#!/bin/sh\nexec "$(dirname "$0")/../current/bin/loopx" "$@"\n',
      { mode: 0o755 });
    assert.deepEqual(await rt.askResident({ bin: path.join(home, 'bin', 'loopx'), cwd: project, env, args }), jvm);
    assert.equal(await rt.askResident({ bin, cwd: project, env: off, args }), undefined);
    assert.equal(await rt.askResident({ bin, cwd: project, env,
      args: ['todo', 'add', '--goal-id', 'g1', '--role', 'agent', '--text', 'never direct'] }), undefined);
    assert.equal(rt.residentCommand(['--runtime-root', 'x', 'quota', 'should-run', '--goal-id', 'g1']), 'quota should-run');
  } finally {
    // the answerer takes its socket with it on SIGTERM: wait until it is gone before removing its folder
    let pid;
    try {
      pid = Number((await fs.readFile(lock, 'utf8')).trim());
      process.kill(pid, 'SIGTERM');
    } catch {
      pid = undefined; // not running
    }
    for (let i = 0; pid && i < 200; i += 1) {
      try {
        process.kill(pid, 0);
      } catch {
        break; // gone
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    await fs.rm(project, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  }
});
