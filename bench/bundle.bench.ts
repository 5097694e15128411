// Builds the web app into a temporary directory and prints the JavaScript each route loads, gzip.
// The sign-in route's total is the figure the budget (≤ 200 KB, e2e/bundle-budget.spec.ts) holds.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { root } from './lib.ts';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const SIGN_IN_BUDGET_KB = 200;

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

/** A chunk and everything it imports statically: what loading it fetches. */
function closure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) closure(manifest, imported, into);
  return into;
}

export async function bundleBench(): Promise<void> {
  const outDir = mkdtempSync(path.join(tmpdir(), 'fluxo-bundle-'));
  try {
    const build = spawnSync(
      'npx',
      ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--manifest', '--logLevel', 'warn'],
      { cwd: path.join(root, 'apps/web'), stdio: ['ignore', 'inherit', 'inherit'] },
    );
    if (build.status !== 0) throw new Error('the web build failed');
    const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
    const sizes = new Map<string, number>();
    const gzipOf = (file: string) => {
      let size = sizes.get(file);
      if (size === undefined) {
        size = gzipSync(readFileSync(path.join(outDir, file)), { level: 9 }).length;
        sizes.set(file, size);
      }
      return size;
    };
    const total = (files: Set<string>) => [...files].reduce((sum, file) => sum + gzipOf(file), 0);

    const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry)!;
    const entry = closure(manifest, entryKey);
    console.log(`entry (every route): ${kb(total(entry))} in ${entry.size} file(s)`);

    // Each lazily loaded module (a route, a layout, a modal, the tour): what it adds to the entry.
    const rows = Object.entries(manifest)
      .filter(([, chunk]) => chunk.isDynamicEntry && chunk.src)
      .map(([key, chunk]) => {
        const own = closure(manifest, key);
        for (const file of entry) own.delete(file);
        return { module: chunk.src!.replace(/^src\//, ''), chunk: chunk.file, added: total(own) };
      })
      .sort((a, b) => a.module.localeCompare(b.module));
    console.log(
      '\nlazy module                                                   chunk gzip (+ imports beyond the entry)',
    );
    for (const row of rows)
      console.log(`${row.module.padEnd(62)} ${kb(row.added).padStart(9)}  ${row.chunk}`);

    // The sign-in route: entry + auth layout + sign-in screen, as the browser loads them.
    const signIn = new Set(entry);
    for (const src of ['src/app/layouts/auth-layout.tsx', 'src/app/routes/auth/sign-in.tsx']) {
      if (manifest[src]) closure(manifest, src, signIn);
    }
    const signInTotal = total(signIn);
    console.log(
      `\nsign-in route JS: ${kb(signInTotal)} gzip (budget ${SIGN_IN_BUDGET_KB} KB) — ${
        signInTotal <= SIGN_IN_BUDGET_KB * 1024 ? 'within budget' : 'OVER BUDGET'
      }`,
    );
    const all = [...new Set(Object.values(manifest).map((chunk) => chunk.file))].filter((f) =>
      f.endsWith('.js'),
    );
    console.log(
      `all JS: ${kb(all.reduce((sum, file) => sum + gzipOf(file), 0))} gzip in ${all.length} chunks`,
    );
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}
