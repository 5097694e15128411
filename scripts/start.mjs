// `npm start`: builds the web app when its build is missing or older than its sources, then runs the
// server (web app, API and static assets in one process) with tsx.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const built = path.join(root, 'apps/web/dist/index.html');

function newest(dir) {
  let latest = 0;
  if (!existsSync(dir)) return latest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs);
  }
  return latest;
}

const sources = ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'packages/domain/src'].map((p) =>
  path.join(root, p),
);
const sourceTime = Math.max(
  ...sources.map((p) => (existsSync(p) && statSync(p).isFile() ? statSync(p).mtimeMs : newest(p))),
);
if (!existsSync(built) || statSync(built).mtimeMs < sourceTime) {
  console.log('Building the web app…');
  const build = spawnSync('npm', ['run', 'build', '-w', '@fluxo/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
