// `npm test`: lint, typecheck, the unit and server suites (PGlite, and PostgreSQL too when
// DATABASE_URL is set), then the browser suite in Chromium.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const results = [];

/** Runs one step; `env` replaces the environment (the e2e server and PGlite suite run without DATABASE_URL). */
function step(name, command, args, env = process.env) {
  console.log(`\n━━ ${name} ━━`);
  const started = Date.now();
  const run = spawnSync(command, args, { cwd: root, stdio: 'inherit', env });
  const ok = run.status === 0;
  results.push({ name, ok, seconds: ((Date.now() - started) / 1000).toFixed(1) });
  return ok;
}

const { DATABASE_URL, ...withoutDatabase } = process.env;

step('lint (biome, zero warnings)', 'npx', ['biome', 'check', '--error-on-warnings', '.']);
step('typecheck (tsc)', 'npm', ['run', 'typecheck', '--silent']);
step('unit and server tests on PGlite', 'npx', ['vitest', 'run'], withoutDatabase);
if (DATABASE_URL) {
  step('server tests on PostgreSQL', 'npx', ['vitest', 'run', 'apps/server'], process.env);
} else {
  console.log(
    '\n(DATABASE_URL is not set: the server suite ran on PGlite only; .ci/run also runs it on PostgreSQL.)',
  );
}
step('browser tests (Playwright, Chromium)', 'node', [path.join(root, 'scripts/e2e.mjs')], withoutDatabase);

console.log('\n━━ summary ━━');
for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'}  ${r.name} (${r.seconds} s)`);
const failed = results.filter((r) => !r.ok).length;
console.log(`steps: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
