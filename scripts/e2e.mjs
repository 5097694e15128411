// Runs the Playwright suite in Debian's Chromium. Without Chromium it skips loudly on a developer
// machine and fails under CI, where the browser suite must really run.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  const banner = '!'.repeat(78);
  console.error(
    `\n${banner}\n!! Chromium not found at ${chromium}: the browser suite DID NOT RUN.\n!! Install it with: apt-get install -y chromium\n${banner}\n`,
  );
  process.exit(process.env.CI ? 1 : 0);
}
const run = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(run.status ?? 1);
