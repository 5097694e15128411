import { is, type SQL, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import * as schema from '../../db/schema.ts';
import { SEALED_PREFIX } from '../../platform/secret-box.ts';

/**
 * Which rows of which tables are an organization's, read from the Drizzle schema itself so that a table
 * added later is exported without anyone remembering to list it (docs/data-export.md):
 * - `organizations`: the organization's own row;
 * - every table with an `organization_id` column: its rows of the organization;
 * - every other table with a foreign key to `organizations`, or to a table of the line above (e.g. a
 *   bank connection's attempts): the rows that point at the organization's.
 * Left out: the export bookkeeping itself, columns holding secrets (by name: passwords, tokens, code
 * hashes, keys, the bank's authorisation state…), internal file paths, and binary columns; a cell whose
 * value is sealed by the secret box (SECRETS_KEY) is written empty whatever its column's name.
 */

export interface ExportColumn {
  name: string;
  sqlType: string;
}

export interface ExportTable {
  name: string;
  columns: ExportColumn[];
  /** The keyset: the primary key's columns, or none (then the physical row id, ctid). */
  keys: ExportColumn[];
  /** The WHERE condition selecting the organization's rows (the organization id is a parameter). */
  scope: (organizationId: string) => SQL;
}

/** Tables never exported: the export's own bookkeeping. */
const SKIPPED_TABLES = new Set(['data_exports']);

/** Column names whose values are secrets, or server internals (file paths), never exported. */
const SECRET_COLUMN =
  /pass(word|phrase)|secret|token|credential|private[-_]?key|api[-_]?key|code_hash|auth_state|^auth$|p256dh|cipher|encrypted|sealed|storage_key/i;

export function isExcludedColumn(name: string, sqlType: string): boolean {
  return SECRET_COLUMN.test(name) || sqlType === 'bytea';
}

const ident = (name: string) => sql.identifier(name);

function columnsOf(table: PgTable): { all: ExportColumn[]; keys: ExportColumn[] } {
  const config = getTableConfig(table);
  const all = config.columns.map((column) => ({ name: column.name, sqlType: column.getSQLType() }));
  const composite = config.primaryKeys[0]?.columns.map((column) => column.name);
  const keyNames = composite ?? config.columns.filter((column) => column.primary).map((c) => c.name);
  return { all, keys: keyNames.map((name) => all.find((column) => column.name === name)!) };
}

let cached: ExportTable[] | null = null;

/** Every exported table, parents before children, in name order within each group. */
export function exportTables(): ExportTable[] {
  if (cached) return cached;
  const tables = (Object.values(schema) as unknown[])
    .filter((value): value is PgTable => is(value, PgTable))
    .map((table) => ({ table, config: getTableConfig(table) }))
    .filter(({ config }) => !SKIPPED_TABLES.has(config.name))
    .sort((a, b) => a.config.name.localeCompare(b.config.name));
  const result: ExportTable[] = [];
  const scoped = new Map<string, string>();
  const add = (table: PgTable, scope: ExportTable['scope']) => {
    const { all, keys } = columnsOf(table);
    const columns = all.filter((column) => !isExcludedColumn(column.name, column.sqlType));
    result.push({ name: getTableConfig(table).name, columns, keys, scope });
  };
  const organizationsTable = tables.find(({ config }) => config.name === 'organizations')!;
  add(organizationsTable.table, (id) => sql`${ident('id')} = ${id}::uuid`);
  for (const { table, config } of tables) {
    if (!config.columns.some((column) => column.name === 'organization_id')) continue;
    add(table, (id) => sql`${ident('organization_id')} = ${id}::uuid`);
    scoped.set(config.name, 'organization_id');
  }
  // Tables that point at the organization, or at rows of a table above, without a column of their own.
  for (const { table, config } of tables) {
    if (config.name === 'organizations' || scoped.has(config.name)) continue;
    const links: ((id: string) => SQL)[] = [];
    for (const foreignKey of config.foreignKeys) {
      const reference = foreignKey.reference();
      if (reference.columns.length !== 1) continue;
      const column = reference.columns[0]!.name;
      const target = getTableConfig(reference.foreignTable);
      const targetColumn = reference.foreignColumns[0]!.name;
      if (target.name === 'organizations') links.push((id) => sql`${ident(column)} = ${id}::uuid`);
      else if (scoped.has(target.name))
        links.push(
          (id) =>
            sql`${ident(column)} IN (SELECT ${ident(targetColumn)} FROM ${ident(target.name)} WHERE organization_id = ${id}::uuid)`,
        );
    }
    if (links.length)
      add(table, (id) =>
        sql.join(
          links.map((link) => sql`(${link(id)})`),
          sql` OR `,
        ),
      );
  }
  cached = result;
  return result;
}

/** Counts the organization's rows of a table (what its CSV holds). */
export async function countRows(db: Db, table: ExportTable, organizationId: string): Promise<number> {
  const result = (await db.execute(
    sql`SELECT count(*)::int AS n FROM ${ident(table.name)} WHERE ${table.scope(organizationId)}`,
  )) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]?.n ?? 0);
}

/** A CSV field (RFC 4180): quoted when it holds a comma, quote, line break or edge spaces. */
export function csvField(value: string | null): string {
  if (value === null) return '';
  if (/[",\r\n]|^\s|\s$/.test(value)) return `"${value.replaceAll('"', '""')}"`;
  return value;
}

/** A sealed secret (the secret box's prefix), anywhere in the cell, empties it. */
function cell(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const text = String(value);
  return text.includes(SEALED_PREFIX) ? '' : text;
}

/**
 * The table's CSV for the organization, in keyset pages of `pageSize` rows (never the whole table in
 * memory): a header line, then one line per row. Values are PostgreSQL's JSON text of each value (ISO
 * dates and times, true/false, JSON for JSON columns), empty for NULL.
 */
export async function* tableCsv(
  db: Db,
  table: ExportTable,
  organizationId: string,
  pageSize = 1000,
): AsyncGenerator<string> {
  yield `${table.columns.map((column) => csvField(column.name)).join(',')}\r\n`;
  const keys: { expression: SQL; sqlType: string }[] = table.keys.length
    ? table.keys.map((key) => ({ expression: sql`${ident(key.name)}`, sqlType: key.sqlType }))
    : [{ expression: sql.raw('ctid'), sqlType: 'tid' }];
  const selected = sql.join(
    [
      ...keys.map((key, index) => sql`${key.expression}::text AS ${ident(`k${index}`)}`),
      ...table.columns.map(
        (column, index) => sql`to_json(${ident(column.name)}) #>> '{}' AS ${ident(`c${index}`)}`,
      ),
    ],
    sql`, `,
  );
  const order = sql.join(
    keys.map((key) => key.expression),
    sql`, `,
  );
  let last: string[] | null = null;
  for (;;) {
    const after: SQL = last
      ? sql`AND (${order}) > (${sql.join(
          keys.map((key, index) => sql`${last![index]}::${sql.raw(key.sqlType)}`),
          sql`, `,
        )})`
      : sql``;
    const page = (
      (await db.execute(
        sql`SELECT ${selected} FROM ${ident(table.name)}
            WHERE (${table.scope(organizationId)}) ${after}
            ORDER BY ${order} LIMIT ${pageSize}`,
      )) as unknown as { rows: Record<string, unknown>[] }
    ).rows;
    if (page.length === 0) return;
    yield page
      .map((row) => `${table.columns.map((_, index) => csvField(cell(row[`c${index}`]))).join(',')}\r\n`)
      .join('');
    if (page.length < pageSize) return;
    const end = page[page.length - 1]!;
    last = keys.map((_, index) => String(end[`k${index}`]));
  }
}
