// `npm test`: lint, layering, typecheck, the unit and server suites (PGlite, and PostgreSQL too when
// DATABASE_URL is set), then the browser suite in Chromium. The end of the output repeats every failed
// test with the start of its error, then the summary names them, so the tail of a long CI log says what
// went wrong.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const root = path.resolve(import.meta.dirname, '..');
const reports = path.join(root, '.tmp', 'test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
const results = [];

/**
 * Runs one step; `env` replaces the environment (the e2e server and PGlite suite run without
 * DATABASE_URL). `report` is the JSON report the step writes, read for the summary when it fails.
 */
function step(name, command, args, { env = process.env, report } = {}) {
  console.log(`\n━━ ${name} ━━`);
  const started = Date.now();
  const run = spawnSync(command, args, { cwd: root, stdio: 'inherit', env });
  const ok = run.status === 0;
  results.push({ name, ok, report, seconds: ((Date.now() - started) / 1000).toFixed(1) });
  return ok;
}

/** Vitest's arguments for a run that also writes its JSON report to `file`. */
function vitestArgs(file, ...more) {
  return ['vitest', 'run', ...more, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`];
}

const { DATABASE_URL, ...withoutDatabase } = process.env;

step('lint (biome, zero warnings)', 'npx', ['biome', 'check', '--error-on-warnings', '.']);
step('layering (dependency-cruiser, docs/architecture.md)', 'npm', ['run', 'lint:deps', '--silent']);
step('typecheck (tsc)', 'npm', ['run', 'typecheck', '--silent']);
const pgliteReport = path.join(reports, 'vitest-pglite.json');
step('unit and server tests on PGlite', 'npx', vitestArgs(pgliteReport), {
  // The ledger's 10,000-step property test runs in full on PostgreSQL when there is one; on PGlite
  // then, a 2,000-step run of the same model (LEDGER_STEPS) keeps the suite's time in bounds.
  env:
    DATABASE_URL && !withoutDatabase.LEDGER_STEPS
      ? { ...withoutDatabase, LEDGER_STEPS: '2000' }
      : withoutDatabase,
  report: { kind: 'vitest', file: pgliteReport },
});
if (DATABASE_URL) {
  const postgresReport = path.join(reports, 'vitest-postgres.json');
  step('server tests on PostgreSQL', 'npx', vitestArgs(postgresReport, 'apps/server'), {
    report: { kind: 'vitest', file: postgresReport },
  });
} else {
  console.log(
    '\n(DATABASE_URL is not set: the server suite ran on PGlite only; .ci/run also runs it on PostgreSQL.)',
  );
}
const e2eReport = path.join(reports, 'playwright.json');
step('browser tests (Playwright, Chromium)', 'node', [path.join(root, 'scripts/e2e.mjs')], {
  env: { ...withoutDatabase, FLUXO_E2E_JSON_REPORT: e2eReport },
  report: { kind: 'playwright', file: e2eReport },
});

/** The first lines of an error, without terminal colours or the test runners' own stack frames. */
function excerpt(message, lines = 14) {
  const plain = stripVTControlCharacters(String(message));
  return plain
    .split('\n')
    .filter((line) => !/node_modules\/|node:internal|<anonymous>/.test(line))
    .slice(0, lines)
    .map((line) => `      ${line}`)
    .join('\n');
}

/** What failed in a Vitest JSON report: each failed test, or the file when it failed to load. */
function vitestFailures(report) {
  const failures = [];
  for (const file of report.testResults ?? []) {
    const where = path.relative(root, file.name);
    const failedTests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of failedTests) {
      failures.push({ title: `${where} › ${t.fullName}`, message: (t.failureMessages ?? []).join('\n') });
    }
    if (failedTests.length === 0 && file.status === 'failed') {
      failures.push({ title: where, message: file.message ?? '' });
    }
  }
  // Every test passed but the run did not: an error outside any test (Vitest's "Unhandled Errors").
  if (failures.length === 0 && report.success === false)
    failures.push({
      title: 'an error outside any test',
      message: 'Vitest printed it under "Unhandled Errors" in the step output above.',
    });
  return failures;
}

/** What failed in a Playwright JSON report: tests whose last attempt failed (a retried pass is flaky, not failed). */
function playwrightFailures(report) {
  const failures = [];
  const visit = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected') continue;
        const last = test.results?.at(-1);
        failures.push({
          title: `[${test.projectName}] ${[...titles, spec.title].filter(Boolean).join(' › ')}`,
          message: last?.error?.message ?? last?.errors?.map((e) => e.message).join('\n') ?? '',
        });
      }
    }
    for (const child of suite.suites ?? []) visit(child, [...titles, child.title]);
  };
  for (const suite of report.suites ?? []) visit(suite, [suite.title]);
  for (const error of report.errors ?? [])
    failures.push({ title: 'outside any test', message: error.message });
  return failures;
}

function failuresOf(result) {
  if (!result.report) return [];
  if (!existsSync(result.report.file)) return [{ title: 'no report was written', message: '' }];
  try {
    const report = JSON.parse(readFileSync(result.report.file, 'utf8'));
    return result.report.kind === 'vitest' ? vitestFailures(report) : playwrightFailures(report);
  } catch (error) {
    return [{ title: 'the report could not be read', message: String(error) }];
  }
}

const failedSteps = results.filter((r) => !r.ok);
const failedTests = failedSteps.flatMap((result) =>
  failuresOf(result).map((failure) => ({ ...failure, step: result.name })),
);
if (failedTests.length > 0) {
  console.log('\n━━ failures ━━');
  for (const failure of failedTests.slice(0, 10)) {
    console.log(`  ✗ ${failure.title}  (${failure.step})`);
    if (failure.message) console.log(excerpt(failure.message));
  }
}

// Last, so that the tail of a long log names the failed tests.
console.log('\n━━ summary ━━');
for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'}  ${r.name} (${r.seconds} s)`);
for (const failure of failedTests.slice(0, 10)) console.log(`  ✗ ${failure.title}`);
if (failedTests.length > 10) console.log(`  … and ${failedTests.length - 10} more`);
console.log(`steps: ${results.length - failedSteps.length} passed, ${failedSteps.length} failed`);
process.exit(failedSteps.length === 0 ? 0 : 1);
