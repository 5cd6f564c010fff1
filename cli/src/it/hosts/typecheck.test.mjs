// `tsc --noEmit` of the Pi extension against the real ExtensionAPI (@mariozechner/pi-coding-agent,
// pinned) and of the OpenCode goal bridge against the real Plugin/Hooks types (@opencode-ai/plugin,
// pinned), as the CLI installs them (marker line included). A known-bad copy proves the check bites.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOOPX, here, hostBin, sandbox, run } from './support.mjs';

const tsc = hostBin('tsc');
// Inside this folder, so the files resolve the host packages from ./node_modules.
const dir = join(here, '.typecheck');
const s = sandbox('typecheck');

const OPTIONS = {
  strict: true, noEmit: true, target: 'es2022', module: 'nodenext', moduleResolution: 'nodenext',
  allowJs: true, checkJs: false, // the bridge opts in with @ts-check; the loop core is plain JS skipLibCheck: true, types: ['node'], lib: ['es2023'],
};

/**
 * One `tsc` over `files` (the host packages' types are large: one run, not one per file). Returns the
 * diagnostics per checked file; the packages' own declaration files are not ours to check (some name
 * modules their packages do not install), so only diagnostics of `files` count.
 */
async function typecheck(files) {
  const config = join(dir, 'tsconfig.json');
  writeFileSync(config, JSON.stringify({ compilerOptions: OPTIONS, files }, null, 2));
  const r = await run(tsc, ['-p', config, '--pretty', 'false'], { cwd: dir, env: s.env, timeoutMs: 300_000 });
  const byFile = Object.fromEntries(files.map((f) => [f, []]));
  for (const line of `${r.stdout}${r.stderr}`.split('\n')) {
    const m = line.match(/^(.+?)\(\d+,\d+\): error TS\d+/);
    if (m && byFile[m[1]]) byFile[m[1]].push(line);
  }
  return byFile;
}

before(() => {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'pi'), { recursive: true });
  writeFileSync(join(dir, 'package.json'), '{"type":"module","private":true}\n');
  const pi = s.loopx('slash-commands', '--install', '--surface', 'pi', '--project', '.', '--pi-agent-dir', join(dir, 'pi'), '--cli-bin', LOOPX);
  assert.equal(pi.ok, true, JSON.stringify(pi));
  const oc = s.loopx('slash-commands', '--install', '--surface', 'opencode', '--goal-bridge', '--opencode-config-dir', join(dir, 'opencode'), '--cli-bin', LOOPX);
  assert.equal(oc.ok, true, JSON.stringify(oc));
});

let result;

before(async () => {
  const source = readFileSync(join(dir, 'pi', 'extensions', 'loopx-goal.ts'), 'utf8');
  // Known-bad copies prove the check bites: an event Pi 0.73.1 does not have, a handler returning a value.
  writeFileSync(join(dir, 'pi', 'extensions', 'bad-event.ts'),
    source.replace('pi.on("agent_end", async (event) => {', 'pi.on("agent_settled", async (event: any) => {'));
  writeFileSync(join(dir, 'pi', 'extensions', 'bad-handler.ts'),
    source.replace('say(ctx, { level: reply.ok ? "info" : "warning", code: "loopx_goal", message: reply.message });',
      'return reply;'));
  // The real Plugin type, applied to our export: parameters, options and the returned Hooks.
  writeFileSync(join(dir, 'opencode', 'plugin', 'check-plugin.ts'), [
    "import type { Plugin } from '@opencode-ai/plugin';",
    "import { LoopxGoalBridge } from './loopx-goal-bridge.js';",
    'export const asPlugin: Plugin = LoopxGoalBridge;',
    '',
  ].join('\n'));
  result = await typecheck([
    'pi/extensions/loopx-goal.ts', 'opencode/plugin/check-plugin.ts', 'opencode/plugin/loopx-goal-bridge.js',
    'pi/extensions/bad-event.ts', 'pi/extensions/bad-handler.ts',
  ]);
});

test('the installed Pi extension type-checks against the real @mariozechner/pi-coding-agent 0.73.1', () => {
  assert.deepEqual(result['pi/extensions/loopx-goal.ts'], []);
});

test('the installed OpenCode goal bridge type-checks against the real @opencode-ai/plugin 1.18.33', () => {
  assert.deepEqual(result['opencode/plugin/check-plugin.ts'], []);
  assert.deepEqual(result['opencode/plugin/loopx-goal-bridge.js'], []);
  assert.match(readFileSync(join(dir, 'opencode', 'plugin', 'loopx-goal-bridge.js'), 'utf8'), /^\/\/ <!-- loopx-managed[^\n]*\n\/\/ @ts-check/);
});

test('the check bites: an event Pi 0.73.1 does not have and a command handler returning a value fail', () => {
  assert.ok(result['pi/extensions/bad-event.ts'].some((l) => /error TS2769: No overload matches this call/.test(l)), JSON.stringify(result));
  assert.ok(result['pi/extensions/bad-handler.ts'].length > 0, 'a command handler must return Promise<void>');
});
