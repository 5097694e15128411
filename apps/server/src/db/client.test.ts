import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { bigint, date, integer, jsonb, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../test/harness.ts';
import { type Database, insertReturning } from './client.ts';

const heads = pgTable('insert_test_heads', {
  id: uuid('id').primaryKey(),
  label: text('label').notNull(),
  note: text('note'),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  rate: numeric('rate', { precision: 12, scale: 6 }),
  day: date('day'),
  at: timestamp('at', { withTimezone: true }),
  data: jsonb('data'),
  state: text('state').notNull().default('draft'),
  created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
});
const items = pgTable('insert_test_items', {
  id: uuid('id').primaryKey(),
  headId: uuid('head_id').notNull(),
  position: integer('position').notNull(),
  tags: jsonb('tags'),
});

let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await freshDatabase(mkdtempSync(path.join(tmpdir(), 'fluxo-insert-'))));
  await database.db.execute(sql`CREATE TABLE insert_test_heads (
    id uuid PRIMARY KEY, label text NOT NULL, note text, amount bigint NOT NULL, rate numeric(12, 6),
    day date, at timestamptz, data jsonb, state text NOT NULL DEFAULT 'draft',
    created timestamptz NOT NULL DEFAULT now())`);
  await database.db.execute(sql`CREATE TABLE insert_test_items (
    id uuid PRIMARY KEY, head_id uuid NOT NULL, position integer NOT NULL, tags jsonb)`);
});
afterAll(async () => {
  await database.close();
  await drop();
});

describe('insertReturning', () => {
  it('writes and answers a row as drizzle does, with rows of another table and a statement along', async () => {
    const db = database.db;
    const row = (id: string) => ({
      id,
      label: 'Fatura',
      note: null,
      amount: 123_456_789_012,
      rate: '1.085000',
      day: '2026-11-29',
      at: new Date('2026-11-29T10:00:00.000Z'),
      data: { tags: ['a', 'b'], n: 1 },
      state: undefined,
    });
    const [byDrizzle] = await db
      .insert(heads)
      .values(row('00000000-0000-4000-8000-000000000001'))
      .returning();
    const along = [
      {
        table: items,
        rows: [1, 2, 3].map((position) => ({ id: crypto.randomUUID(), headId: 'x', position, tags: null })),
      },
    ];
    along[0]!.rows.forEach((item) => {
      item.headId = '00000000-0000-4000-8000-000000000002';
    });
    const ours = await insertReturning(db, heads, row('00000000-0000-4000-8000-000000000002'), along, {
      two: '1 + 1',
    });
    const { two, ...head } = ours;
    expect(two).toBe(2);
    expect({ ...head, id: '', created: null }).toEqual({ ...byDrizzle, id: '', created: null });
    expect(head.state).toBe('draft');
    expect(head.created).toBeInstanceOf(Date);
    const stored = await db.select().from(items).where(sql`head_id = ${head.id}`);
    expect(stored.map((item) => item.position).sort()).toEqual([1, 2, 3]);
    expect(stored.every((item) => item.tags === null)).toBe(true);
  });

  it('sends a statement along and answers what it returned', async () => {
    const db = database.db;
    const id = '00000000-0000-4000-8000-000000000003';
    const marker = sql`INSERT INTO insert_test_items (id, head_id, position) VALUES (${crypto.randomUUID()}, ${id}, ${7}) RETURNING 1`;
    const inserted = await insertReturning(db, heads, { id, label: 'Recibo', amount: 1 }, [marker], {
      marked: '(SELECT count(*)::int FROM w0)',
    });
    expect(inserted.marked).toBe(1);
    expect(inserted.note).toBeNull();
  });

  it('refuses rows that differ in their columns', async () => {
    await expect(
      insertReturning(
        database.db,
        heads,
        { id: '00000000-0000-4000-8000-000000000004', label: 'x', amount: 1 },
        [
          {
            table: items,
            rows: [
              { id: crypto.randomUUID(), headId: 'y', position: 1 },
              { id: crypto.randomUUID(), position: 2 },
            ],
          },
        ],
        {},
      ),
    ).rejects.toThrow(/differ in their columns/);
  });
});
