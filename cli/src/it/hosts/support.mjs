// Shared helpers of the real-host tests: the packaged CLI, the pinned host binaries, sandboxes.
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const here = dirname(fileURLToPath(import.meta.url));
export const LOOPX = process.env.LOOPX_BIN;
assert.ok(LOOPX && existsSync(LOOPX), 'LOOPX_BIN must name the packaged loopx launcher (Maven sets it)');

/**
 * A pinned host binary from ./node_modules (`.bin/<name>`, or a path under node_modules when it has a
 * `/`); missing means `npm ci` did not run: fail, never skip.
 */
export function hostBin(name) {
  const path = name.includes('/') ? join(here, 'node_modules', name) : join(here, 'node_modules', '.bin', name);
  assert.ok(existsSync(path), `${name} is not installed under node_modules (run node ensure-deps.mjs)`);
  return path;
}

/** A temp sandbox: project (connected to GOAL, agents registered), HOME, LOOPX_HOME. */
export function sandbox(prefix, { goal = 'it-goal', agents = ['builder'] } = {}) {
  const root = mkdtempSync(join(tmpdir(), `loopx-${prefix}-`));
  const project = join(root, 'project');
  const home = join(root, 'home');
  mkdirSync(project);
  mkdirSync(home);
  const env = { ...process.env, HOME: home, LOOPX_HOME: join(root, 'loopx-home'), XDG_CONFIG_HOME: join(home, '.config') };
  delete env.CODEX_HOME;
  delete env.CLAUDE_HOME;
  delete env.OPENCODE_CONFIG_DIR;
  delete env.PI_CODING_AGENT_DIR;
  const s = {
    root, project, home, env, goal,
    loopx(...args) {
      const out = execFileSync(LOOPX, [...args, '--format', 'json'], { cwd: project, env: s.env, encoding: 'utf8' });
      return JSON.parse(out);
    },
    cleanup() {
      rmSync(root, { recursive: true, force: true });
    },
  };
  assert.equal(s.loopx('connect', '--project', '.', '--goal-id', goal).ok, true);
  const register = ['register-agent', '--goal-id', goal];
  for (const a of agents) register.push('--agent-id', a);
  assert.equal(s.loopx(...register, '--execute').ok, true);
  return s;
}

/** Polls `check` (sync or async) until it returns truthy; fails with `label` after `timeoutMs`. */
export async function waitFor(check, label, timeoutMs = 30_000, everyMs = 100) {
  const deadline = Date.now() + timeoutMs;
  let last;
  for (;;) {
    try {
      last = await check();
      if (last) return last;
    } catch (e) {
      last = e;
    }
    if (Date.now() > deadline) assert.fail(`timed out waiting for ${label} (last: ${last?.message ?? last})`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** Runs a host command to its end: {code, stdout, stderr}. */
export function run(bin, args, { cwd, env, timeoutMs = 120_000 } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => { stdout += d; });
    child.stderr.on('data', (d) => { stderr += d; });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
  });
}
