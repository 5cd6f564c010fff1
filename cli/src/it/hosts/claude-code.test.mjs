// Claude Code (@anthropic-ai/claude-code, pinned): the project .mcp.json our install writes is bound
// to the lane, needs approval, and once approved (a test user settings file) `claude mcp list` (no
// model, no key) shows our server connected: Claude Code started `loopx mcp serve` and initialised it.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOOPX, hostBin, sandbox, run } from './support.mjs';

const claude = hostBin('claude');
const s = sandbox('claude', { agents: ['builder', 'reviewer'] });
after(() => s.cleanup());

const list = () => run(claude, ['mcp', 'list'], { cwd: s.project, env: s.env, timeoutMs: 60_000 });

test('the pinned Claude Code is 2.1', async () => {
  assert.match((await run(claude, ['--version'], { env: s.env })).stdout, /^2\.1\.\d+ \(Claude Code\)/);
});

test('the installed .mcp.json is bound to the lane, pending approval, then connected in the real Claude Code', async () => {
  const install = s.loopx('slash-commands', '--install', '--surface', 'claude-code', '--project', '.',
    '--claude-home', join(s.home, '.claude'), '--goal-id', s.goal, '--agent-id', 'builder', '--cli-bin', LOOPX);
  assert.equal(install.ok, true, JSON.stringify(install));
  const mcpFile = install.files.find((f) => f.path === '.mcp.json');
  assert.equal(mcpFile.status, 'created');
  assert.match(mcpFile.note, /approve/);
  const registration = JSON.parse(readFileSync(join(s.project, '.mcp.json'), 'utf8'));
  assert.deepEqual(registration.mcpServers.loopx.args, ['mcp', 'serve', '--goal-id', s.goal, '--agent-id', 'builder']);

  const pending = await list();
  assert.equal(pending.code, 0, pending.stderr);
  assert.match(pending.stdout, /loopx: .*mcp serve --goal-id it-goal --agent-id builder - .*Pending approval/);

  mkdirSync(join(s.home, '.claude'), { recursive: true });
  writeFileSync(join(s.home, '.claude', 'settings.json'), JSON.stringify({ enabledMcpjsonServers: ['loopx'] }));
  const approved = await list();
  assert.equal(approved.code, 0, approved.stderr);
  assert.match(approved.stdout, /loopx: .*mcp serve --goal-id it-goal --agent-id builder - .*Connected/, approved.stdout);
});
