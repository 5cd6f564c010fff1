// Unit tests of the Pi goal loop core (SPEC §S13) through its injected dependencies.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import {
  runtimePath, tempDir, settle, deferred, manualClock, scriptedCli, json, decision, terminalDecision, heartbeatBody,
} from './support.mjs';

const rt = await import(runtimePath);
const MIN = 60_000;

async function modeOf(p) {
  return (await fs.stat(p)).mode & 0o777;
}

/** A loop on a memory store with a scripted CLI: should-run answers come from `answers` in order. */
function harness({ answers = [], cli, promptSource, store = rt.createMemoryBindingStore(), ackSurfaces = ['codex_app'], options = {} } = {}) {
  const clock = manualClock();
  const sent = [];
  const notices = [];
  const queue = [...answers];
  const runCli = cli ?? scriptedCli((args) => {
    if (args[0] === 'heartbeat-prompt') return json(heartbeatBody());
    if (args[1] === 'scheduler-ack-current') return json({ schema_version: 'loopx_scheduler_ack_v0', ok: true, appended: true });
    const next = queue.length > 1 ? queue.shift() : queue[0];
    return typeof next === 'function' ? next(args) : json(next);
  });
  const loop = rt.createGoalLoop({
    store, sessionKey: 's-test', runCli, clock, promptSource, ackSurfaces, ...options,
    sendPrompt: (text) => { sent.push(text); },
    notify: (n) => notices.push(n),
  });
  return { loop, store, clock, sent, notices, runCli, queue };
}

async function startBound(h, { goalId = 'g1', agentId = 'a1' } = {}) {
  const started = await h.loop.start({ goalId, agentId });
  assert.equal(started.ok, true);
  await h.clock.advance(0); // the start evaluation is scheduled at delay 0
}

describe('binding store on disk', () => {
  test('bindingFilesAre0600InA0700Folder_evenWhenTheFolderExistedWider', async () => {
    const root = await tempDir();
    const dir = path.join(root, '.loopx', 'pi');
    await fs.mkdir(dir, { recursive: true, mode: 0o755 });
    await fs.chmod(dir, 0o755);
    const store = rt.createFileBindingStore({ dir });
    const result = await store.commit('s-one', 0, () => ({ goal_id: 'g1', agent_id: 'a1', state: 'active' }));
    assert.equal(result.committed, true);
    assert.equal(await modeOf(dir), 0o700);
    assert.equal(await modeOf(path.join(dir, 's-one.json')), 0o600);
    const read = await store.read('s-one');
    assert.equal(read.generation, 1);
    assert.equal(read.schema_version, rt.BINDING_SCHEMA);
    assert.deepEqual(await fs.readdir(dir), ['s-one.json'], 'no temp file is left behind');
  });

  test('aWriteIsTempFileThenFsyncThenRenameThenDirectoryFsync', async () => {
    const root = await tempDir();
    const dir = path.join(root, 'pi');
    const ops = [];
    const recording = recordingFs(ops);
    const store = rt.createFileBindingStore({ dir, fs: recording, tempSuffix: () => 'T' });
    await store.write('s-one', { schema_version: rt.BINDING_SCHEMA, generation: 1 });
    const target = path.join(dir, 's-one.json');
    const temp = `${target}.tmp-T`;
    const names = ops.map((op) => `${op[0]} ${op[1] === dir ? '<dir>' : op[1] === temp ? '<temp>' : op[1] === target ? '<target>' : op[1]}`);
    assert.deepEqual(names.filter((n) => !n.startsWith('mkdir') && !n.startsWith('chmod <dir>')), [
      'open <temp>', 'write <temp>', 'sync <temp>', 'close <temp>', 'chmod <temp>', 'rename <temp>', 'open <dir>', 'sync <dir>', 'close <dir>',
    ]);
    assert.deepEqual(ops.find((op) => op[0] === 'open' && op[1] === temp).slice(2), ['wx', 0o600]);
  });

  test('aFailedRenameLeavesThePreviousBindingIntactAndNoTempFile', async () => {
    const root = await tempDir();
    const dir = path.join(root, 'pi');
    const good = rt.createFileBindingStore({ dir });
    await good.commit('s-one', 0, () => ({ goal_id: 'g1', state: 'active' }));
    const before = await fs.readFile(path.join(dir, 's-one.json'), 'utf8');
    const failing = rt.createFileBindingStore({ dir, fs: { ...fs, rename: async () => { throw Object.assign(new Error('disk full'), { code: 'ENOSPC' }); } } });
    await assert.rejects(failing.commit('s-one', 1, (b) => ({ ...b, state: 'paused' })), /disk full/);
    assert.equal(await fs.readFile(path.join(dir, 's-one.json'), 'utf8'), before);
    assert.deepEqual(await fs.readdir(dir), ['s-one.json']);
  });

  test('concurrentWritesToOneKeyRunOneAfterAnotherInCallOrder', async () => {
    const root = await tempDir();
    const dir = path.join(root, 'pi');
    const ops = [];
    const slow = recordingFs(ops, { delayMs: 2 });
    const store = rt.createFileBindingStore({ dir, fs: slow });
    const writes = Array.from({ length: 12 }, (_, i) => store.write('s-one', { schema_version: rt.BINDING_SCHEMA, generation: i + 1, n: i }));
    const other = store.write('s-two', { schema_version: rt.BINDING_SCHEMA, generation: 1, n: 99 });
    await Promise.all([...writes, other]);
    // For key s-one, each write's open..rename block is contiguous and blocks appear in call order.
    const oneOps = ops.filter((op) => String(op[1]).includes('s-one.json') && ['open', 'rename'].includes(op[0]));
    const sequence = oneOps.map((op) => op[0]);
    assert.deepEqual(sequence, Array.from({ length: 12 }, () => ['open', 'rename']).flat());
    const written = ops.filter((op) => op[0] === 'write' && String(op[1]).includes('s-one.json')).map((op) => JSON.parse(op[2]).n);
    assert.deepEqual(written, [...Array(12).keys()]);
    assert.equal((await store.read('s-one')).n, 11);
    assert.equal((await store.read('s-two')).n, 99);
  });

  test('commitIsAGenerationCompareAndSwap', async () => {
    const store = rt.createMemoryBindingStore();
    assert.equal((await store.commit('k', 0, () => ({ v: 1 }))).binding.generation, 1);
    const stale = await store.commit('k', 0, () => ({ v: 2 }));
    assert.equal(stale.committed, false);
    assert.equal(stale.reason, 'stale_generation');
    assert.equal((await store.read('k')).v, 1);
    const [a, b] = await Promise.all([store.commit('k', 1, () => ({ v: 'a' })), store.commit('k', 1, () => ({ v: 'b' }))]);
    assert.deepEqual([a.committed, b.committed], [true, false], 'two commits from one generation: only the first wins');
    assert.equal((await store.read('k')).generation, 2);
  });
});

describe('session identity', () => {
  test('aSessionWithoutASessionFileGetsAnEphemeralInMemoryIdentityAndWritesNoFile', async () => {
    const project = await tempDir();
    await fs.mkdir(path.join(project, '.loopx', 'ledger'), { recursive: true });
    const host = await rt.createHostSession({
      projectDir: project, sessionId: 'abc', sessionFile: undefined, newId: () => 'e1',
      runCli: scriptedCli(() => json(decision())), clock: manualClock(), sendPrompt: () => undefined,
    });
    assert.deepEqual(host.identity, { key: 'ephemeral-e1', ephemeral: true });
    assert.equal(host.store.kind, 'memory');
    assert.equal((await host.loop.start({ goalId: 'g1', agentId: 'a1' })).ok, true);
    assert.deepEqual(await fs.readdir(path.join(project, '.loopx')), ['ledger'], 'nothing written under the runtime root');
    host.dispose();
  });

  test('aPersistentSessionGetsAStableFileBackedKey', async () => {
    const project = await tempDir();
    await fs.mkdir(path.join(project, '.loopx', 'ledger'), { recursive: true });
    const open = () => rt.createHostSession({ projectDir: path.join(project), sessionId: 'sess-42', sessionFile: '/s.jsonl', runCli: scriptedCli(() => json(decision())), clock: manualClock(), sendPrompt: () => undefined });
    const first = await open();
    const second = await open();
    assert.equal(first.identity.key, second.identity.key);
    assert.equal(first.identity.ephemeral, false);
    await first.loop.start({ goalId: 'g1', agentId: 'a1' });
    first.dispose();
    assert.deepEqual(await fs.readdir(path.join(project, '.loopx', 'pi')), [`${first.identity.key}.json`]);
    const restored = await second.restore();
    assert.equal(restored.binding.goal_id, 'g1');
    second.dispose();
  });
});

describe('each turn', () => {
  test('asksShouldRunWithGoalAgentProfileAndSchedulerDetailAsJson', async () => {
    const h = harness({ answers: [decision()] });
    await startBound(h);
    assert.deepEqual(h.runCli.calls[0], ['quota', 'should-run', '--goal-id', 'g1', '--agent-id', 'a1',
      '--runtime-profile', 'generic_cli', '--include-detail', 'scheduler', '--format', 'json']);
    h.loop.dispose();
  });

  test('shouldRunTrue_injectsTheHeartbeatBodyThenAcksTheHintVerbatim', async () => {
    const h = harness({ answers: [decision({ shouldRun: true, ackNeeded: true })] });
    await startBound(h);
    assert.deepEqual(h.sent, [heartbeatBody().task_body]);
    const names = h.runCli.calls.map((a) => `${a[0]} ${a[1]}`);
    assert.deepEqual(names, ['quota should-run', 'heartbeat-prompt --goal-id', 'quota scheduler-ack-current']);
    assert.deepEqual(h.runCli.calls[1], ['heartbeat-prompt', '--goal-id', 'g1', '--agent-id', 'a1', '--format', 'json']);
    assert.deepEqual(h.runCli.calls[2], decision({ ackNeeded: true }).scheduler_hint.app_automation.ack_hint.cli_args);
    const binding = await h.store.read('s-test');
    assert.equal(binding.turns_injected, 1);
    assert.equal(binding.last_injected_prompt_sha256, rt.sha256Hex(heartbeatBody().task_body));
    assert.equal(h.loop.status().last_outcome.ack.acked, true);
    h.loop.dispose();
  });

  test('anAckHintForAnotherLaneIsNotRun', async () => {
    const d = decision({ shouldRun: false, ackNeeded: true });
    d.scheduler_hint.app_automation.ack_hint.cli_args[4] = 'someone-else';
    const h = harness({ answers: [d] });
    await startBound(h);
    assert.equal(h.runCli.callsOf('quota scheduler-ack').length, 0);
    h.loop.dispose();
  });

  test('whileATurnRuns_noSecondTurnIsInjected_andIdleEvaluatesAgain', async () => {
    const h = harness({ answers: [decision({ shouldRun: true })] });
    await startBound(h);
    assert.equal(h.sent.length, 1);
    assert.equal((await h.loop.evaluate('timer')).outcome, 'turn_in_flight');
    h.loop.onAgentIdle();
    await h.clock.advance(1000);
    assert.equal(h.sent.length, 2);
    h.loop.dispose();
  });

  test('anInjectedTurnWhoseEndIsNeverReportedIsReCheckedWithoutASecondTurn', async () => {
    const h = harness({ answers: [decision({ shouldRun: true })] });
    await startBound(h);
    assert.deepEqual(h.clock.pending(), [{ in_ms: 3 * MIN, ms: 3 * MIN }]);
    await h.clock.advance(3 * MIN);
    assert.equal(h.sent.length, 1);
    assert.equal(h.loop.status().last_outcome.outcome, 'turn_in_flight');
    assert.deepEqual(h.clock.pending(), [{ in_ms: 3 * MIN, ms: 3 * MIN }]);
    h.loop.dispose();
  });

  test('anIdleEventDoesNotShortenAPlannedWait', async () => {
    const h = harness({ answers: [decision()] });
    await startBound(h);
    h.loop.onAgentIdle();
    assert.deepEqual(h.clock.pending(), [{ in_ms: 60 * MIN, ms: 60 * MIN }]);
    h.loop.dispose();
  });

  test('heartbeatPromptFailure_failsClosedWithoutATurn', async () => {
    const cli = scriptedCli((args) => (args[0] === 'heartbeat-prompt'
      ? json({ schema_version: 'loopx_error_v0', ok: false, error_code: 'agent_not_registered', message: 'no agent a1', hint: 'loopx register-agent --goal-id g1 --agent-id a1 --execute' }, 1)
      : json(decision({ shouldRun: true }))));
    const h = harness({ cli });
    await startBound(h);
    assert.deepEqual(h.sent, []);
    assert.equal(h.loop.status().blocker.code, 'agent_not_registered');
    assert.equal((await h.store.read('s-test')).turns_injected, 0);
    h.loop.dispose();
  });

  test('fallbackPromptIsUsedOnlyWhenHeartbeatPromptDoesNotExist', async () => {
    const unknownCommand = json({ schema_version: 'loopx_error_v0', ok: false, error_code: 'invalid_arguments', message: "Unmatched arguments from index 0: 'heartbeat-prompt'", hint: 'loopx --help' }, 2);
    const cli = scriptedCli((args) => (args[0] === 'heartbeat-prompt' ? unknownCommand : json(decision({ shouldRun: true }))));
    const source = rt.promptSourceWithFallback(rt.heartbeatPromptSource(cli), rt.shouldRunPromptSource());
    const h = harness({ cli, promptSource: source });
    await startBound(h);
    assert.equal(h.sent.length, 1);
    assert.match(h.sent[0], /Todo todo_1: write the parser/);
    // each command as it runs, and what the agent adds named on the line below it, never inside it
    assert.match(h.sent[0], /- loopx todo complete --goal-id g1 --todo-id todo_1 --agent-id a1\n  add --evidence: what was delivered/);
    assert.equal(h.loop.status().last_outcome.fallback_from, 'heartbeat_prompt_unsupported');
    h.loop.dispose();
  });
});

describe('generation compare-and-swap and the epoch guard', () => {
  test('staleEvaluation_generationBumpedMidEvaluation_commitsNothingAndSendsNothing', async () => {
    const gate = deferred();
    const cli = scriptedCli((args) => (args[0] === 'heartbeat-prompt' ? json(heartbeatBody()) : gate.promise));
    const h = harness({ cli });
    await h.loop.start({ goalId: 'g1', agentId: 'a1' });
    await h.clock.advance(0); // the start evaluation is now waiting for should-run
    assert.equal(cli.calls.length, 1);
    // Another host instance commits on the same binding meanwhile.
    const bumped = await h.store.commit('s-test', 1, (b) => ({ ...b, note: 'other instance' }));
    assert.equal(bumped.committed, true);
    gate.resolve(json(decision({ shouldRun: true, ackNeeded: true })));
    await settle();
    assert.deepEqual(h.sent, []);
    assert.equal(h.loop.status().last_outcome.outcome, 'stale');
    const binding = await h.store.read('s-test');
    assert.equal(binding.generation, 2);
    assert.equal(binding.note, 'other instance');
    assert.equal(binding.plan, null);
    assert.equal(cli.callsOf('quota scheduler-ack').length, 0);
    h.loop.dispose();
  });

  test('disposeWhileShouldRunIsInFlight_nothingCommitsSendsAcksOrSchedulesAfterwards', async () => {
    const gate = deferred();
    const cli = scriptedCli((args) => (args[0] === 'heartbeat-prompt' ? json(heartbeatBody()) : gate.promise));
    const h = harness({ cli });
    await h.loop.start({ goalId: 'g1', agentId: 'a1' });
    await h.clock.advance(0);
    const before = await h.store.read('s-test');
    h.loop.dispose();
    gate.resolve(json(decision({ shouldRun: true, ackNeeded: true })));
    await settle();
    assert.deepEqual(h.sent, []);
    assert.deepEqual(await h.store.read('s-test'), before);
    assert.deepEqual(cli.calls.map((a) => a[1]), ['should-run']);
    assert.deepEqual(h.clock.pending(), []);
    assert.equal(h.loop.status().disposed, true);
  });

  test('disposeWhileThePromptIsLoading_noTurnIsSent', async () => {
    const gate = deferred();
    const cli = scriptedCli((args) => (args[0] === 'heartbeat-prompt' ? gate.promise : json(decision({ shouldRun: true }))));
    const h = harness({ cli });
    await h.loop.start({ goalId: 'g1', agentId: 'a1' });
    await h.clock.advance(0);
    h.loop.dispose();
    gate.resolve(json(heartbeatBody()));
    await settle();
    assert.deepEqual(h.sent, []);
    assert.equal((await h.store.read('s-test')).turns_injected, 0);
  });

  test('disposeCancelsEveryTimer', async () => {
    const h = harness({ answers: [decision()] });
    await startBound(h);
    assert.equal(h.clock.pending().length, 1);
    h.loop.dispose();
    assert.deepEqual(h.clock.pending(), []);
    await h.clock.advance(24 * 60 * MIN);
    assert.equal(h.runCli.calls.length, 1);
  });
});

describe('quota probe failures fail closed and retry after 3 minutes', () => {
  const cases = [
    ['cli cannot be executed', { spawnError: 'ENOENT', stdout: '', stderr: '' }, 'cli_unavailable'],
    ['not JSON', { exitCode: 3, stdout: 'Exception in thread main\n', stderr: '' }, 'should_run_not_json'],
    ['ok=false of unknown shape', json({ ok: false, whatever: 1 }, 1), 'should_run_unrecognised'],
    ['a decision without a scheduler hint', json({ ...decision(), scheduler_hint: undefined }), 'should_run_unrecognised'],
    ['a structured loopx error', json({ schema_version: 'loopx_error_v0', ok: false, error_code: 'goal_not_found', message: 'no goal g1', hint: 'loopx connect --project <dir> --goal-id g1' }, 1), 'goal_not_found'],
  ];
  for (const [name, answer, code] of cases) {
    test(`${name}_reportsBlocker_${code}_runsNoTurn_changesNoState`, async () => {
      const h = harness({ answers: [() => answer] });
      await startBound(h);
      const afterStart = await h.store.read('s-test');
      assert.deepEqual(h.sent, []);
      const status = h.loop.status();
      assert.equal(status.blocker.code, code);
      assert.ok(status.blocker.hint.length > 0);
      if (code === 'cli_unavailable') assert.match(status.blocker.hint, /loopx doctor/);
      assert.equal(h.notices.filter((n) => n.code === code).length, 1);
      assert.deepEqual(h.clock.pending(), [{ in_ms: 3 * MIN, ms: 3 * MIN }]);
      await h.clock.advance(3 * MIN - 1);
      assert.equal(h.runCli.calls.length, 1);
      await h.clock.advance(1);
      assert.equal(h.runCli.calls.length, 2, 'retried after exactly 3 minutes');
      assert.equal(h.notices.filter((n) => n.code === code).length, 1, 'the same blocker is reported once');
      assert.deepEqual(await h.store.read('s-test'), afterStart, 'no host-only state transition');
      h.loop.dispose();
    });
  }

  test('theLoopRecoversWhenTheCliAnswersAgain', async () => {
    const h = harness({ answers: [() => ({ spawnError: 'ENOENT' }), decision({ shouldRun: true })] });
    await startBound(h);
    assert.equal(h.loop.status().blocker.code, 'cli_unavailable');
    await h.clock.advance(3 * MIN);
    assert.equal(h.sent.length, 1);
    assert.equal(h.loop.status().blocker, null);
    h.loop.dispose();
  });
});

describe('terminal stop only on a validated terminal_no_followup', () => {
  test('aValidatedTerminalAnswerStopsTheLoop', async () => {
    const h = harness({ answers: [terminalDecision()] });
    await startBound(h);
    const binding = await h.store.read('s-test');
    assert.equal(binding.state, 'terminal');
    assert.deepEqual(h.clock.pending(), []);
    assert.deepEqual(h.sent, []);
    assert.ok(h.notices.some((n) => n.code === 'terminal_no_followup'));
  });

  const forged = {
    'terminal_state missing': { goal_frontier_projection: { terminal_state: null } },
    'terminal_state not derived': { goal_frontier_projection: { terminal_state: { derived: false } } },
    'a role source invalid': { goal_frontier_projection: { source_completeness: { agent_todos: 'invalid' } } },
    'the user source invalid': { goal_frontier_projection: { source_completeness: { user_todos: 'missing' } } },
    'a wrong source_completeness schema': { goal_frontier_projection: { source_completeness: { schema_version: 'goal_terminal_source_completeness_v9' } } },
    'no source_completeness schema': { goal_frontier_projection: { source_completeness: { schema_version: null } } },
    'a wrong terminal_state kind': { goal_frontier_projection: { terminal_state: { kind: 'abandoned' } } },
    'a wrong terminal_state source': { goal_frontier_projection: { terminal_state: { source: 'agent_claim' } } },
    'open advancement work': { goal_frontier_projection: { normalized_progress: { agent_open_count: 1 } } },
    'liveness keeps running': { automation_liveness: { automation_action: 'keep_active_quiet' } },
    'should_run true': { should_run: true },
  };
  for (const [name, overrides] of Object.entries(forged)) {
    test(`aTerminalClaimWith_${name.replaceAll(' ', '_')}_isABlockerNotAStop`, async () => {
      const h = harness({ answers: [terminalDecision({ overrides })] });
      await startBound(h);
      const binding = await h.store.read('s-test');
      assert.equal(binding.state, 'active');
      assert.deepEqual(h.sent, []);
      assert.equal(h.loop.status().blocker.code, 'terminal_unvalidated');
      assert.deepEqual(h.clock.pending(), [{ in_ms: 3 * MIN, ms: 3 * MIN }]);
      h.loop.dispose();
    });
  }

  test('aStandingByLoopRechecksAtTheSlowCadence_andResumesWhenWorkReturns', async () => {
    const answers = [terminalDecision(), terminalDecision(), decision({ shouldRun: true, token: 'fresh-work' })];
    const h = harness({ answers: [(args) => json(answers.length > 1 ? answers.shift() : answers[0])], options: { terminalRecheckMs: 60 * MIN } });
    await startBound(h);
    assert.equal((await h.store.read('s-test')).state, 'terminal');
    assert.deepEqual(h.clock.pending(), [{ in_ms: 60 * MIN, ms: 60 * MIN }], 'standing by, not silent');
    assert.equal(h.loop.status().standing_by, true);
    h.loop.onAgentIdle();
    assert.deepEqual(h.clock.pending(), [{ in_ms: 60 * MIN, ms: 60 * MIN }], 'an idle event does not shorten the re-check');
    await h.clock.advance(60 * MIN);
    assert.equal((await h.store.read('s-test')).state, 'terminal', 'still terminal: wait again');
    assert.deepEqual(h.clock.pending(), [{ in_ms: 60 * MIN, ms: 60 * MIN }]);
    await h.clock.advance(60 * MIN);
    await h.clock.advance(0);
    const reopened = await h.store.read('s-test');
    assert.deepEqual([reopened.state, reopened.state_reason], ['active', 'terminal_reopened']);
    assert.equal(h.sent.length, 1, 'the reopened goal gets its turn');
    assert.ok(h.notices.some((n) => n.code === 'terminal_reopened'));
    h.loop.dispose();
  });

  test('terminalWordsInFreeTextChangeNothing', async () => {
    const d = decision({ overrides: { reason: 'terminal_no_followup stop_terminal_no_followup' } });
    assert.equal(rt.claimsTerminal(d), false);
    assert.equal(rt.isValidatedTerminal(d), false);
  });
});

describe('wait plan from scheduler_hint', () => {
  test('progressionIndexIsTheUnchangedPollCount_thenOneFinalCheck_thenAHoldThatKeepsPolling', async () => {
    const gate = decision({ hintAction: 'backoff_waiting_for_user', effectiveAction: 'operator_gate_notify', notify: 'NOTIFY', token: 't-gate' });
    const h = harness({ answers: [gate] });
    await startBound(h);
    const seen = [];
    for (let i = 0; i < 7; i += 1) {
      const b = await h.store.read('s-test');
      seen.push([b.plan.unchanged_polls, b.plan.progression_index, b.plan.action, h.clock.pending()[0]?.in_ms / MIN]);
      await h.clock.advance(h.clock.pending()[0].in_ms);
    }
    // issue 36, item 8: after the final re-check a wait never dies; it holds at the longest step
    assert.deepEqual(seen, [[0, 0, 'wait', 30], [1, 1, 'wait', 60], [2, 2, 'wait', 120], [3, 2, 'final_check', 120],
      [4, 2, 'hold', 120], [5, 2, 'hold', 120], [6, 2, 'hold', 120]]);
    const held = await h.store.read('s-test');
    assert.equal(held.state, 'active', 'a held loop is not stopped');
    assert.deepEqual(h.clock.pending(), [{ in_ms: 120 * MIN, ms: 120 * MIN }], 'it keeps asking should-run');
    assert.equal(h.notices.filter((n) => n.code === 'operator_gate_notify').length, 1, 'NOTIFY once per new token');
    h.loop.dispose();
  });

  test('aHeldLoopTellsThePersonOnce_whyItPausedAndWhatResumesIt', async () => {
    const peers = decision({ hintAction: 'backoff_until_reassigned', effectiveAction: 'peer_coordination_blocked', token: 't-peer',
      overrides: { reason: 'the remaining work is claimed by other agents', recommended_action: 'wait for a peer to finish or release its claim' } });
    const h = harness({ answers: [peers] });
    await startBound(h);
    for (let i = 0; i < 8; i += 1) await h.clock.advance(h.clock.pending()[0].in_ms);
    const paused = h.notices.filter((n) => n.code === 'auto_continue_paused');
    assert.equal(paused.length, 1, 'told once, not on every held poll');
    assert.equal(paused[0].level, 'warning');
    assert.ok(!paused[0].message.includes('\n'), 'one line');
    assert.match(paused[0].message, /^LoopX paused auto-continuation of goal g1 \(agent a1\): the remaining work is claimed by other agents \(peer_coordination_blocked; the same answer for 5 checks\)\. It resumes by itself when that changes — still checking every 60 min; \/loopx-goal stop ends the loop$/);
    assert.equal(paused[0].hint, 'wait for a peer to finish or release its claim');
    assert.equal((await h.store.read('s-test')).state, 'active');
    h.loop.dispose();
  });

  test('aHeldLoopResumesByItself_whenTheAnswerChanges', async () => {
    const gate = decision({ hintAction: 'backoff_waiting_for_user', effectiveAction: 'operator_gate_notify', notify: 'NOTIFY', token: 't-gate' });
    const h = harness({ answers: [gate] });
    await startBound(h);
    for (let i = 0; i < 5; i += 1) await h.clock.advance(h.clock.pending()[0].in_ms);
    assert.equal((await h.store.read('s-test')).plan.action, 'hold');
    assert.equal(h.sent.length, 0);
    // the owner answers the gate: the next answer runs work under a new token
    h.queue.splice(0, h.queue.length, decision({ shouldRun: true, token: 't-work' }));
    await h.clock.advance(h.clock.pending()[0].in_ms);
    assert.equal(h.sent.length, 1, 'the held loop runs the turn by itself');
    const b = await h.store.read('s-test');
    assert.deepEqual([b.state, b.plan.reset_token, b.plan.unchanged_polls], ['active', 't-work', 0]);
    h.loop.dispose();
  });

  test('aStopCadenceStillStops_andSaysWhyAndWhatRestartsIt', async () => {
    const stopped = decision({ hintAction: 'stop_until_explicit_resume', effectiveAction: 'goal_stopped', token: 't-stop',
      overrides: { reason: 'the goal is stopped' } });
    const h = harness({ answers: [stopped] });
    await startBound(h);
    await h.clock.advance(h.clock.pending()[0].in_ms);
    const b = await h.store.read('s-test');
    assert.deepEqual([b.state, b.state_reason], ['stopped', 'stop_tick_loop']);
    assert.deepEqual(h.clock.pending(), []);
    const told = h.notices.filter((n) => n.code === 'stop_tick_loop');
    assert.equal(told.length, 1);
    assert.equal(told[0].level, 'warning');
    assert.match(told[0].message, /^LoopX stopped auto-continuation of goal g1 \(agent a1\): the goal is stopped \(goal_stopped\)\. It does not resume by itself: once that is resolved, \/loopx-goal resume restarts it$/);
    h.loop.dispose();
  });

  test('aNewResetTokenResetsTheWaitPlan', async () => {
    const h = harness({ answers: [decision({ token: 't1' }), decision({ token: 't1' }), decision({ token: 't1' }), decision({ token: 't2' })] });
    await startBound(h);
    await h.clock.advance(60 * MIN);
    await h.clock.advance(120 * MIN);
    assert.equal((await h.store.read('s-test')).plan.progression_index, 2);
    await h.clock.advance(240 * MIN);
    const plan = (await h.store.read('s-test')).plan;
    assert.deepEqual([plan.reset_token, plan.unchanged_polls, plan.progression_index], ['t2', 0, 0]);
    assert.deepEqual(h.clock.pending(), [{ in_ms: 60 * MIN, ms: 60 * MIN }]);
    h.loop.dispose();
  });

  test('activeWorkIsHeldAtItsMaximumAndHasNoLimit', () => {
    let plan = null;
    for (let i = 0; i < 10; i += 1) plan = rt.planNextPoll(decision({ shouldRun: true }), plan);
    assert.deepEqual([plan.unchanged_polls, plan.limit, plan.action, plan.delay_ms], [9, null, 'wait', 3 * MIN]);
  });

  test('stopCadencesGetOneFinalCheckThenStop', () => {
    const stopped = decision({ hintAction: 'stop_until_explicit_resume', effectiveAction: 'goal_stopped' });
    const first = rt.planNextPoll(stopped, null);
    assert.deepEqual([first.action, first.delay_ms], ['final_check', 3 * MIN]);
    assert.equal(rt.planNextPoll(stopped, first).action, 'stop');
  });
});

describe('a user prompt pauses auto-resume', () => {
  test('theInjectedPromptEchoingBackDoesNotPause_aDifferentPromptDoes', async () => {
    const h = harness({ answers: [decision({ shouldRun: true })] });
    await startBound(h);
    assert.deepEqual(await h.loop.onUserPrompt(h.sent[0]), { paused: false });
    assert.deepEqual(await h.loop.onUserPrompt('actually, fix the README first'), { paused: true });
    const binding = await h.store.read('s-test');
    assert.deepEqual([binding.state, binding.state_reason], ['paused', 'user_prompt']);
    h.loop.onAgentIdle();
    await h.clock.advance(60 * MIN);
    assert.equal(h.sent.length, 1, 'no auto-resume while paused');
    assert.equal((await h.loop.resume()).ok, true);
    await h.clock.advance(0);
    assert.equal(h.sent.length, 2);
    h.loop.dispose();
  });

  test('aUserPromptDuringAnEvaluationMakesItStale', async () => {
    const gate = deferred();
    const cli = scriptedCli((args) => (args[0] === 'heartbeat-prompt' ? json(heartbeatBody()) : gate.promise));
    const h = harness({ cli });
    await h.loop.start({ goalId: 'g1', agentId: 'a1' });
    await h.clock.advance(0);
    assert.deepEqual(await h.loop.onUserPrompt('let me drive for a bit'), { paused: true });
    gate.resolve(json(decision({ shouldRun: true })));
    await settle();
    assert.deepEqual(h.sent, []);
    assert.equal((await h.store.read('s-test')).state, 'paused');
    h.loop.dispose();
  });

  test('afterARestartTheStoredPromptDigestStillRecognisesTheInjectedPrompt', async () => {
    const store = rt.createMemoryBindingStore();
    const first = harness({ store, answers: [decision({ shouldRun: true })] });
    await startBound(first);
    first.loop.dispose();
    const second = harness({ store, answers: [decision()] });
    await second.loop.load();
    assert.deepEqual(await second.loop.onUserPrompt(first.sent[0]), { paused: false });
    second.loop.dispose();
  });
});

describe('/loopx-goal command', () => {
  test('startPauseResumeStopAndStatus', async () => {
    const h = harness({ answers: [decision()] });
    assert.equal((await rt.runGoalCommand(h.loop, 'status')).message, 'not bound');
    assert.equal((await rt.runGoalCommand(h.loop, 'pause')).ok, false);
    assert.equal((await rt.runGoalCommand(h.loop, 'start --goal-id ../etc --agent-id a1')).ok, false);
    assert.equal((await rt.runGoalCommand(h.loop, 'start --goal-id g1 --agent-id a1')).ok, true);
    await settle();
    assert.match((await rt.runGoalCommand(h.loop, 'status')).message, /goal g1 agent a1: active/);
    assert.equal((await rt.runGoalCommand(h.loop, 'pause')).ok, true);
    assert.equal((await rt.runGoalCommand(h.loop, 'resume')).ok, true);
    assert.equal((await rt.runGoalCommand(h.loop, 'stop')).ok, true);
    assert.match((await rt.runGoalCommand(h.loop, 'status')).message, /stopped \(user_stop\)/);
    assert.equal((await rt.runGoalCommand(h.loop, 'frobnicate')).ok, false);
    h.loop.dispose();
  });
});

/** A node:fs/promises wrapper that records each file operation (and can slow them down). */
function recordingFs(ops, { delayMs = 0 } = {}) {
  const pause = () => (delayMs ? new Promise((r) => setTimeout(r, delayMs)) : Promise.resolve());
  return {
    ...fs,
    async mkdir(p, o) { ops.push(['mkdir', p]); return fs.mkdir(p, o); },
    async chmod(p, m) { ops.push(['chmod', p, m]); return fs.chmod(p, m); },
    async rename(a, b) { await pause(); ops.push(['rename', a, b]); return fs.rename(a, b); },
    async open(p, flags, mode) {
      await pause();
      ops.push(['open', p, flags, mode]);
      const handle = await fs.open(p, flags, mode);
      return {
        async writeFile(data, enc) { await pause(); ops.push(['write', p, String(data)]); return handle.writeFile(data, enc); },
        async sync() { ops.push(['sync', p]); return handle.sync(); },
        async close() { ops.push(['close', p]); return handle.close(); },
      };
    },
  };
}

describe('store failures never escape (corrupt JSON, EACCES, ENOSPC, a failed rename)', () => {
  /** A memory store whose read or write fails on demand with `error`. */
  function failingStore() {
    const inner = rt.createMemoryBindingStore();
    const control = { readError: null, writeError: null };
    const store = {
      ...inner,
      kind: 'memory',
      read: (key) => (control.readError ? Promise.reject(control.readError) : inner.read(key)),
      commit: (key, g, mutate) => (control.writeError ? Promise.reject(control.writeError) : inner.commit(key, g, mutate)),
    };
    return { store, control };
  }

  for (const [name, error] of [
    ['corrupt JSON', new SyntaxError('Unexpected end of JSON input')],
    ['EACCES', Object.assign(new Error('permission denied'), { code: 'EACCES' })],
  ]) {
    test(`aReadFailure_${name.replace(' ', '_')}_failsClosed_notifiesOnce_andRetriesABoundedNumberOfTimes`, async () => {
      const { store, control } = failingStore();
      const h = harness({ answers: [decision({ shouldRun: true })], store, options: { storeRetryLimit: 2 } });
      await startBound(h);
      const sentBefore = h.sent.length;
      control.readError = error;
      h.loop.onAgentIdle();
      await h.clock.advance(1000);
      assert.equal(h.loop.status().blocker.code, 'binding_store_failed');
      await h.clock.advance(3 * MIN);
      await h.clock.advance(3 * MIN);
      assert.deepEqual(h.clock.pending(), [], 'bounded: no retry after the limit');
      assert.equal(h.sent.length, sentBefore, 'no turn while the store fails');
      assert.equal(h.notices.filter((n) => n.code === 'binding_store_failed').length, 1, 'one notice');
      const status = await rt.runGoalCommand(h.loop, 'status');
      assert.equal(status.ok, true, 'status still answers');
      assert.match(status.message, /binding_store_failed/);
    });
  }

  for (const code of ['ENOSPC', 'EXDEV']) {
    test(`aWriteFailure_${code}_duringAnEvaluation_schedulesTheBoundedRetry`, async () => {
      const { store, control } = failingStore();
      const h = harness({ answers: [decision({ shouldRun: false })], store });
      assert.equal((await h.loop.start({ goalId: 'g1', agentId: 'a1' })).ok, true);
      control.writeError = Object.assign(new Error(`write failed (${code})`), { code });
      const outcome = await h.loop.evaluate('manual');
      assert.equal(outcome.outcome, 'blocked');
      assert.equal(h.loop.status().blocker.code, 'binding_store_failed');
      assert.ok(h.clock.pending().some((p) => p.ms === 3 * MIN), 'the retry is armed');
      control.writeError = null;
      h.loop.dispose();
    });
  }

  test('aCorruptBindingFileOnDisk_isABlocker_neverARejection', async () => {
    const root = await tempDir();
    const dir = path.join(root, '.loopx', 'pi');
    const store = rt.createFileBindingStore({ dir });
    const h = harness({ answers: [decision({ shouldRun: false })], store });
    await startBound(h);
    for (let i = 0; i < 100 && h.loop.status().last_outcome === null; i += 1) await new Promise((r) => setTimeout(r, 20));
    assert.ok(h.loop.status().last_outcome, 'the start evaluation ended');
    await fs.writeFile(path.join(dir, 's-test.json'), '{"schema_version": ');
    const outcome = await h.loop.evaluate('manual');
    assert.equal(outcome.outcome, 'blocked');
    assert.match(h.loop.status().blocker.message, /SyntaxError/);
    assert.deepEqual(await h.loop.restore(), { ok: false, reason: 'store_failed' });
    assert.equal((await h.loop.pause()).reason, 'store_failed');
    h.loop.dispose();
  });
});

describe('acks only for the host\'s own surface', () => {
  test('withoutAckSurfaces_(Pi_and_OpenCode)_anAckNeededAnswerIsNeverAcked', async () => {
    const h = harness({ answers: [decision({ shouldRun: true, ackNeeded: true })], ackSurfaces: [] });
    await startBound(h);
    assert.equal(h.sent.length, 1);
    assert.equal(h.runCli.callsOf('quota scheduler-ack').length, 0);
    assert.equal(h.loop.status().last_outcome.ack.acked, false);
    h.loop.dispose();
  });
});

describe('a run the user aborted', () => {
  test('pausesTheLoopLikeATypedPrompt', async () => {
    const h = harness({ answers: [decision({ shouldRun: true })] });
    await startBound(h);
    assert.equal(h.sent.length, 1);
    const result = await h.loop.onAgentAborted();
    assert.equal(result.paused, true);
    const binding = await h.store.read('s-test');
    assert.deepEqual([binding.state, binding.state_reason], ['paused', 'user_abort']);
    await h.clock.advance(10 * MIN);
    assert.equal(h.sent.length, 1);
  });
});
