import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import * as drizzleOrm from 'drizzle-orm';
import { getTableColumns, getTableName, SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgDialect, PgQueryResultHKT, PgTable } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Config } from '../platform/config.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/** The extensions the migrations create (pg_trgm: the movements' text search index). */
export const PGLITE_EXTENSIONS = { pg_trgm };

export const migrationsFolder = path.join(import.meta.dirname, 'migrations');
/** Serialises migrations when several instances start together on one PostgreSQL. */
const MIGRATION_LOCK = 727_001;

export async function openDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir' | 'inMemoryDatabase'>) {
  if (config.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: config.databaseUrl,
      max: Number(process.env.PG_POOL_SIZE ?? 10),
    });
    // An idle connection closed by the server (restart, failover, a dropped test database) must not
    // crash the process: the pool discards it and opens a new one on the next query.
    pool.on('error', (error) => console.warn(`PostgreSQL idle connection error: ${error.message}`));
    const db = drizzlePg({ client: pool, schema });
    const lock = await pool.connect();
    try {
      await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
      await migratePg(db, { migrationsFolder });
    } finally {
      await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
      lock.release();
    }
    return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end() } satisfies Database;
  }
  let client: PGlite;
  let unlock = () => {};
  if (config.inMemoryDatabase) {
    client = new PGlite({ extensions: PGLITE_EXTENSIONS });
  } else {
    const dir = path.join(config.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    unlock = lockEmbeddedDatabase(config.dataDir);
    client = new PGlite(dir, { extensions: PGLITE_EXTENSIONS });
  }
  shareTheEventLoop(client);
  const db = drizzlePglite({ client, schema });
  try {
    await migratePglite(db, { migrationsFolder });
  } catch (error) {
    unlock();
    throw error;
  }
  const close = async () => {
    await client.close();
    unlock();
  };
  return { db: db as unknown as Db, kind: 'pglite', close } satisfies Database;
}

/** The longest PGlite may keep the event loop to itself, in ms. */
const PGLITE_SLICE_MS = 20;

/**
 * PGlite runs each query synchronously in WebAssembly and answers through resolved promises: a long
 * chain of queries (the demo seed, a SAF-T import, a batch in one transaction) is one run of microtasks
 * that never lets the event loop turn — no other request, timer or message is served until it ends. Every
 * PGLITE_SLICE_MS, the next query waits one turn of the event loop (setImmediate) first.
 */
function shareTheEventLoop(client: PGlite): void {
  const execute = client.execProtocolRaw.bind(client);
  let slice = performance.now();
  client.execProtocolRaw = async (message, options) => {
    if (performance.now() - slice > PGLITE_SLICE_MS) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      slice = performance.now();
    }
    return execute(message, options);
  };
}

/** The lock file of the embedded database (not state: backups leave it out). */
export const PGLITE_LOCK = 'pglite.lock';

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite is one process's database and takes no lock of its own: a second process opening the same
 * directory (another server, or `npm run backup` while the server runs) would corrupt it. The lock
 * file names its process; one left by a process that is gone is taken over.
 */
function lockEmbeddedDatabase(dataDir: string): () => void {
  const file = path.join(dataDir, PGLITE_LOCK);
  const mine = String(process.pid);
  for (;;) {
    try {
      writeFileSync(file, mine, { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(readFileSync(file, 'utf8').trim());
      if (holder && holder !== process.pid && processAlive(holder)) {
        throw new Error(
          `The embedded database in ${dataDir} is in use by process ${holder} (a running server?). PGlite is one process's database: stop that process first.`,
        );
      }
      unlinkSync(file);
    }
  }
  return () => {
    try {
      if (readFileSync(file, 'utf8') === mine) unlinkSync(file);
    } catch {}
  };
}

/** Rows of a raw SQL query, on either driver. */
export async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * The rows of a raw SQL query handed to `onRow` one at a time, none kept. On PostgreSQL, as they arrive
 * (node-postgres' row events): a large result is handled while the server still sends it, and its rows
 * die young instead of filling the heap until the last one. On PGlite (in process, rows all at once), the
 * same calls in the same order. Values are parsed as `rows` parses them, save the types drizzle parses
 * apart (timestamps, dates, intervals): cast those to text.
 */
export async function eachRow<T>(db: Db, query: SQL, onRow: (row: T) => void): Promise<void> {
  const { dialect, session } = db as unknown as { dialect: PgDialect; session: { client: unknown } };
  const client = session.client;
  if (!(client instanceof pg.Pool || client instanceof pg.Client)) {
    for (const row of await rows<T>(db, query)) onRow(row);
    return;
  }
  const connection = client instanceof pg.Pool ? await client.connect() : client;
  try {
    const built = dialect.sqlToQuery(query);
    await new Promise<void>((resolve, reject) => {
      let failure: unknown = null;
      const submitted = new pg.Query<T & pg.QueryResultRow>(built.sql, built.params);
      // A throw inside node-postgres' parser would break the connection: kept, and given at the end.
      submitted.on('row', (row: T) => {
        if (failure === null)
          try {
            onRow(row);
          } catch (error) {
            failure = error;
          }
      });
      submitted.on('error', reject);
      submitted.on('end', () => (failure === null ? resolve() : reject(failure)));
      connection.query(submitted);
    });
  } finally {
    if (connection !== client) (connection as pg.PoolClient).release();
  }
}

/**
 * The ids as a literal list of uuid parameters, for `IN (${uuidValues(ids)})`: the planner sees each
 * value (uuidList passes one jsonb parameter, whatever the count). `ids` must not be empty.
 */
export function uuidValues(ids: readonly string[]): SQL {
  return sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
}

/** A list of uuids as a one-column subquery, for `… IN ${uuidList(ids)}` (one parameter, any length). */
export function uuidList(ids: readonly string[]): SQL {
  return sql`(SELECT jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::uuid)`;
}

/** Runs writes whose results are not needed in one statement (nothing when there are none). */
export async function executeWrites(db: Db, writes: readonly SQLWrapper[]): Promise<void> {
  if (writes.length === 0) return;
  await db.execute(sql`WITH ${writesPrefix(writes)} done AS (SELECT 1) SELECT 1 FROM done`);
}

/**
 * Writes sent along with another statement as its data-modifying CTEs (`WITH w0 AS (…), w1 AS (…) …`):
 * one round trip for all of them. Each runs on the snapshot the statement starts with, so none sees the
 * others' changes: they must write different rows, and nothing may depend on their order.
 * Here as raw SQL, each followed by a comma: `sql\`WITH ${writesPrefix(writes)} t AS (…) …\``;
 * `executeWrites` runs writes alone, `insertReturning` sends them along with an insert.
 */
export function writesPrefix(writes: readonly SQLWrapper[]): SQL {
  return sql.join(
    writes.map((write, index) => sql`${sql.raw(`w${index}`)} AS (${write.getSQL()}), `),
    sql``,
  );
}

/** drizzle's own field ordering for a select's result mapping (exported at run time, not in its types). */
const { orderSelectedFields } = drizzleOrm as unknown as {
  orderSelectedFields(fields: Record<string, unknown>): unknown[];
};

interface SelectBuilder {
  getSQL(): SQL;
  execute(): Promise<unknown[]>;
  readonly _: { readonly selectedFields: Record<string, unknown> };
}

/**
 * A drizzle select built once — at its first run — then run in any transaction as a named prepared
 * statement, its values given as `sql.placeholder`s: drizzle's query building (several times the
 * cost of running a six-table join here) and PostgreSQL's planning are each paid once, per process and
 * per connection. The rows are mapped exactly as the builder maps them.
 */
export function prebuiltSelect<Q extends SelectBuilder>(name: string, build: (db: Db) => Q) {
  let built: { query: { sql: string; params: unknown[] }; fields: unknown[]; joins: unknown } | null = null;
  return async (db: Db, values: Record<string, unknown>): Promise<Awaited<ReturnType<Q['execute']>>> => {
    const { dialect, session } = db as unknown as {
      dialect: PgDialect;
      session: {
        prepareQuery(
          query: unknown,
          fields: unknown[],
          name: string,
          arrayMode: boolean,
        ): { joinsNotNullableMap: unknown; execute(values: Record<string, unknown>): Promise<unknown> };
      };
    };
    if (!built) {
      const select = build(db);
      built = {
        query: dialect.sqlToQuery(select.getSQL()),
        fields: orderSelectedFields(select._.selectedFields),
        joins: (select as unknown as { joinsNotNullableMap: unknown }).joinsNotNullableMap,
      };
    }
    const prepared = session.prepareQuery(built.query, built.fields, name, true);
    prepared.joinsNotNullableMap = built.joins;
    return (await prepared.execute(values)) as Awaited<ReturnType<Q['execute']>>;
  };
}

/** A prepared statement's name made from its text: the same text, the same statement on a connection. */
function nameAfter(text: string): string {
  return `t${createHash('sha1').update(text).digest('base64url')}`;
}

/** drizzle's column of a table, as far as writing values goes. */
interface WritableColumn {
  name: string;
  mapToDriverValue(value: unknown): unknown;
}

/**
 * `VALUES (…), (…)` of `rows` for `table`'s columns named by the rows' keys (every row has the same keys,
 * in the same order): the text and its values, numbered after those already in `params`, to which they
 * are appended, mapped as drizzle maps them (null stays null; undefined is the column's default). Written
 * without drizzle's query building, whose work per value costs more than running the statement on the
 * hottest write there is (issuing a document, `insertReturning`).
 */
function valuesText(table: PgTable, rows: readonly Record<string, unknown>[], params: unknown[]) {
  const columns = getTableColumns(table) as unknown as Record<string, WritableColumn>;
  const keys = Object.keys(rows[0] ?? {});
  const names = keys.map((key) => {
    const column = columns[key];
    if (!column) throw new Error(`${getTableName(table)} has no column ${key}`);
    return column;
  });
  const tuples = rows.map((row) => {
    const rowKeys = Object.keys(row);
    if (rowKeys.length !== keys.length || rowKeys.some((key, index) => key !== keys[index]))
      throw new Error(`The rows inserted into ${getTableName(table)} differ in their columns.`);
    const placeholders = names.map((column, index) => {
      const value = row[keys[index] as string];
      if (value === undefined) return 'DEFAULT';
      params.push(value === null ? null : column.mapToDriverValue(value));
      return `$${params.length}`;
    });
    return `(${placeholders.join(', ')})`;
  });
  return {
    columns: names.map((column) => `"${column.name}"`).join(', '),
    values: tuples.join(', '),
  };
}

/** Lists of rows longer than this run as unnamed statements (a name per length would pile up). */
const NAMED_ROWS = 8;

/**
 * Inserts `row` into `table`, with `along` inserted in the same statement (CTEs `w0`, `w1`, … in order:
 * rows of another table, or a statement of the caller's), and answers the row as drizzle maps it, with
 * `extra`'s columns (SQL texts over the CTEs, e.g. `(SELECT count(*)::int FROM w1)`) beside. The text is
 * built by hand (see valuesText) and, for a few rows, run as a prepared statement named after it.
 */
export async function insertReturning<T extends PgTable, E extends Record<string, string>>(
  db: Db,
  table: T,
  row: Record<string, unknown>,
  along: readonly ({ table: PgTable; rows: readonly Record<string, unknown>[] } | SQL)[],
  extra: E,
): Promise<T['$inferSelect'] & { [K in keyof E]: unknown }> {
  const { dialect, session } = db as unknown as {
    dialect: PgDialect;
    session: {
      prepareQuery(
        query: { sql: string; params: unknown[] },
        fields: unknown[],
        name: string | undefined,
        arrayMode: boolean,
      ): { execute(): Promise<unknown[]> };
    };
  };
  const params: unknown[] = [];
  let rows = 1;
  const ctes = along.map((part, index) => {
    let text: string;
    if (part instanceof SQL) {
      const built = dialect.sqlToQuery(part);
      const offset = params.length;
      params.push(...built.params);
      text = built.sql.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + offset}`);
    } else {
      rows += part.rows.length;
      const { columns, values } = valuesText(part.table, part.rows, params);
      text = `INSERT INTO "${getTableName(part.table)}" (${columns}) VALUES ${values}`;
    }
    return `w${index} AS (${text})`;
  });
  const { columns, values } = valuesText(table, [row], params);
  const tableColumns = getTableColumns(table) as unknown as Record<string, WritableColumn>;
  const returning = [
    ...Object.values(tableColumns).map((column) => `"${column.name}"`),
    ...Object.entries(extra).map(([key, text]) => `${text} AS "${key}"`),
  ].join(', ');
  const text = `${ctes.length > 0 ? `WITH ${ctes.join(', ')} ` : ''}INSERT INTO "${getTableName(table)}" (${columns}) VALUES ${values} RETURNING ${returning}`;
  const fields = orderSelectedFields({
    ...tableColumns,
    ...Object.fromEntries(Object.keys(extra).map((key) => [key, sql.raw(key)])),
  });
  const name = rows <= NAMED_ROWS ? nameAfter(text) : undefined;
  const [inserted] = await session.prepareQuery({ sql: text, params }, fields, name, true).execute();
  return inserted as T['$inferSelect'] & { [K in keyof E]: unknown };
}

/**
 * preparedRows' name for a statement assembled from parts (writesPrefix's CTEs): named after its text, for
 * the few shapes a caller's parts can take — never for a text that embeds a list of any length.
 */
export const BY_TEXT = Symbol('named by its text');

/**
 * Rows of a raw SQL query run as a named prepared statement on PostgreSQL: each pooled connection
 * parses and plans it once, not on every call — in a transaction too. For the hottest queries (the
 * guard's, the menus, issuing's); the text must be the same on every call (a list goes as one array
 * parameter, `= ANY(${ids}::uuid[])`). Values are parsed as `rows` parses them.
 */
export async function preparedRows<T>(db: Db, name: string | typeof BY_TEXT, query: SQL): Promise<T[]> {
  const { dialect, session } = db as unknown as {
    dialect: PgDialect;
    session: {
      prepareQuery(
        query: unknown,
        fields: undefined,
        name: string,
        arrayMode: boolean,
      ): {
        execute(): Promise<{ rows: T[] }>;
      };
    };
  };
  const built = dialect.sqlToQuery(query);
  const named = name === BY_TEXT ? nameAfter(built.sql) : name;
  const prepared = session.prepareQuery(built, undefined, named, false);
  return (await prepared.execute()).rows;
}

/** True when a query failed on a unique constraint (SQLSTATE 23505), from pg, PGlite or drizzle's wrapper. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (e: unknown) => (e && typeof e === 'object' ? (e as { code?: unknown }).code : undefined);
  return code(error) === '23505' || code((error as { cause?: unknown } | null)?.cause) === '23505';
}
