// Test support for the loop core: a manual clock, a scripted CLI, should-run documents shaped like the
// real CLI's (SPEC §S7/§S8), and paths to the resources under test.
import { fileURLToPath } from 'node:url';
import * as path from 'node:path';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';

const here = path.dirname(fileURLToPath(import.meta.url));
export const resources = path.resolve(here, '../../main/resources/dev/loopx/host');
export const runtimePath = path.join(resources, 'core', 'loopx-goal-loop-core.mjs');
export const piAdapterPath = path.join(resources, 'pi', 'loopx-goal.ts');
export const openCodeBridgePath = path.join(resources, 'opencode', 'loopx-goal-bridge.js');

export async function tempDir(prefix = 'loopx-pi-') {
  return fs.mkdtemp(path.join(os.tmpdir(), prefix));
}

/** Lets queued promise callbacks and immediates run. */
export async function settle(rounds = 20) {
  for (let i = 0; i < rounds; i += 1) await new Promise((resolve) => setImmediate(resolve));
}

export async function waitFor(condition, what = 'condition', timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

export function deferred() {
  let resolve;
  let reject;
  const promise = new Promise((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A clock whose time moves only when a test advances it; timers fire in due order. */
export function manualClock(start = Date.parse('2026-11-29T10:00:00Z')) {
  let now = start;
  let nextId = 0;
  const timers = new Map();
  return {
    now: () => now,
    setTimeout(fn, ms) {
      nextId += 1;
      timers.set(nextId, { at: now + ms, fn, ms });
      return nextId;
    },
    clearTimeout(id) {
      timers.delete(id);
    },
    pending() {
      return [...timers.values()].map((t) => ({ in_ms: t.at - now, ms: t.ms }));
    },
    async advance(ms) {
      const target = now + ms;
      for (;;) {
        const due = [...timers.entries()].filter(([, t]) => t.at <= target).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        timers.delete(due[0]);
        now = due[1].at;
        due[1].fn();
        await settle();
      }
      now = target;
      await settle();
    },
  };
}

/** A scripted CLI: `respond(args)` returns a result (or a promise of one); every call is recorded. */
export function scriptedCli(respond) {
  const calls = [];
  const run = async (args) => {
    calls.push(args);
    return respond(args);
  };
  run.calls = calls;
  run.callsOf = (sub) => calls.filter((args) => args.join(' ').startsWith(sub));
  return run;
}

export const json = (doc, exitCode = 0) => ({ exitCode, stdout: `${JSON.stringify(doc)}\n`, stderr: '' });

const CADENCES = {
  run_now: { cadence: 'active_work', progression: [3, 6, 10], max: 3, limit: null, after: 'continue' },
  backoff_waiting_for_user: { cadence: 'human_gate', progression: [30, 60, 120], max: 120, limit: 3, after: 'stop_tick_loop' },
  backoff_until_reassigned: { cadence: 'peer_coordination_wait', progression: [10, 20, 30, 60], max: 60, limit: 3, after: 'stop_tick_loop' },
  backoff_until_fresh_evidence: { cadence: 'unchanged_noop', progression: [60, 120, 240], max: 240, limit: 3, after: 'stop_tick_loop' },
  stop_until_explicit_resume: { cadence: 'goal_stopped', progression: [], max: null, limit: 0, after: 'stop_tick_loop' },
  repair_scheduler_execution_context: { cadence: 'control_plane_repair', progression: [], max: null, limit: 0, after: 'stop_tick_loop' },
};

/** A `loopx_quota_decision_v0` document with the fields the loop reads, shaped as the CLI prints them. */
export function decision({
  goalId = 'g1', agentId = 'a1', shouldRun = false, effectiveAction, hintAction, cadenceClass,
  token = 'aaaaaaaaaaaaaaaa', ackNeeded = false, notify = 'DONT_NOTIFY', terminal = false, overrides = {},
} = {}) {
  const action = hintAction ?? (shouldRun ? 'run_now' : 'backoff_until_fresh_evidence');
  const c = CADENCES[action];
  const cadence = cadenceClass ?? c.cadence;
  const effective = effectiveAction ?? (shouldRun ? 'normal_run' : 'quota_skip');
  const limits = { local_scheduler: c.limit, codex_cli_tui: c.limit, claude_code_loop: c.limit };
  const after = { local_scheduler: c.after, codex_cli_tui: c.after, claude_code_loop: c.after };
  const ackArgs = ['quota', 'scheduler-ack-current', '--goal-id', goalId, '--agent-id', agentId,
    '--applied-rrule', 'FREQ=MINUTELY;INTERVAL=3', '--reset-token', token, '--identity-signature', 'bbbbbbbbbbbb', '--execute'];
  const doc = {
    schema_version: 'loopx_quota_decision_v0',
    ok: true,
    goal_id: goalId,
    should_run: shouldRun,
    state: 'active',
    effective_action: effective,
    reason: `reason for ${effective}`,
    recommended_action: shouldRun ? 'claim the selected todo, then work on it' : 'wait',
    normal_delivery_allowed: shouldRun,
    agent_identity: { agent_id: agentId, registered: true },
    selected_todo: shouldRun ? { schema_version: 'todo_item_v0', todo_id: 'todo_1', text: 'write the parser' } : null,
    heartbeat_recommendation: { recommended_mode: shouldRun ? 'work' : 'quiet', notify },
    interaction_contract: {
      schema_version: 'loopx_interaction_contract_v0',
      mode: shouldRun ? 'work' : 'quiet',
      user_channel: { action_required: notify === 'NOTIFY', notify },
      agent_channel: { primary_action: shouldRun ? 'claim the selected todo, then work on it' : 'wait', delivery_allowed: shouldRun, required_reads: [] },
      cli_channel: {
        next_cli_actions: shouldRun
          ? [`loopx todo claim --goal-id ${goalId} --todo-id todo_1 --agent-id ${agentId}`, `loopx todo complete --goal-id ${goalId} --todo-id todo_1 --agent-id ${agentId}`]
          : [],
        next_cli_inputs: shouldRun
          ? [{ command: `loopx todo complete --goal-id ${goalId} --todo-id todo_1 --agent-id ${agentId}`, flag: '--evidence', meaning: 'what was delivered', required: true, switch: false, choices: [] }]
          : [],
      },
    },
    automation_liveness: { automation_action: terminal ? 'stop_terminal_no_followup' : 'keep_active_quiet', pause_allowed: false },
    automation_prompt_upgrade: { required: false },
    goal_frontier_projection: {
      schema_version: 'goal_frontier_projection_v0',
      normalized_progress: { user_open_count: 0, agent_open_count: terminal ? 0 : 1, agent_advancement_open_count: terminal ? 0 : 1, agent_monitor_open_count: 0, agent_monitor_due_count: 0 },
      remaining_advancement_frontier: { current_agent_claimed_advancement_count: 0, unclaimed_advancement_count: terminal ? 0 : 1, other_agent_claimed_advancement_count: 0 },
      deferred_successors: { ready_count: 0, blocked_count: 0 },
      acceptance_gaps: [],
      autonomy_blockers: [],
      replan_required: false,
      source_completeness: { schema_version: 'goal_terminal_source_completeness_v0', user_todos: terminal ? 'valid' : 'missing', agent_todos: terminal ? 'valid' : 'invalid' },
      ...(terminal ? { terminal_state: { schema_version: 'goal_terminal_state_v0', kind: 'no_followup', derived: true, source: 'validated_goal_closure' } } : {}),
    },
    scheduler_hint: {
      schema_version: 'scheduler_hint_v0',
      source: 'quota.should-run',
      action,
      cadence_class: cadence,
      reason_code: effective,
      unchanged_poll: { limits, after_limits: after, final_quota_replan_check_action: 'run_quota_should_run_once_before_stop' },
      reset_policy: { reset_token: token, identity_signature: 'bbbbbbbbbbbb', app_automation_initial_interval_minutes: c.progression[0] ?? null, app_automation_initial_rrule: '' },
      app_automation: {
        surface: 'codex_app',
        progression_minutes: c.progression.map((m) => Math.min(m, 60)),
        stateful_backoff: { schema_version: 'app_automation_stateful_backoff_v0', reset_token: token, progression_index: 0, apply_needed: ackNeeded, ack_needed: ackNeeded, state_status: 'missing' },
        ...(ackNeeded ? { ack_hint: { schema_version: 'app_automation_scheduler_ack_hint_v0', no_spend: true, cli_args: ackArgs } } : {}),
      },
      cold_path_detail: {
        local_scheduler: {
          recommended_interval_minutes: c.progression[0] ?? null,
          max_interval_minutes: c.max,
          example_progression_minutes: c.progression,
          unchanged_poll_limit: c.limit,
          after_limit: c.after,
        },
      },
    },
  };
  return mergeDeep(doc, overrides);
}

function mergeDeep(target, patch) {
  for (const [k, v] of Object.entries(patch)) {
    if (v && typeof v === 'object' && !Array.isArray(v) && target[k] && typeof target[k] === 'object') mergeDeep(target[k], v);
    else target[k] = v;
  }
  return target;
}

export function terminalDecision(opts = {}) {
  return decision({ shouldRun: false, effectiveAction: 'terminal_no_followup', hintAction: 'stop_until_explicit_resume', cadenceClass: 'terminal_no_followup', terminal: true, ...opts });
}

export function heartbeatBody(goalId = 'g1', agentId = 'a1', body = 'LoopX heartbeat: run should-run, follow interaction_contract, claim before work.') {
  return { schema_version: 'heartbeat_agent_input_v1', ok: true, goal_id: goalId, agent_id: agentId, task_body: body, interface_budget: { mode: 'thin', budget_char_count: body.length, max_chars: 3000, within_budget: true } };
}
