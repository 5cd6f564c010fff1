#!/usr/bin/env node
// bench/dashboard.mjs — issue 23's speed targets for `loopx dashboard`, measured (not a test):
//   * first paint of the overview with N connected goals (default 100): from navigation start to
//     every goal card in the DOM, in the system's headless Chromium, median and worst of R loads;
//   * API answers for one goal against the CLI's read path minus JVM start
//     (`loopx status` wall time − `loopx version` wall time).
//
//   node bench/dashboard.mjs [--goals N] [--per-project K] [--runs R] [--keep] [--dir DIR]
//
// --dir DIR seeds into DIR (kept) and, run again, seeds only the goals DIR does not have yet.
//
// Needs the packaged distribution (cli/target/loopx-dist) and playwright-core, as the browser test
// installs it (cli/target/dashboard-it/node_modules, from `./mvnw verify` or `npm ci` there).
import { createRequire } from 'node:module';
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const LOOPX = join(ROOT, 'cli/target/loopx-dist/bin/loopx');
const IT = join(ROOT, 'cli/target/dashboard-it/');
const args = process.argv.slice(2);
const opt = (name, dflt) => { const i = args.indexOf(name); return i >= 0 ? Number(args[i + 1]) : dflt; };
const GOALS = opt('--goals', 100);
const PER_PROJECT = opt('--per-project', 5);
const RUNS = opt('--runs', 7);
const DIR = args.includes('--dir') ? args[args.indexOf('--dir') + 1] : null;
const KEEP = args.includes('--keep') || DIR !== null;
if (!existsSync(LOOPX)) throw new Error('build the distribution first: ./mvnw -q -DskipTests package');
if (!existsSync(join(IT, 'node_modules/playwright-core'))) {
  throw new Error('install playwright-core first: cp cli/src/it/dashboard/package*.json cli/target/dashboard-it/ && (cd cli/target/dashboard-it && npm ci)');
}
const { chromium } = createRequire(IT)('playwright-core');

const sandbox = DIR ? (mkdirSync(DIR, { recursive: true }), DIR) : mkdtempSync(join(tmpdir(), 'loopx-dashboard-bench-'));
const env = { ...process.env, LOOPX_HOME: join(sandbox, 'home') };
const loopx = (cwd, ...a) => execFileSync(LOOPX, [...a, '--format', 'json'], { cwd, env, encoding: 'utf8' });
const ms = (t0) => Number(process.hrtime.bigint() - t0) / 1e6;
const stats = (xs) => { const s = [...xs].sort((a, b) => a - b); return { median: s[Math.floor(s.length / 2)], p90: s[Math.min(s.length - 1, Math.floor(s.length * 0.9))], max: s[s.length - 1] }; };
const fmt = (x) => x.toFixed(1).padStart(7) + ' ms';

// ---- seed: GOALS goals in ceil(GOALS / PER_PROJECT) projects, two lanes and a gate each
let t0 = process.hrtime.bigint();
let first;
const index = join(sandbox, 'home', 'projects.json');
const known = new Set(existsSync(index) ? JSON.parse(readFileSync(index, 'utf8')).projects.flatMap((p) => p.goal_ids) : []);
for (let g = 0; g < GOALS; g++) {
  const dir = join(sandbox, 'p' + Math.floor(g / PER_PROJECT));
  mkdirSync(dir, { recursive: true });
  const goal = 'goal-' + g;
  if (!first) first = { dir, goal };
  if (known.has(goal)) continue;
  loopx(dir, 'connect', '--project', dir, '--goal-id', goal, '--objective', 'Goal number ' + g);
  loopx(dir, 'register-agent', '--goal-id', goal, '--agent-id', 'builder', '--agent-id', 'reviewer', '--execute');
  loopx(dir, 'todo', 'add', '--goal-id', goal, '--role', 'user', '--task-class', 'user_gate',
    '--text', 'Decide ' + g, '--blocks-agent', 'reviewer');
}
console.log(`seeded ${GOALS} goals in ${Math.ceil(GOALS / PER_PROJECT)} projects in ${(ms(t0) / 1000).toFixed(1)} s`);

// ---- start the dashboard
t0 = process.hrtime.bigint();
const server = spawn(LOOPX, ['dashboard', '--format', 'json'], { cwd: sandbox, env, stdio: ['ignore', 'pipe', 'inherit'] });
const url = await new Promise((resolve, reject) => {
  let seen = '';
  server.stdout.on('data', (c) => { seen += c; if (seen.includes('\n')) resolve(JSON.parse(seen.split('\n')[0]).url); });
  server.on('exit', (code) => reject(new Error('dashboard exited ' + code)));
});
const startup = ms(t0);
const origin = new URL(url).origin;

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_BIN || '/usr/bin/chromium', args: ['--no-sandbox'] });
const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
const paints = [];
const fcps = [];
const renders = [];
for (let r = 0; r < RUNS; r++) {
  const page = await context.newPage();
  await page.goto(r === 0 ? url : origin + '/', { waitUntil: 'commit' });
  const at = await page.waitForFunction((n) => {
    return document.querySelectorAll('[data-testid=goal-card]').length >= n ? performance.now() : false;
  }, GOALS, { polling: 'raf', timeout: 30_000 });
  const fcp = await page.evaluate(() => (performance.getEntriesByName('first-contentful-paint')[0] || {}).startTime || 0);
  renders.push(await page.evaluate(() => {
    const m = (n) => (performance.getEntriesByName(n)[0] || {}).startTime || 0;
    return m('loopx-overview-rendered') - m('loopx-overview-received');
  }));
  paints.push(await at.jsonValue());
  fcps.push(fcp);
  await page.close();
}
await browser.close();

// ---- API for one goal vs the CLI's read path minus JVM start
const cookie = { Cookie: `loopx_dashboard_${new URL(url).port}=${new URL(url).searchParams.get('token')}` };
async function time(path, n) {
  const xs = [];
  for (let i = 0; i < n; i++) {
    const t = process.hrtime.bigint();
    const r = await fetch(origin + path, { headers: cookie });
    await r.arrayBuffer();
    if (r.status !== 200) throw new Error(path + ' answered ' + r.status);
    xs.push(ms(t));
  }
  return stats(xs);
}
const q = `project=0&goal_id=${first.goal}`;
const api = {
  'heads': await time('/api/heads', 50),
  'overview (ready-made)': await time('/api/overview', 20),
  'status (one goal)': await time('/api/status?' + q, 20),
  'should-run (one lane)': await time(`/api/should-run?${q}&agent_id=builder&runtime_profile=generic_cli`, 20),
  'goal page (cached)': await time('/api/goal?' + q, 20),
};
function cli(n, ...a) { const xs = []; for (let i = 0; i < n; i++) { const t = process.hrtime.bigint(); loopx(first.dir, ...a); xs.push(ms(t)); } return stats(xs); }
const version = cli(15, 'version');
const status = cli(15, 'status', '--goal-id', first.goal);
const shouldRun = cli(15, 'quota', 'should-run', '--goal-id', first.goal, '--agent-id', 'builder', '--runtime-profile', 'generic_cli', '--include-detail', 'all');

server.kill('SIGINT');
console.log(`\nloopx dashboard with ${GOALS} goals: URL printed ${startup.toFixed(0)} ms after start (reads everything once first)`);
const p = stats(paints), f = stats(fcps);
console.log(`overview, all ${GOALS} cards in the DOM after navigation start (${RUNS} loads): median ${fmt(p.median)}  max ${fmt(p.max)}   target <= 300 ms: ${p.median <= 300 ? 'PASS' : 'FAIL'}`);
console.log(`first contentful paint:                                  median ${fmt(f.median)}  max ${fmt(f.max)}`);
const rr = stats(renders);
console.log(`of which rendering the received overview (JS):          median ${fmt(rr.median)}  max ${fmt(rr.max)}`);
console.log(`machine load average while measuring: ${(await import('node:os')).loadavg().map((x) => x.toFixed(1)).join(' ')} (2 cores)`);
console.log('\nAPI (HTTP on 127.0.0.1, median / p90):');
for (const [k, v] of Object.entries(api)) console.log(`  ${k.padEnd(24)} ${fmt(v.median)} / ${fmt(v.p90)}`);
console.log('\nCLI (a process each, median): version ' + fmt(version.median) + ', status ' + fmt(status.median) + ', should-run ' + fmt(shouldRun.median));
console.log(`CLI read path minus JVM start: status ${fmt(status.median - version.median)}, should-run ${fmt(shouldRun.median - version.median)}`);
console.log(`API status ${api['status (one goal)'].median <= status.median - version.median ? '<=' : '>'} CLI status minus JVM start; ` +
  `API should-run ${api['should-run (one lane)'].median <= shouldRun.median - version.median ? '<=' : '>'} CLI should-run minus JVM start`);
if (KEEP) console.log('kept ' + sandbox); else rmSync(sandbox, { recursive: true, force: true });
