// Installs the pinned host packages (package-lock.json) into ./node_modules with `npm ci`, once per
// lock: a stamp holding the lock's SHA-256 marks a finished install, so a rebuild (also after
// `mvn clean`) reuses the packages instead of downloading 1.1 GB again. Install scripts are not run,
// except Claude Code's own postinstall, which links its platform binary (local, no download).
// Fails, never skips: no npm, no packages, no tests.
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const lock = readFileSync(join(here, 'package-lock.json'));
const want = createHash('sha256').update(lock).digest('hex');
const stamp = join(here, 'node_modules', '.loopx-lock-sha256');
if (existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === want) {
  process.stdout.write(`hosts-it: host packages current (lock ${want.slice(0, 12)})\n`);
  process.exit(0);
}
rmSync(stamp, { force: true });
const started = Date.now();
execFileSync('npm', ['ci', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: here, stdio: 'inherit' });
execFileSync(process.execPath, [join(here, 'node_modules', '@anthropic-ai', 'claude-code', 'install.cjs')], { cwd: here, stdio: 'inherit' });
writeFileSync(stamp, `${want}\n`);
process.stdout.write(`hosts-it: npm ci of the host packages took ${Math.round((Date.now() - started) / 1000)} s\n`);
