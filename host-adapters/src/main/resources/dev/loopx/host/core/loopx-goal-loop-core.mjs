// LoopX goal loop core, shared by the Pi extension (loopx-goal.ts) and the OpenCode goal bridge
// (loopx-goal-bridge.js); installed next to each as loopx-goal-loop-core.mjs (it was called
// pi-goal-loop-runtime.mjs before). Plain ESM, Node built-ins only, no npm dependencies.
//
// Contract (SPEC §S13, §S7, §S8): the host keeps no goal state machine of its own. Every decision
// comes from `loopx quota should-run` JSON; this file only remembers, per host session, which goal
// and agent the session is bound to and where the local wait plan stands. Every side effect (running
// the CLI, timers, the file system, sending a prompt, notifying the user, logging) is injected so the
// loop can be driven by tests.
//
// Guarantees:
// - Binding store under `<runtime-root>/pi/` (dirs 0700, files 0600); each write is temp file +
//   fsync + rename + directory fsync, and writes to one key run one after another (per-key queue).
// - Every commit is a generation compare-and-swap: an evaluation that read generation N commits
//   only if the binding is still at N (and then moves it to N+1); otherwise it commits nothing and
//   sends nothing.
// - `dispose()` bumps an epoch: every timer and every in-flight evaluation of the old epoch becomes
//   inert — nothing commits, sends or acks after dispose.
// - A session without a session file gets an in-memory ephemeral identity and an in-memory store.
// - A failed quota probe (CLI missing, not JSON, ok=false of unknown shape, an unvalidated terminal
//   claim) never runs a turn and never changes the binding: it reports a blocker with a hint and
//   retries after 3 minutes.
// - The loop stops as terminal only on a validated `terminal_no_followup` answer, then stands by and
//   re-checks at a slow cadence (TERMINAL_RECHECK_MS) when the host asks for it (OpenCode).
// - A user prompt that differs from the prompt the loop injected pauses auto-resume; so does a run
//   the user aborted and, when the host reports them, a session error or a rejected permission.
// - A store failure (corrupt JSON, EACCES, ENOSPC, a failed rename) never escapes: the loop fails
//   closed (no turn), notifies once, and retries at most STORE_RETRY_LIMIT times.
// - A host acks only the scheduler state of its own surface (`ackSurfaces`, none for Pi and
//   OpenCode): the Codex App's stateful backoff is never acked from here.

import { createHash, randomUUID } from 'node:crypto';
import { execFile } from 'node:child_process';
import { existsSync, realpathSync, statSync } from 'node:fs';
import { createConnection } from 'node:net';
import * as nodeFs from 'node:fs/promises';
import * as nodePath from 'node:path';
import { hostname } from 'node:os';

export const BINDING_SCHEMA = 'loopx_pi_session_binding_v1';
export const QUOTA_PROBE_RETRY_MS = 3 * 60 * 1000;
/** After a validated terminal answer, a standing-by loop asks should-run again this rarely. */
export const TERMINAL_RECHECK_MS = 60 * 60 * 1000;
/** Consecutive store failures the loop retries before it stops and waits for the user. */
export const STORE_RETRY_LIMIT = 5;
export const DEFAULT_RUNTIME_PROFILE = 'generic_cli';
export const DEFAULT_LOOP_KIND = 'local_scheduler';
const ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,159}$/;
const KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,159}$/;
const DOCTOR_HINT = 'loopx doctor';

// ---------------------------------------------------------------------------------------------
// Binding store
// ---------------------------------------------------------------------------------------------

/** Serialises async tasks per key: a task starts only after every earlier task of its key ended. */
export function createKeyedQueue() {
  const tails = new Map();
  return function enqueue(key, task) {
    const previous = tails.get(key) ?? Promise.resolve();
    const run = previous.then(() => task());
    const tail = run.then(() => undefined, () => undefined);
    tails.set(key, tail);
    tail.then(() => {
      if (tails.get(key) === tail) tails.delete(key);
    });
    return run;
  };
}

function checkKey(key) {
  if (typeof key !== 'string' || !KEY_PATTERN.test(key)) {
    throw new Error(`invalid binding key: ${JSON.stringify(key)}`);
  }
}

function queuedStore(kind, backend) {
  const enqueue = createKeyedQueue();
  return {
    kind,
    /** `{held}`: whether `owner` holds the cross-process lease of `key` (always, in memory). */
    acquireLease(key, owner, ttlMs, now) {
      checkKey(key);
      return backend.acquireLease ? enqueue(key, () => backend.acquireLease(key, owner, ttlMs, now)) : Promise.resolve({ held: true });
    },
    releaseLease(key, owner) {
      checkKey(key);
      return backend.releaseLease ? enqueue(key, () => backend.releaseLease(key, owner)) : Promise.resolve();
    },
    /** The binding of `key`, or null. Queued behind pending writes of that key. */
    read(key) {
      checkKey(key);
      return enqueue(key, () => backend.read(key));
    },
    /** Replaces the binding of `key` (queued, atomic). */
    write(key, value) {
      checkKey(key);
      return enqueue(key, () => backend.write(key, value));
    },
    remove(key) {
      checkKey(key);
      return enqueue(key, () => backend.remove(key));
    },
    /**
     * Generation compare-and-swap. `mutate(current)` runs inside the key's queue only when the stored
     * generation (0 when there is no binding) equals `expectedGeneration`; it returns the next binding
     * or null to write nothing. The written binding carries generation expectedGeneration + 1.
     */
    commit(key, expectedGeneration, mutate) {
      checkKey(key);
      return enqueue(key, async () => {
        const current = await backend.read(key);
        const generation = current?.generation ?? 0;
        if (generation !== expectedGeneration) {
          return { committed: false, reason: 'stale_generation', binding: current };
        }
        const next = mutate(current);
        if (next == null) return { committed: false, reason: 'aborted', binding: current };
        const written = { ...next, schema_version: BINDING_SCHEMA, generation: expectedGeneration + 1 };
        await backend.write(key, written);
        return { committed: true, binding: written };
      });
    },
  };
}

let tempCounter = 0;
function defaultTempSuffix() {
  tempCounter += 1;
  return `${process.pid}-${Date.now()}-${tempCounter}`;
}

/**
 * Binding files `<dir>/<key>.json`. `fs` is a `node:fs/promises`-shaped object (injected by tests).
 * The folder is created 0700 (and tightened to 0700 if it exists); files are created 0600.
 */
export function createFileBindingStore({ dir, fs = nodeFs, tempSuffix = defaultTempSuffix }) {
  if (typeof dir !== 'string' || dir.length === 0) throw new Error('binding store needs a folder');
  const fileFor = (key) => nodePath.join(dir, `${key}.json`);

  async function ensureDir() {
    await fs.mkdir(dir, { recursive: true, mode: 0o700 });
    await fs.chmod(dir, 0o700);
  }

  async function syncDir() {
    let handle;
    try {
      handle = await fs.open(dir, 'r');
      await handle.sync();
    } catch (error) {
      // Some platforms cannot fsync a directory; the rename is still atomic there.
      if (!['EISDIR', 'EINVAL', 'EPERM', 'EBADF'].includes(error?.code)) throw error;
    } finally {
      await handle?.close();
    }
  }

  return queuedStore('file', {
    async read(key) {
      let text;
      try {
        text = await fs.readFile(fileFor(key), 'utf8');
      } catch (error) {
        if (error?.code === 'ENOENT') return null;
        throw error;
      }
      const value = JSON.parse(text);
      if (!value || value.schema_version !== BINDING_SCHEMA || !Number.isInteger(value.generation)) {
        throw new Error(`binding ${key} is not a ${BINDING_SCHEMA} document`);
      }
      return value;
    },
    async write(key, value) {
      await ensureDir();
      const target = fileFor(key);
      const temp = `${target}.tmp-${tempSuffix()}`;
      let handle;
      try {
        handle = await fs.open(temp, 'wx', 0o600);
        await handle.writeFile(`${JSON.stringify(value, null, 2)}\n`, 'utf8');
        await handle.sync();
        await handle.close();
        handle = undefined;
        await fs.chmod(temp, 0o600);
        await fs.rename(temp, target);
      } catch (error) {
        await handle?.close().catch(() => undefined);
        await fs.rm(temp, { force: true }).catch(() => undefined);
        throw error;
      }
      await syncDir();
    },
    async remove(key) {
      await fs.rm(fileFor(key), { force: true });
    },
    /**
     * The cross-process lease of `key` (`<key>.lease`, 0600): held by one owner at a time, so two host
     * processes on one session never both inject a turn. Created with O_EXCL; renewed by its owner;
     * taken over only when it expired or names a process of this machine that no longer runs (the
     * taker re-reads after its rename, so of two takers only the one whose write survived holds it).
     */
    async acquireLease(key, owner, ttlMs, now) {
      await ensureDir();
      const file = nodePath.join(dir, `${key}.lease`);
      const mine = JSON.stringify({ owner, pid: process.pid, host: hostname(), expires_at: now + ttlMs });
      try {
        const handle = await fs.open(file, 'wx', 0o600);
        try {
          await handle.writeFile(mine, 'utf8');
        } finally {
          await handle.close();
        }
        return { held: true };
      } catch (error) {
        if (error?.code !== 'EEXIST') throw error;
      }
      let current;
      try {
        current = JSON.parse(await fs.readFile(file, 'utf8'));
      } catch {
        current = null; // unreadable or half-written: treated as expired
      }
      const alive = (pid) => {
        try {
          process.kill(pid, 0);
          return true;
        } catch (e) {
          return e?.code === 'EPERM';
        }
      };
      const free = !current || current.owner === owner || !(current.expires_at > now) ||
        (current.host === hostname() && Number.isInteger(current.pid) && !alive(current.pid));
      if (!free) return { held: false, holder_pid: current.pid };
      const temp = `${file}.tmp-${tempSuffix()}`;
      await fs.writeFile(temp, mine, { encoding: 'utf8', mode: 0o600, flag: 'wx' });
      await fs.rename(temp, file);
      const after = JSON.parse(await fs.readFile(file, 'utf8'));
      return { held: after.owner === owner };
    },
    async releaseLease(key, owner) {
      const file = nodePath.join(dir, `${key}.lease`);
      try {
        if (JSON.parse(await fs.readFile(file, 'utf8')).owner === owner) await fs.rm(file, { force: true });
      } catch {
        // absent or unreadable: nothing of ours to release
      }
    },
  });
}

/** The same store contract in memory: ephemeral sessions, and hosts without a runtime root. */
export function createMemoryBindingStore() {
  const values = new Map();
  return queuedStore('memory', {
    async read(key) {
      return values.has(key) ? JSON.parse(values.get(key)) : null;
    },
    async write(key, value) {
      values.set(key, JSON.stringify(value));
    },
    async remove(key) {
      values.delete(key);
    },
  });
}

// ---------------------------------------------------------------------------------------------
// Session identity
// ---------------------------------------------------------------------------------------------

export function sha256Hex(text) {
  return createHash('sha256').update(String(text), 'utf8').digest('hex');
}

/**
 * The binding key of a host session. A session with a session file (it survives a restart) gets a
 * stable key derived from its id; any other session gets an in-memory ephemeral identity that is
 * never written to disk.
 */
export function resolveSessionIdentity({ sessionId, sessionFile, newId = randomUUID } = {}) {
  if (typeof sessionId === 'string' && sessionId.length > 0 && sessionFile) {
    return { key: `s-${sha256Hex(sessionId).slice(0, 32)}`, ephemeral: false };
  }
  const id = String(newId()).replace(/[^A-Za-z0-9_.-]/g, '').slice(0, 64) || 'session';
  return { key: `ephemeral-${id}`, ephemeral: true };
}

// ---------------------------------------------------------------------------------------------
// The CLI
// ---------------------------------------------------------------------------------------------

/**
 * Runs `<bin> args…` in `cwd`. Resolves (never rejects) with `{exitCode, stdout, stderr}` or, when the
 * CLI could not be executed at all, `{spawnError, stdout:'', stderr}`.
 */
export function createCliRunner({ bin, cwd, env = process.env, timeoutMs = 60_000 }) {
  const spawnCli = (args) =>
    new Promise((resolve) => {
      execFile(
        bin,
        args,
        { cwd, env, timeout: timeoutMs, maxBuffer: 8 * 1024 * 1024, windowsHide: true },
        (error, stdout, stderr) => {
          const out = String(stdout ?? '');
          const err = String(stderr ?? '');
          if (!error) return resolve({ exitCode: 0, stdout: out, stderr: err });
          if (typeof error.code === 'number') return resolve({ exitCode: error.code, stdout: out, stderr: err });
          const reason = error.killed ? 'timeout' : (error.code ?? 'spawn_failed');
          return resolve({ spawnError: String(reason), stdout: out, stderr: err });
        },
      );
    });
  // A heartbeat read goes straight to the runtime root's resident answerer when one listens
  // (docs/adr/0014-resident-answerer.md): no `sh`, no `perl`, no JVM. Anything else, or no answer
  // from it, runs the CLI as a process (a read is safe to run again).
  return async (args) => {
    const answered = await askResident({ bin, cwd, env, args, timeoutMs });
    return answered ?? spawnCli(args);
  };
}

/** The commands a probe may hand to the resident answerer (reads only: a write is never retried). */
const RESIDENT_READS = new Set(['quota should-run', 'quota status', 'status', 'heartbeat-prompt', 'todo list']);
const VALUED_GLOBALS = new Set(['--runtime-root', '--format', '--now']);

/** The command's words, global options and their values skipped (as the answerer reads them). */
export function residentCommand(args) {
  const words = [];
  for (let i = 0; i < args.length && words.length < 2; i++) {
    const a = args[i];
    if (a.startsWith('-')) {
      if (words.length === 0 && VALUED_GLOBALS.has(a)) i++;
      if (words.length > 0) break;
      continue;
    }
    words.push(a);
  }
  if (words.length === 2 && !RESIDENT_READS.has(words.join(' '))) return words[0];
  return words.join(' ');
}

/** SPEC §S0's runtime root, as bin/loopx finds it: --runtime-root, the nearest .loopx/ with a ledger/, $LOOPX_HOME, ~/.loopx. */
export function residentRuntimeRoot(args, cwd, env) {
  let explicit;
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--runtime-root' && i + 1 < args.length) explicit = args[++i];
    else if (args[i].startsWith('--runtime-root=')) explicit = args[i].slice('--runtime-root='.length);
  }
  if (explicit !== undefined) return nodePath.resolve(cwd, explicit);
  for (let dir = nodePath.resolve(cwd); ; dir = nodePath.dirname(dir)) {
    const candidate = nodePath.join(dir, '.loopx');
    try {
      if (statSync(nodePath.join(candidate, 'ledger')).isDirectory()) return candidate;
    } catch {
      // not here
    }
    if (nodePath.dirname(dir) === dir) break;
  }
  if (env.LOOPX_HOME) return nodePath.resolve(cwd, env.LOOPX_HOME);
  return env.HOME ? nodePath.join(env.HOME, '.loopx') : undefined;
}

function frame(text) {
  const bytes = Buffer.from(String(text), 'utf8');
  const length = Buffer.alloc(4);
  length.writeUInt32BE(bytes.length);
  return [length, bytes];
}

/**
 * One read through the resident answerer's socket: `{exitCode, stdout, stderr}`, or undefined when it
 * cannot be used (switched off, no socket, another distribution, declined, ended, too slow).
 */
export function askResident({ bin, cwd, env, args, timeoutMs = 30_000 }) {
  if (String(env.LOOPX_ANSWERER ?? '').trim().toLowerCase() === 'off') return Promise.resolve(undefined);
  if (!RESIDENT_READS.has(residentCommand(args)) || args.includes('-')) return Promise.resolve(undefined);
  let dist;
  let socketPath;
  try {
    const launcher = launcherPath(bin, cwd, env);
    if (!launcher) return Promise.resolve(undefined);
    dist = realpathSync(nodePath.join(nodePath.dirname(realpathSync(launcher)), '..'));
    // `loopx install`'s managed launcher runs <home>/current/bin/loopx: the distribution is current's
    if (!existsSync(nodePath.join(dist, 'bin', 'loopx-ask')) && existsSync(nodePath.join(dist, 'current', 'bin', 'loopx-ask'))) {
      dist = realpathSync(nodePath.join(dist, 'current'));
    }
    if (!existsSync(nodePath.join(dist, 'bin', 'loopx-ask'))) return Promise.resolve(undefined); // not a LoopX distribution
    const root = residentRuntimeRoot(args, cwd, env);
    if (!root || existsSync(nodePath.join(root, 'ledger-location'))) return Promise.resolve(undefined);
    socketPath = nodePath.join(root, 'answerer', 'answerer.sock');
    if (!statSync(socketPath).isSocket()) return Promise.resolve(undefined);
    const entries = Object.keys(env).sort().map((k) => `${k}=${env[k]}`);
    const fields = [dist, root, nodePath.resolve(cwd), process.pid, '00', entries.length, ...entries, ...args];
    const count = Buffer.alloc(4);
    count.writeUInt32BE(fields.length);
    const request = Buffer.concat([Buffer.from('LXA1'), count, ...fields.flatMap(frame)]);
    return new Promise((resolve) => {
      const chunks = [];
      let settled = false;
      const done = (value) => {
        if (!settled) {
          settled = true;
          clearTimeout(timer);
          socket.destroy();
          resolve(value);
        }
      };
      const socket = createConnection({ path: socketPath });
      const timer = setTimeout(() => done(undefined), Math.min(timeoutMs, 30_000));
      socket.on('error', () => done(undefined));
      socket.on('data', (chunk) => chunks.push(chunk));
      socket.on('end', () => done(parseResident(Buffer.concat(chunks))));
      socket.on('connect', () => socket.write(request));
    });
  } catch {
    return Promise.resolve(undefined);
  }
}

/** The launcher `bin` names: a path as given, a bare name found on PATH as a shell would find it. */
function launcherPath(bin, cwd, env) {
  const name = String(bin);
  if (name.includes('/')) return nodePath.resolve(cwd, name);
  for (const dir of String(env.PATH ?? '').split(':')) {
    if (!dir) continue;
    const candidate = nodePath.join(nodePath.resolve(cwd, dir), name);
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not in this folder
    }
  }
  return undefined;
}

function parseResident(buffer) {
  if (buffer.length < 12 || buffer.toString('latin1', 0, 4) !== 'LXA1') return undefined;
  const exitCode = buffer.readInt32BE(4);
  const outLength = buffer.readUInt32BE(8);
  if (buffer.length < 16 + outLength) return undefined;
  const stdout = buffer.toString('utf8', 12, 12 + outLength);
  const errLength = buffer.readUInt32BE(12 + outLength);
  if (buffer.length < 16 + outLength + errLength || exitCode < 0) return undefined; // declined, or cut short
  return { exitCode, stdout, stderr: buffer.toString('utf8', 16 + outLength, 16 + outLength + errLength) };
}

function parseJsonDocument(stdout) {
  const text = String(stdout ?? '').trim();
  if (!text.startsWith('{')) return undefined;
  try {
    const value = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

function blocker(code, message, hint = DOCTOR_HINT) {
  return { code, message, hint };
}

/** The should-run request for one lane (SPEC §S7): JSON, an explicit profile, the local scheduler detail. */
export function shouldRunArgs({ goalId, agentId, runtimeProfile = DEFAULT_RUNTIME_PROFILE }) {
  return [
    'quota', 'should-run',
    '--goal-id', goalId,
    '--agent-id', agentId,
    '--runtime-profile', runtimeProfile,
    '--include-detail', 'scheduler',
    '--format', 'json',
  ];
}

/** Why `doc` is not a usable `loopx_quota_decision_v0` answer, or null when it is one. */
export function decisionProblem(doc) {
  if (!doc || typeof doc !== 'object') return 'not an object';
  if (doc.schema_version !== 'loopx_quota_decision_v0') return 'schema_version is not loopx_quota_decision_v0';
  if (doc.ok !== true) return 'ok is not true';
  if (typeof doc.should_run !== 'boolean') return 'should_run is not a boolean';
  if (typeof doc.effective_action !== 'string' || doc.effective_action === '') return 'effective_action missing';
  const hint = doc.scheduler_hint;
  if (!hint || hint.schema_version !== 'scheduler_hint_v0') return 'scheduler_hint is not scheduler_hint_v0';
  if (typeof hint.action !== 'string' || typeof hint.cadence_class !== 'string') return 'scheduler_hint action/cadence missing';
  const token = hint.reset_policy?.reset_token;
  if (typeof token !== 'string' || token === '') return 'scheduler_hint.reset_policy.reset_token missing';
  if (!hint.unchanged_poll || typeof hint.unchanged_poll.limits !== 'object' || hint.unchanged_poll.limits === null) {
    return 'scheduler_hint.unchanged_poll.limits missing';
  }
  return null;
}

/** True when the answer claims terminal state in any of its fields. */
export function claimsTerminal(decision) {
  return (
    decision?.effective_action === 'terminal_no_followup' ||
    decision?.scheduler_hint?.cadence_class === 'terminal_no_followup' ||
    decision?.automation_liveness?.automation_action === 'stop_terminal_no_followup' ||
    decision?.goal_frontier_projection?.terminal_state != null
  );
}

/**
 * A terminal answer the loop may stop on: every field that SPEC §S7 derives for terminal state agrees
 * (never a string match on one field).
 */
export function isValidatedTerminal(decision) {
  const frontier = decision?.goal_frontier_projection;
  const terminal = frontier?.terminal_state;
  const sources = frontier?.source_completeness;
  const progress = frontier?.normalized_progress ?? {};
  const remaining = frontier?.remaining_advancement_frontier ?? {};
  const zero = (object) => Object.values(object).every((value) => value === 0);
  return (
    decisionProblem(decision) === null &&
    decision.should_run === false &&
    decision.effective_action === 'terminal_no_followup' &&
    decision.automation_liveness?.automation_action === 'stop_terminal_no_followup' &&
    decision.scheduler_hint.cadence_class === 'terminal_no_followup' &&
    decision.scheduler_hint.action === 'stop_until_explicit_resume' &&
    frontier?.schema_version === 'goal_frontier_projection_v0' &&
    terminal?.schema_version === 'goal_terminal_state_v0' &&
    terminal.kind === 'no_followup' &&
    terminal.derived === true &&
    terminal.source === 'validated_goal_closure' &&
    sources?.schema_version === 'goal_terminal_source_completeness_v0' &&
    sources.user_todos === 'valid' &&
    sources?.agent_todos === 'valid' &&
    zero(progress) &&
    zero(remaining) &&
    Array.isArray(frontier.acceptance_gaps) && frontier.acceptance_gaps.length === 0 &&
    Array.isArray(frontier.autonomy_blockers) && frontier.autonomy_blockers.length === 0 &&
    frontier.replan_required === false
  );
}

/** One should-run probe. Resolves `{ok:true, decision}` or `{ok:false, blocker}`; never throws. */
export async function probeShouldRun(runCli, request) {
  let result;
  try {
    result = await runCli(shouldRunArgs(request));
  } catch (error) {
    result = { spawnError: String(error?.code ?? error?.message ?? 'spawn_failed'), stdout: '', stderr: '' };
  }
  if (result.spawnError) {
    return {
      ok: false,
      blocker: blocker('cli_unavailable', `the loopx CLI could not be run (${result.spawnError})`,
        'install LoopX or set LOOPX_BIN to the loopx launcher, then run `loopx doctor`'),
    };
  }
  const doc = parseJsonDocument(result.stdout);
  if (!doc) {
    return {
      ok: false,
      blocker: blocker('should_run_not_json', `loopx quota should-run printed no JSON document (exit ${result.exitCode})`),
    };
  }
  if (doc.ok === false) {
    if (doc.schema_version === 'loopx_error_v0' && typeof doc.error_code === 'string') {
      return {
        ok: false,
        blocker: blocker(doc.error_code, String(doc.message ?? 'loopx refused the should-run request'),
          typeof doc.hint === 'string' && doc.hint ? doc.hint : DOCTOR_HINT),
      };
    }
    return { ok: false, blocker: blocker('should_run_unrecognised', 'should-run answered ok=false in an unknown shape') };
  }
  const problem = decisionProblem(doc);
  if (problem) {
    return { ok: false, blocker: blocker('should_run_unrecognised', `should-run answer rejected: ${problem}`) };
  }
  if (claimsTerminal(doc) && !isValidatedTerminal(doc)) {
    return {
      ok: false,
      blocker: blocker('terminal_unvalidated', 'should-run claimed terminal state without the validated closure fields',
        'loopx status'),
    };
  }
  return { ok: true, decision: doc };
}

// ---------------------------------------------------------------------------------------------
// Prompt sources: what the loop injects when should_run is true
// ---------------------------------------------------------------------------------------------

/**
 * The heartbeat thin body (SPEC §S11): `loopx heartbeat-prompt --goal-id G --agent-id A --format json`
 * must answer `heartbeat_agent_input_v1` with ok=true and a non-empty `task_body`; anything else is a
 * blocker (no turn), never a remembered prompt.
 */
export function heartbeatPromptSource(runCli) {
  return async ({ binding }) => {
    const args = ['heartbeat-prompt', '--goal-id', binding.goal_id, '--agent-id', binding.agent_id, '--format', 'json'];
    let result;
    try {
      result = await runCli(args);
    } catch (error) {
      result = { spawnError: String(error?.message ?? 'spawn_failed') };
    }
    if (result.spawnError) {
      return { ok: false, blocker: blocker('cli_unavailable', `the loopx CLI could not be run (${result.spawnError})`) };
    }
    const doc = parseJsonDocument(result.stdout);
    if (doc?.schema_version === 'heartbeat_agent_input_v1' && doc.ok === true &&
        typeof doc.task_body === 'string' && doc.task_body.trim() !== '' &&
        (doc.goal_id === undefined || doc.goal_id === binding.goal_id) &&
        (doc.agent_id === undefined || doc.agent_id === binding.agent_id)) {
      return { ok: true, text: doc.task_body };
    }
    if (doc?.schema_version === 'loopx_error_v0' && doc.error_code === 'invalid_arguments' &&
        String(doc.message ?? '').includes('heartbeat-prompt')) {
      return {
        ok: false,
        blocker: blocker('heartbeat_prompt_unsupported', 'this loopx has no heartbeat-prompt command', 'loopx version'),
      };
    }
    const code = doc?.ok === false && typeof doc.error_code === 'string' ? doc.error_code : 'heartbeat_prompt_unavailable';
    return {
      ok: false,
      blocker: blocker(code, String(doc?.message ?? 'loopx heartbeat-prompt gave no task_body'),
        typeof doc?.hint === 'string' && doc.hint ? doc.hint : DOCTOR_HINT),
    };
  };
}

/** A turn prompt built only from the should-run answer (used where heartbeat-prompt is unavailable). */
export function shouldRunPromptSource() {
  return async ({ binding, decision }) => {
    const lines = [
      `LoopX goal ${binding.goal_id}, agent ${binding.agent_id}: ${decision.effective_action}.`,
      `Why: ${decision.reason ?? ''}`,
      `Do: ${decision.interaction_contract?.agent_channel?.primary_action ?? decision.recommended_action ?? ''}`,
    ];
    const todo = decision.selected_todo;
    if (todo && typeof todo.todo_id === 'string') lines.push(`Todo ${todo.todo_id}: ${todo.text ?? ''}`);
    const channel = decision.interaction_contract?.cli_channel;
    const actions = channel?.next_cli_actions;
    if (Array.isArray(actions) && actions.length > 0) {
      // what the agent gives is named apart from each command (next_cli_inputs), never inside it
      const inputs = Array.isArray(channel.next_cli_inputs) ? channel.next_cli_inputs : [];
      lines.push('Commands, in order:');
      for (const action of actions) {
        lines.push(`- ${action}`);
        for (const input of inputs.filter((i) => i?.command === action)) {
          const choices = Array.isArray(input.choices) && input.choices.length > 0 ? ` (one of: ${input.choices.join(', ')})` : '';
          lines.push(`  ${input.required ? 'add' : 'may add'} ${input.flag}${choices}: ${input.meaning}`);
        }
      }
    }
    lines.push('Spend only after a validated delivery. Stop when done; LoopX decides the next turn.');
    return { ok: true, text: lines.join('\n') };
  };
}

/** Uses `fallback` only when `primary` reports one of `fallbackCodes`. */
export function promptSourceWithFallback(primary, fallback, fallbackCodes = ['heartbeat_prompt_unsupported']) {
  return async (input) => {
    const first = await primary(input);
    if (first.ok || !fallbackCodes.includes(first.blocker?.code)) return first;
    const second = await fallback(input);
    return second.ok ? { ...second, fallback_from: first.blocker.code } : second;
  };
}

// ---------------------------------------------------------------------------------------------
// Wait plan (SPEC §S8: local pollers)
// ---------------------------------------------------------------------------------------------

/**
 * The next local poll after `decision`. `previous` is the stored plan (or null). The progression index
 * is the number of unchanged polls (same `reset_token`); a new token resets it to 0. With a limit L,
 * the poll that reaches L is followed by one final should-run re-check. What comes after it depends on
 * L (issue 36, item 8): a stop cadence (L = 0: a stopped goal, a paused quota, a context to repair)
 * stops the tick loop (`stop`) until an explicit resume; a wait (L > 0: a user gate, peers, monitors,
 * nothing new) never dies — the loop holds (`hold`): auto-continuation pauses, the person is told once
 * why and what resumes it, and should-run is still asked at the longest step of the progression, so
 * the loop resumes by itself when the answer changes (a new `reset_token`).
 */
export function planNextPoll(decision, previous, { loop = DEFAULT_LOOP_KIND, fallbackDelayMs = QUOTA_PROBE_RETRY_MS } = {}) {
  const hint = decision.scheduler_hint;
  const token = hint.reset_policy.reset_token;
  const tokenChanged = !previous || previous.reset_token !== token;
  const unchangedPolls = tokenChanged ? 0 : (previous.unchanged_polls ?? 0) + 1;
  const rawLimit = hint.unchanged_poll.limits[loop];
  const limit = Number.isInteger(rawLimit) && rawLimit >= 0 ? rawLimit : null;
  const detail = hint.cold_path_detail?.local_scheduler;
  let progression = Array.isArray(detail?.example_progression_minutes)
    ? detail.example_progression_minutes.filter((m) => Number.isInteger(m) && m > 0)
    : [];
  const initial = hint.reset_policy.app_automation_initial_interval_minutes;
  if (progression.length === 0 && Number.isInteger(initial) && initial > 0) progression = [initial];
  const progressionIndex = progression.length > 0 ? Math.min(unchangedPolls, progression.length - 1) : 0;
  let minutes = progression.length > 0 ? progression[progressionIndex] : null;
  const max = detail?.max_interval_minutes;
  if (minutes !== null && Number.isInteger(max) && max > 0) minutes = Math.min(minutes, max);
  let action = 'wait';
  if (limit !== null && unchangedPolls > limit) action = limit === 0 ? 'stop' : 'hold';
  else if (limit !== null && unchangedPolls === limit) action = 'final_check';
  return {
    reset_token: token,
    identity_signature: hint.reset_policy.identity_signature ?? '',
    reset: tokenChanged,
    unchanged_polls: unchangedPolls,
    progression_index: progressionIndex,
    limit,
    after_limit: hint.unchanged_poll.after_limits?.[loop] ?? 'stop_tick_loop',
    action,
    // the first held poll: the one that tells the person auto-continuation paused (once per token)
    pause_notice: action === 'hold' && unchangedPolls === limit + 1,
    delay_ms: minutes !== null ? minutes * 60_000 : fallbackDelayMs,
    cadence_class: hint.cadence_class,
    hint_action: hint.action,
  };
}

/** `goal G (agent A)`, or `goal G` for a lane without an agent id. */
function laneName(binding) {
  return `goal ${binding?.goal_id ?? '?'}${binding?.agent_id ? ` (agent ${binding.agent_id})` : ''}`;
}

/** The decision's reason in one line (the CLI's reason, else its effective action). */
function reasonOf(decision) {
  return String(decision.reason || decision.effective_action).replace(/\s+/g, ' ');
}

/**
 * The one line a held loop tells the person (issue 36, item 8): why auto-continuation paused and what
 * resumes it. Nothing is recorded LoopX-side; the loop keeps asking should-run.
 */
export function pauseLine(binding, decision, plan) {
  const minutes = Math.round(plan.delay_ms / 60_000);
  return `LoopX paused auto-continuation of ${laneName(binding)}: ${reasonOf(decision)} (${decision.effective_action}; `
    + `the same answer for ${plan.unchanged_polls + 1} checks). It resumes by itself when that changes — still checking every `
    + `${minutes} min; /loopx-goal stop ends the loop`;
}

/** The one line a loop that stops (a stop cadence: stopped goal, paused quota, repair) tells the person. */
export function stopLine(binding, decision) {
  return `LoopX stopped auto-continuation of ${laneName(binding)}: ${reasonOf(decision)} (${decision.effective_action}). `
    + 'It does not resume by itself: once that is resolved, /loopx-goal resume restarts it';
}

/**
 * The `ack_hint` to run after applying a decision, or null (SPEC §S8: only when `ack_needed`, and
 * only for a surface this host applies itself: `surfaces` lists them, `codex_app` covers the
 * `app_automation`/`codex_app` hints). Pi and OpenCode pass none: they never ack the Codex App's
 * stateful backoff.
 */
export function ackHintToRun(decision, binding, surfaces = []) {
  const hint = decision.scheduler_hint;
  const own = surfaces.includes('codex_app') ? [hint.app_automation, hint.codex_app] : [];
  for (const surface of own) {
    const ack = surface?.ack_hint;
    if (!ack || surface.stateful_backoff?.ack_needed !== true) continue;
    const args = ack.cli_args;
    const valid =
      ack.schema_version === 'app_automation_scheduler_ack_hint_v0' && ack.no_spend === true &&
      Array.isArray(args) && args.every((a) => typeof a === 'string') &&
      args[0] === 'quota' && ['scheduler-ack-current', 'scheduler-ack'].includes(args[1]) &&
      args[args.length - 1] === '--execute' &&
      args[args.indexOf('--goal-id') + 1] === binding.goal_id &&
      args[args.indexOf('--agent-id') + 1] === binding.agent_id;
    return valid ? args : { invalid: true };
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// The loop controller: one per host session
// ---------------------------------------------------------------------------------------------

export function defaultClock() {
  return {
    now: () => Date.now(),
    setTimeout: (fn, ms) => {
      const handle = setTimeout(fn, ms);
      handle?.unref?.();
      return handle;
    },
    clearTimeout: (handle) => clearTimeout(handle),
  };
}

const silentLog = () => undefined;

/**
 * Creates the loop of one host session.
 *
 * options: store, sessionKey, runCli(args) → {exitCode, stdout} | {spawnError}, sendPrompt(text),
 * promptSource({binding, decision}) → {ok, text} | {ok:false, blocker}, clock {now, setTimeout,
 * clearTimeout}, notify({level, code, message, hint}), log(level, message, fields), runtimeProfile,
 * loop ('local_scheduler'), afterTurnDelayMs (idle → next evaluation), retryDelayMs (failed probe →
 * retry, 3 minutes), turnWatchMs (an injected turn whose end the host never reported is re-checked).
 *
 * Not thread-safe across processes: two hosts on one session key are serialised only by the
 * generation compare-and-swap (the loser commits nothing).
 */
export function createGoalLoop(options) {
  const store = options.store;
  const key = options.sessionKey;
  const runCli = options.runCli;
  const sendPrompt = options.sendPrompt;
  const promptSource = options.promptSource ?? heartbeatPromptSource(runCli);
  const clock = options.clock ?? defaultClock();
  const notify = options.notify ?? silentLog;
  const log = options.log ?? silentLog;
  const runtimeProfile = options.runtimeProfile ?? DEFAULT_RUNTIME_PROFILE;
  const loopKind = options.loop ?? DEFAULT_LOOP_KIND;
  const afterTurnDelayMs = options.afterTurnDelayMs ?? 1000;
  const retryDelayMs = options.retryDelayMs ?? QUOTA_PROBE_RETRY_MS;
  const turnWatchMs = options.turnWatchMs ?? QUOTA_PROBE_RETRY_MS;
  const ackSurfaces = Array.isArray(options.ackSurfaces) ? options.ackSurfaces : [];
  // null: a terminal loop goes silent (until resume); a number: it stands by and re-checks this often.
  const terminalRecheckMs = options.terminalRecheckMs ?? null;
  const storeRetryLimit = options.storeRetryLimit ?? STORE_RETRY_LIMIT;
  // A cross-process lease per session (OpenCode): only its holder injects turns.
  const useLease = options.lease === true;
  const leaseOwner = `${process.pid}-${randomUUID()}`;
  const leaseTtlMs = options.leaseTtlMs ?? 2 * QUOTA_PROBE_RETRY_MS;
  checkKey(key);

  let epoch = 0; // bumped by dispose(): invalidates timers and in-flight work
  let intent = 0; // bumped by every user intent (start/pause/resume/stop/user prompt)
  let disposed = false;
  let timer = null;
  let next = null; // {at, reason}
  let evaluating = false;
  let rerun = false;
  let turnInFlight = false;
  let lastInjected = null;
  let currentBlocker = null;
  let lastOutcome = null;
  let mirror = null; // last binding read or written by this loop
  let standBy = false; // terminal, re-checking at the slow cadence
  let storeFailures = 0; // consecutive store failures (reset by any store success)

  const ticket = () => ({ epoch, intent });
  const current = (t) => !disposed && t.epoch === epoch && t.intent === intent;
  const nowIso = () => new Date(clock.now()).toISOString();

  function cancelTimer() {
    if (timer !== null) clock.clearTimeout(timer);
    timer = null;
    next = null;
  }

  function schedule(delayMs, reason) {
    if (disposed) return;
    cancelTimer();
    const t = ticket();
    next = { at: new Date(clock.now() + delayMs).toISOString(), reason };
    timer = clock.setTimeout(() => {
      timer = null;
      next = null;
      if (current(t)) void evaluate(reason);
    }, delayMs);
  }

  function reportBlocker(found) {
    const same = currentBlocker && currentBlocker.code === found.code;
    currentBlocker = { ...found, since: same ? currentBlocker.since : nowIso() };
    log('warn', `loopx goal loop blocked: ${found.code}`, found);
    if (!same) notify({ level: 'warning', ...found });
  }

  function finish(outcome, extra = {}) {
    lastOutcome = { outcome, at: nowIso(), ...extra };
    return lastOutcome;
  }

  async function commitIf(t, expectedGeneration, mutate) {
    const result = await store.commit(key, expectedGeneration, (binding) => (current(t) ? mutate(binding) : null));
    if (result.committed) mirror = result.binding;
    return result;
  }

  function decisionSummary(decision) {
    return {
      should_run: decision.should_run,
      effective_action: decision.effective_action,
      cadence_class: decision.scheduler_hint.cadence_class,
      evaluated_at: nowIso(),
    };
  }

  function planState(plan) {
    return {
      reset_token: plan.reset_token,
      identity_signature: plan.identity_signature,
      unchanged_polls: plan.unchanged_polls,
      progression_index: plan.progression_index,
      limit: plan.limit,
      action: plan.action,
      cadence_class: plan.cadence_class,
      next_poll_at: plan.action === 'stop' ? null : new Date(clock.now() + plan.delay_ms).toISOString(),
    };
  }

  /** A store read/write failed: fail closed, one notice per failure streak, a bounded retry. */
  function storeFailed(error, reason) {
    storeFailures += 1;
    const code = typeof error?.code === 'string' ? error.code : (error?.name ?? 'Error');
    reportBlocker(blocker('binding_store_failed',
      `the session binding under the runtime root could not be read or written (${code}); no turn runs`,
      'check the .loopx folder (loopx doctor), then /loopx-goal status'));
    if (storeFailures <= storeRetryLimit) schedule(retryDelayMs, 'store_retry');
    else cancelTimer();
    return finish('blocked', { blocker: currentBlocker, store_failures: storeFailures, reason });
  }

  async function readStore() {
    const binding = await store.read(key);
    storeFailures = 0;
    return binding;
  }

  async function ackIfRequired(t, decision, binding) {
    const args = ackHintToRun(decision, binding, ackSurfaces);
    if (args === null) return { acked: false };
    if (!Array.isArray(args)) {
      log('warn', 'scheduler ack_hint rejected: not the contract shape', {});
      return { acked: false, reason: 'invalid_ack_hint' };
    }
    if (!current(t)) return { acked: false, reason: 'stale' };
    let result;
    try {
      result = await runCli(args);
    } catch (error) {
      result = { spawnError: String(error?.message ?? 'spawn_failed') };
    }
    const doc = result.spawnError ? undefined : parseJsonDocument(result.stdout);
    if (doc?.ok === true) return { acked: true };
    log('warn', 'scheduler ack was not accepted', { error_code: doc?.error_code ?? result.spawnError ?? 'not_json' });
    return { acked: false, reason: doc?.error_code ?? 'ack_failed' };
  }

  async function evaluate(reason = 'manual') {
    if (disposed) return finish('disposed');
    if (evaluating) {
      rerun = true;
      return finish('busy');
    }
    evaluating = true;
    const t = ticket();
    try {
      return await evaluateOnce(t, reason);
    } catch (error) {
      // Only the store can throw here (the CLI runner and the prompt source resolve, never reject).
      if (!current(t)) return finish('stale');
      return storeFailed(error, reason);
    } finally {
      evaluating = false;
      if (rerun && !disposed) {
        rerun = false;
        schedule(0, 'rerun');
      }
    }
  }

  async function evaluateOnce(t, reason) {
    const binding = await readStore();
    if (!current(t)) return finish('stale');
    mirror = binding;
    if (binding?.state === 'terminal' && standBy && reason === 'terminal_recheck') return recheckTerminal(t, binding);
    if (!binding || binding.state !== 'active') return finish('inactive');
    if (turnInFlight) {
      // The host has not reported the end of the injected turn yet: look again later, never inject twice.
      schedule(turnWatchMs, 'turn_watch');
      return finish('turn_in_flight');
    }
    const generation = binding.generation;
    log('debug', 'loopx should-run', { reason, goal_id: binding.goal_id, agent_id: binding.agent_id });

    const probe = await probeShouldRun(runCli, { goalId: binding.goal_id, agentId: binding.agent_id, runtimeProfile });
    if (!current(t)) return finish('stale');
    if (!probe.ok) {
      reportBlocker(probe.blocker);
      schedule(retryDelayMs, 'quota_probe_retry');
      return finish('blocked', { blocker: probe.blocker });
    }
    const decision = probe.decision;

    if (isValidatedTerminal(decision)) {
      const result = await commitIf(t, generation, (b) => ({
        ...b, state: 'terminal', state_reason: 'terminal_no_followup', plan: null,
        last_decision: decisionSummary(decision), updated_at: nowIso(),
      }));
      if (!result.committed) return finish('stale');
      currentBlocker = null;
      cancelTimer();
      standBy = terminalRecheckMs !== null;
      if (standBy) schedule(terminalRecheckMs, 'terminal_recheck');
      notify({ level: 'info', code: 'terminal_no_followup', message: standBy
        ? `goal ${binding.goal_id} is complete (validated terminal state); standing by, re-checking every ${Math.round(terminalRecheckMs / 60_000)} min`
        : `goal ${binding.goal_id} is complete (validated terminal state); the loop stopped` });
      return finish('terminal');
    }

    const plan = planNextPoll(decision, binding.plan ?? null, { loop: loopKind, fallbackDelayMs: retryDelayMs });

    if (decision.should_run === true) {
      const prompt = await promptSource({ binding, decision });
      if (!current(t)) return finish('stale');
      if (!prompt?.ok) {
        reportBlocker(prompt?.blocker ?? blocker('prompt_unavailable', 'no turn prompt'));
        schedule(retryDelayMs, 'prompt_retry');
        return finish('blocked', { blocker: prompt?.blocker });
      }
      if (useLease) {
        const lease = await store.acquireLease(key, leaseOwner, Math.max(leaseTtlMs, turnWatchMs), clock.now());
        if (!current(t)) return finish('stale');
        if (!lease.held) {
          // Another process of this host drives this session: it injects the turn, we stand aside.
          schedule(retryDelayMs, 'lease_retry');
          return finish('lease_held_elsewhere');
        }
      }
      const promptHash = sha256Hex(prompt.text);
      const result = await commitIf(t, generation, (b) => ({
        ...b, plan: planState(plan), last_decision: decisionSummary(decision),
        last_injected_prompt_sha256: promptHash, turns_injected: (b.turns_injected ?? 0) + 1,
        updated_at: nowIso(),
      }));
      if (!result.committed || !current(t)) return finish('stale');
      currentBlocker = null;
      lastInjected = prompt.text;
      turnInFlight = true;
      // Armed before sending, so the host's idle event (which may come at once) supersedes it.
      schedule(turnWatchMs, 'turn_watch');
      try {
        await sendPrompt(prompt.text);
      } catch (error) {
        turnInFlight = false;
        reportBlocker(blocker('host_send_failed', `the host refused the turn prompt: ${error?.message ?? error}`, 'retry the loop with /loopx-goal resume'));
        schedule(retryDelayMs, 'send_retry');
        return finish('blocked', { blocker: currentBlocker });
      }
      const ack = await ackIfRequired(t, decision, binding);
      return finish('turn_injected', { effective_action: decision.effective_action, ack, fallback_from: prompt.fallback_from });
    }

    if (plan.action === 'stop') {
      const result = await commitIf(t, generation, (b) => ({
        ...b, state: 'stopped', state_reason: plan.after_limit, plan: planState(plan),
        last_decision: decisionSummary(decision), updated_at: nowIso(),
      }));
      if (!result.committed) return finish('stale');
      currentBlocker = null;
      cancelTimer();
      notify({ level: 'warning', code: plan.after_limit, message: stopLine(binding, decision), hint: '/loopx-goal resume' });
      return finish('stopped', { effective_action: decision.effective_action });
    }

    const result = await commitIf(t, generation, (b) => ({
      ...b, plan: planState(plan), last_decision: decisionSummary(decision), updated_at: nowIso(),
    }));
    if (!result.committed || !current(t)) return finish('stale');
    currentBlocker = null;
    if (plan.reset && decision.heartbeat_recommendation?.notify === 'NOTIFY') {
      notify({ level: 'warning', code: decision.effective_action, message: String(decision.reason ?? decision.effective_action), hint: String(decision.recommended_action ?? '') });
    }
    if (plan.pause_notice) {
      notify({ level: 'warning', code: 'auto_continue_paused', message: pauseLine(binding, decision, plan), hint: String(decision.recommended_action ?? '') });
    }
    if (plan.reset && decision.scheduler_hint.cadence_class === 'control_plane_repair') {
      notify({ level: 'warning', code: decision.effective_action, message: String(decision.reason ?? ''), hint: String(decision.automation_prompt_upgrade?.command ?? decision.recommended_action ?? DOCTOR_HINT) });
    }
    const ack = await ackIfRequired(t, decision, binding);
    if (!current(t)) return finish('stale');
    schedule(plan.delay_ms, plan.action);
    return finish(plan.action, { effective_action: decision.effective_action, delay_ms: plan.delay_ms, ack });
  }

  /**
   * The slow re-check of a terminal loop standing by: still validated terminal → wait again; the goal
   * has work again (a new todo, a reopened gate) → the loop becomes active and evaluates at once.
   */
  async function recheckTerminal(t, binding) {
    const probe = await probeShouldRun(runCli, { goalId: binding.goal_id, agentId: binding.agent_id, runtimeProfile });
    if (!current(t)) return finish('stale');
    if (!probe.ok || isValidatedTerminal(probe.decision)) {
      schedule(terminalRecheckMs, 'terminal_recheck');
      return finish('terminal_standby', probe.ok ? {} : { blocker: probe.blocker });
    }
    const result = await commitIf(t, binding.generation, (b) => ({
      ...b, state: 'active', state_reason: 'terminal_reopened', plan: null,
      last_decision: decisionSummary(probe.decision), updated_at: nowIso(),
    }));
    if (!result.committed) return finish('stale');
    standBy = false;
    notify({ level: 'info', code: 'terminal_reopened', message: `goal ${binding.goal_id} has work again (${probe.decision.effective_action}); the loop resumed` });
    schedule(0, 'terminal_reopened');
    return finish('reopened', { effective_action: probe.decision.effective_action });
  }

  /** Applies a user intent: bumps the in-memory intent first (so in-flight work turns stale), then CAS-commits. */
  async function applyIntent(mutate) {
    if (disposed) return { ok: false, reason: 'disposed' };
    intent += 1;
    cancelTimer();
    turnInFlight = false;
    standBy = false;
    const t = ticket();
    try {
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const existing = await readStore();
        if (!current(t)) return { ok: false, reason: 'stale' };
        const next = mutate(existing);
        if (next == null) return { ok: false, reason: 'no_binding', binding: existing };
        const result = await commitIf(t, existing?.generation ?? 0, () => next);
        if (result.committed) return { ok: true, binding: result.binding };
        if (result.reason === 'aborted') return { ok: false, reason: 'stale' };
      }
    } catch (error) {
      // A user intent is never retried behind the user's back: report, arm nothing.
      storeFailures += 1;
      const code = typeof error?.code === 'string' ? error.code : (error?.name ?? 'Error');
      reportBlocker(blocker('binding_store_failed',
        `the session binding could not be read or written (${code}); nothing changed`,
        'check the .loopx folder (loopx doctor), then retry the command'));
      return { ok: false, reason: 'store_failed' };
    }
    return { ok: false, reason: 'contended' };
  }

  /** Pauses an active loop for `reason` (the user took over) and notifies once. */
  async function pauseActive(reason, message) {
    if (disposed) return { paused: false };
    const binding = mirror;
    if (!binding || binding.state !== 'active') return { paused: false };
    const result = await loop.pause(reason);
    if (result.ok) notify({ level: 'info', code: `paused_by_${reason}`, message });
    return { paused: result.ok };
  }

  const loop = {
    sessionKey: key,
    /** Binds this session to goal/agent and evaluates at once. */
    async start({ goalId, agentId }) {
      if (!ID_PATTERN.test(String(goalId ?? '')) || !ID_PATTERN.test(String(agentId ?? ''))) {
        return { ok: false, reason: 'invalid_id' };
      }
      const result = await applyIntent((existing) => ({
        session_key: key, goal_id: goalId, agent_id: agentId, runtime_profile: runtimeProfile,
        state: 'active', state_reason: 'started', plan: null, last_decision: null,
        last_injected_prompt_sha256: null, turns_injected: existing?.turns_injected ?? 0,
        created_at: existing?.created_at ?? nowIso(), updated_at: nowIso(),
      }));
      lastInjected = null;
      currentBlocker = null;
      if (result.ok) schedule(0, 'start');
      return result;
    },
    async pause(reason = 'user_pause') {
      return applyIntent((b) => (b ? { ...b, state: 'paused', state_reason: reason, updated_at: nowIso() } : null));
    },
    /** Resumes auto-runs with a fresh wait plan. */
    async resume() {
      const result = await applyIntent((b) => (b ? { ...b, state: 'active', state_reason: 'resumed', plan: null, updated_at: nowIso() } : null));
      if (result.ok) schedule(0, 'resume');
      return result;
    },
    async stop() {
      return applyIntent((b) => (b ? { ...b, state: 'stopped', state_reason: 'user_stop', updated_at: nowIso() } : null));
    },
    /** Reads the stored binding into status() without arming anything. */
    async load() {
      const t = ticket();
      try {
        const binding = await readStore();
        if (current(t)) mirror = binding;
        return binding;
      } catch (error) {
        storeFailed(error, 'load');
        return mirror;
      }
    },
    /** Re-arms the loop from the stored binding (host start-up). */
    async restore() {
      const t = ticket();
      let binding;
      try {
        binding = await readStore();
      } catch (error) {
        if (current(t)) storeFailed(error, 'restore');
        return { ok: false, reason: 'store_failed' };
      }
      if (!current(t)) return { ok: false, reason: 'stale' };
      mirror = binding;
      if (binding?.state === 'active') schedule(0, 'restore');
      else if (binding?.state === 'terminal' && terminalRecheckMs !== null) {
        standBy = true;
        schedule(terminalRecheckMs, 'terminal_recheck');
      }
      return { ok: true, binding };
    },
    /**
     * The user typed a prompt. Anything other than the prompt this loop injected pauses auto-resume
     * (the human has taken the wheel); the injected prompt echoing back changes nothing.
     */
    async onUserPrompt(text) {
      if (disposed) return { paused: false };
      const typed = String(text ?? '');
      if (lastInjected !== null && typed.trim() === lastInjected.trim()) return { paused: false };
      let binding = mirror;
      if (!binding) {
        try {
          binding = await readStore();
        } catch (error) {
          storeFailed(error, 'user_prompt');
          return { paused: false };
        }
      }
      if (!binding || binding.state !== 'active') return { paused: false };
      if (binding.last_injected_prompt_sha256 && binding.last_injected_prompt_sha256 === sha256Hex(typed)) {
        return { paused: false };
      }
      const result = await loop.pause('user_prompt');
      if (result.ok) notify({ level: 'info', code: 'paused_by_user_prompt', message: 'you took over: LoopX auto-resume is paused (/loopx-goal resume to continue)' });
      return { paused: result.ok };
    },
    /** The user aborted the running turn (Pi: Escape, `stopReason: "aborted"`): pause like a typed prompt. */
    async onAgentAborted() {
      turnInFlight = false;
      return pauseActive('user_abort', 'you stopped the run: LoopX auto-resume is paused (/loopx-goal resume to continue)');
    },
    /** The host reported a session error (OpenCode `session.error`): pause, never retry into it. */
    async onSessionError(detail) {
      turnInFlight = false;
      return pauseActive('session_error', `the session reported an error${detail ? ` (${detail})` : ''}: LoopX auto-resume is paused (/loopx-goal resume to continue)`);
    },
    /** The user rejected a permission the agent asked for: pause. */
    async onPermissionRejected() {
      return pauseActive('permission_rejected', 'a permission was rejected: LoopX auto-resume is paused (/loopx-goal resume to continue)');
    },
    /** The host finished a turn and is idle: evaluate again soon. */
    onAgentIdle() {
      if (disposed) return;
      const hadTurn = turnInFlight;
      turnInFlight = false;
      // After our turn: evaluate soon. Otherwise only re-arm an active loop that has no wait pending,
      // so idle events cannot shorten a planned wait.
      if (hadTurn || (mirror?.state === 'active' && timer === null)) schedule(afterTurnDelayMs, 'agent_idle');
      // A terminal loop standing by keeps its slow re-check; an idle session never shortens it.
    },
    evaluate: (reason) => evaluate(reason),
    status() {
      return {
        session_key: key,
        ephemeral_store: store.kind === 'memory',
        binding: mirror,
        blocker: currentBlocker,
        next_evaluation: next,
        turn_in_flight: turnInFlight,
        standing_by: standBy,
        last_outcome: lastOutcome,
        disposed,
      };
    },
    /** Ends this loop: no timer fires, no in-flight evaluation commits, sends or acks afterwards. */
    dispose() {
      disposed = true;
      epoch += 1;
      cancelTimer();
      // Resolves once the session lease (if any) is released; callers need not wait.
      return useLease ? store.releaseLease(key, leaseOwner).catch(() => undefined) : Promise.resolve();
    },
  };
  return loop;
}

// ---------------------------------------------------------------------------------------------
// Host session wiring and the /loopx-goal command (shared by Pi and OpenCode)
// ---------------------------------------------------------------------------------------------

/** The nearest `.loopx` folder with a `ledger/` at or above `dir` (the CLI's default runtime root), or null. */
export async function findRuntimeRoot(dir, fs = nodeFs) {
  let here = nodePath.resolve(dir);
  for (;;) {
    const candidate = nodePath.join(here, '.loopx');
    try {
      if ((await fs.stat(nodePath.join(candidate, 'ledger'))).isDirectory()) return candidate;
    } catch {
      // keep walking up
    }
    const parent = nodePath.dirname(here);
    if (parent === here) return null;
    here = parent;
  }
}

/**
 * Everything one host session needs: identity, store (`<runtime-root>/<storeName>/` for a persistent
 * session in a connected project, memory otherwise), CLI runner, loop. Host adapters call this once
 * per session and `dispose()` it when the session ends.
 */
export async function createHostSession(options) {
  const fs = options.fs ?? nodeFs;
  const identity = resolveSessionIdentity({ sessionId: options.sessionId, sessionFile: options.sessionFile, newId: options.newId });
  const runtimeRoot = identity.ephemeral ? null : await findRuntimeRoot(options.projectDir, fs);
  const store = options.store ??
    (runtimeRoot ? createFileBindingStore({ dir: nodePath.join(runtimeRoot, options.storeName ?? 'pi'), fs }) : createMemoryBindingStore());
  const runCli = options.runCli ?? createCliRunner({ bin: options.loopxBin ?? 'loopx', cwd: options.projectDir });
  const loop = createGoalLoop({ ...options, store, sessionKey: identity.key, runCli });
  return {
    identity,
    store,
    loop,
    restore: () => loop.restore(),
    command: (args) => runGoalCommand(loop, args),
    dispose: () => loop.dispose(),
  };
}

export const GOAL_COMMAND_HELP =
  'usage: /loopx-goal start --goal-id G --agent-id A | pause | resume | stop | status';

/** Parses and runs `/loopx-goal …`; resolves `{ok, message, status}`. */
export async function runGoalCommand(loop, rawArgs) {
  const words = String(rawArgs ?? '').trim().split(/\s+/).filter(Boolean);
  const sub = words.shift() ?? 'status';
  const flag = (name) => {
    const i = words.indexOf(name);
    return i >= 0 ? words[i + 1] : undefined;
  };
  const outcome = (ok, message) => ({ ok, message, status: loop.status() });
  switch (sub) {
    case 'start': {
      const goalId = flag('--goal-id') ?? words[0];
      const agentId = flag('--agent-id') ?? words[1];
      const result = await loop.start({ goalId, agentId });
      return result.ok
        ? outcome(true, `LoopX loop bound to goal ${goalId} as agent ${agentId}; asking should-run now`)
        : outcome(false, result.reason === 'invalid_id' ? `invalid goal or agent id. ${GOAL_COMMAND_HELP}` : `not started (${result.reason})`);
    }
    case 'pause':
    case 'resume':
    case 'stop': {
      const result = await loop[sub]();
      return result.ok ? outcome(true, `LoopX loop ${sub === 'stop' ? 'stopped' : `${sub}d`}`)
        : outcome(false, result.reason === 'no_binding' ? 'this session is not bound: /loopx-goal start --goal-id G --agent-id A' : `not ${sub}d (${result.reason})`);
    }
    case 'status': {
      await loop.load();
      const status = loop.status();
      const b = status.binding;
      const line = b ? `goal ${b.goal_id} agent ${b.agent_id}: ${b.state} (${b.state_reason})` : 'not bound';
      const blocked = status.blocker ? `; blocked: ${status.blocker.code} — ${status.blocker.hint}` : '';
      return outcome(true, `${line}${blocked}`);
    }
    default:
      return outcome(false, GOAL_COMMAND_HELP);
  }
}
