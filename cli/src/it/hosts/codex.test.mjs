// Codex (@openai/codex, pinned): after `slash-commands --install --surface codex` into a temp
// CODEX_HOME, the real Codex's model-visible prompt (`codex debug prompt-input`, no model, no key)
// lists the loopx skill; before the install it does not. An old managed prompts/ file is removed.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOOPX, hostBin, sandbox, run } from './support.mjs';

const codex = hostBin('codex');
const s = sandbox('codex');
after(() => s.cleanup());

async function modelVisiblePrompt(codexHome) {
  const r = await run(codex, ['debug', 'prompt-input', 'hello'], { cwd: s.project, env: { ...s.env, CODEX_HOME: codexHome } });
  assert.equal(r.code, 0, r.stderr);
  return JSON.parse(r.stdout);
}

/** The skills section of the prompt: its `### Available skills` list. */
function skillsOf(prompt) {
  const text = JSON.stringify(prompt);
  const start = text.indexOf('<skills_instructions>');
  assert.ok(start >= 0, 'the prompt has a skills section');
  return JSON.parse(`"${text.slice(start, text.indexOf('</skills_instructions>', start))}"`);
}

test('the pinned Codex is 0.169', async () => {
  const r = await run(codex, ['--version'], { env: s.env });
  assert.match(r.stdout, /codex-cli 0\.169\./);
});

test('after our install the real Codex lists the loopx skill in its model-visible prompt', async () => {
  const codexHome = join(s.root, 'codex-home');
  mkdirSync(join(codexHome, 'prompts'), { recursive: true });
  writeFileSync(join(codexHome, 'prompts', 'loopx.md'),
    '---\n---\n<!-- loopx-managed-slash-command:v1 command=loopx surface=codex -->\nold prompt\n');
  assert.doesNotMatch(skillsOf(await modelVisiblePrompt(codexHome)), /- loopx:/, 'nothing before the install');

  const install = s.loopx('slash-commands', '--install', '--surface', 'codex', '--codex-home', codexHome, '--cli-bin', LOOPX);
  assert.equal(install.ok, true, JSON.stringify(install));
  const statuses = Object.fromEntries(install.files.map((f) => [f.path, f.status]));
  assert.deepEqual(statuses, { 'skills/loopx/SKILL.md': 'created', 'prompts/loopx.md': 'removed' });
  assert.ok(!existsSync(join(codexHome, 'prompts', 'loopx.md')), 'the retired prompt is gone');

  const skills = skillsOf(await modelVisiblePrompt(codexHome));
  assert.match(skills, /- loopx: Use the LoopX CLI for this project's long-running goal\./);
  const root = skills.match(/`(r\d+)` = `([^`]+)`/g).map((line) => line.match(/`(r\d+)` = `([^`]+)`/))
    .find((m) => m[2] === join(codexHome, 'skills'));
  assert.ok(root, `our skills folder is a skill root:\n${skills}`);
  assert.match(skills, new RegExp(`\\(file: ${root[1]}/loopx/SKILL\\.md\\)`));
  assert.match(readFileSync(join(codexHome, 'skills', 'loopx', 'SKILL.md'), 'utf8'), /loopx-managed-slash-command:v1 command=loopx-skill surface=codex/);
});
