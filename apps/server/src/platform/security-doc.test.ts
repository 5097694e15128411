import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { describeAccess } from './access.ts';
import type { RouteEntry } from './guard.ts';

/**
 * docs/security.md lists every route with its audience between two markers. This test holds the
 * table and the code together in both directions: every route of the guard's table is listed with
 * the audience it declares, and every listed row is a real route. `WRITE_SECURITY_DOC=1` rewrites the
 * table from the code (then `npx biome format --write docs/security.md` and review the diff).
 */

const DOC = path.resolve(import.meta.dirname, '../../../../docs/security.md');
const START = '<!-- route-audiences:start -->';
const END = '<!-- route-audiences:end -->';
const HEADER = [
  '| Method | Path | Audience | Narrowed further by the service |',
  '| --- | --- | --- | --- |',
];

interface Row {
  method: string;
  path: string;
  audience: string;
  detail: string;
}

const keyOf = (row: { method: string; path: string }) => `${row.method} ${row.path}`;

function rowOf(route: RouteEntry): Row {
  return {
    method: route.method,
    path: route.url,
    audience: describeAccess(route.access),
    detail: route.access.detail ?? '',
  };
}

function render(row: Row): string {
  return `| ${row.method} | \`${row.path}\` | ${row.audience} | ${row.detail} |`;
}

/** The rows between the markers; a line that is not a table row of four cells is an error. */
function parse(doc: string): Row[] {
  const start = doc.indexOf(START);
  const end = doc.indexOf(END);
  if (start < 0 || end < start) throw new Error(`docs/security.md lacks the ${START} … ${END} section`);
  const lines = doc
    .slice(start + START.length, end)
    .split('\n')
    .map((line) => line.trim())
    // Blank lines and the separator row; the cells may be padded (biome formats the table).
    .filter((line) => line !== '' && !/^\|[\s|:-]+\|$/.test(line));
  const rows = lines.map((line) => {
    const cells = line.split('|').map((cell) => cell.trim());
    if (cells.length !== 6 || cells[0] !== '' || cells[5] !== '') throw new Error(`Not a table row: ${line}`);
    return {
      method: cells[1]!,
      path: cells[2]!.replace(/^`|`$/g, ''),
      audience: cells[3]!,
      detail: cells[4]!,
    };
  });
  return rows.filter((row) => row.method !== 'Method');
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demo: false });
  if (process.env.WRITE_SECURITY_DOC === '1') {
    const doc = readFileSync(DOC, 'utf8');
    const table = [...HEADER, ...t.app.routeTable.map((route) => render(rowOf(route)))].join('\n');
    writeFileSync(
      DOC,
      `${doc.slice(0, doc.indexOf(START) + START.length)}\n${table}\n${doc.slice(doc.indexOf(END))}`,
    );
  }
});
afterAll(async () => {
  await t?.close();
});

describe('docs/security.md', () => {
  it('lists every route with the audience it declares', () => {
    const listed = new Map(parse(readFileSync(DOC, 'utf8')).map((row) => [keyOf(row), row]));
    const problems: string[] = [];
    for (const route of t.app.routeTable) {
      const expected = rowOf(route);
      const row = listed.get(keyOf(expected));
      if (!row) problems.push(`missing from the table: ${render(expected)}`);
      else if (row.audience !== expected.audience || row.detail !== expected.detail)
        problems.push(
          `audience differs for ${keyOf(expected)}: table "${render(row)}", code "${render(expected)}"`,
        );
    }
    expect(problems).toEqual([]);
  });

  it('lists only real routes, each once', () => {
    const rows = parse(readFileSync(DOC, 'utf8'));
    const routes = new Set(t.app.routeTable.map((route) => keyOf(rowOf(route))));
    expect(rows.filter((row) => !routes.has(keyOf(row))).map(keyOf)).toEqual([]);
    const seen = new Set<string>();
    expect(rows.map(keyOf).filter((key) => seen.size === seen.add(key).size)).toEqual([]);
  });
});
