import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../../db/client.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { addMovements, newAccount, newCategory, newMerchant, orgOf } from './treasury-test-data.ts';

// "Apply to existing" over 100,000 movements (TREASURY_PERF=1; DATABASE_URL for PostgreSQL). The target
// is a few seconds at most on PostgreSQL; the numbers are printed for the report.

const COUNT = 100_000;
const run = process.env.TREASURY_PERF === '1';

describe.runIf(run)('applying a rule to 100,000 movements', () => {
  let t: TestApp;
  let token: string;
  let org: string;
  let fuel: string;
  let galp: string;

  beforeAll(async () => {
    t = await createTestApp();
    token = await t.signin('demo@fluxo.example');
    org = await orgOf(t.database.db, 'Fluxo Demo, Lda');
    const account = await newAccount(t.database.db, org, 'bank');
    fuel = await newCategory(t.database.db, org, 'Combustível');
    await newCategory(t.database.db, org, 'Rendas');
    galp = await newMerchant(t.database.db, org, 'Galp');
    // One movement in five is a fuel purchase, the rest a mix of suppliers and customers.
    await t.database.db.execute(sql`
      INSERT INTO treasury_transactions (organization_id, account_id, booking_date, amount, currency, description,
                                         counterparty_name, dedupe_key, source, search_text)
      SELECT ${org}, ${account}, date '2025-01-01' + (i % 540), CASE WHEN i % 2 = 0 THEN -(i % 9000) - 100 ELSE (i % 50000) + 1 END,
             'EUR', d.description, d.counterparty, 'perf:' || i, 'import', lower(d.description || ' ' || d.counterparty)
      FROM generate_series(1, ${COUNT}) i
      CROSS JOIN LATERAL (SELECT CASE i % 5 WHEN 0 THEN 'COMPRA GALP ENERGIA ' || (i % 97) ELSE 'TRF FORNECEDOR ' || (i % 311) END AS description,
                                 CASE i % 5 WHEN 0 THEN 'Galp Energia' ELSE 'Fornecedor ' || (i % 311) END AS counterparty) d`);
  }, 300_000);
  afterAll(() => t?.close());

  it('categorises and splits in seconds', async () => {
    const call = (method: 'POST' | 'DELETE', url: string, payload?: object) =>
      t.call({ method, url, token, orgId: org, ...(payload ? { payload } : {}) });
    const category = (
      await call('POST', '/api/v1/treasury/rules', {
        name: 'Combustível',
        conditions: [{ field: 'description', operator: 'contains', value: 'galp energia' }],
        actions: { categoryId: fuel, merchantId: galp, notes: 'Frota' },
      })
    ).json();
    let started = performance.now();
    const applied = (
      await call('POST', `/api/v1/treasury/rules/${category.id}/apply`, { overwrite: true })
    ).json();
    const categoriseMs = performance.now() - started;
    expect(applied).toEqual({ matched: COUNT / 5, updated: COUNT / 5 });

    const everything = (
      await call('POST', '/api/v1/treasury/rules', {
        name: 'Tudo',
        conditions: [{ field: 'amount', operator: 'gte', value: -1_000_000_000 }],
        actions: { categoryId: fuel },
      })
    ).json();
    started = performance.now();
    const all = (
      await call('POST', `/api/v1/treasury/rules/${everything.id}/apply`, { overwrite: true })
    ).json();
    const allMs = performance.now() - started;
    expect(all.matched).toBe(COUNT);

    const split = (
      await call('POST', '/api/v1/treasury/rules', {
        name: 'Metade',
        conditions: [{ field: 'amount', operator: 'lte', value: 0 }],
        actions: {
          split: [
            { basisPoints: 5000, categoryId: fuel },
            { basisPoints: 5000, categoryId: null },
          ],
        },
      })
    ).json();
    started = performance.now();
    const splitResult = (
      await call('POST', `/api/v1/treasury/rules/${split.id}/apply`, { overwrite: true })
    ).json();
    const splitMs = performance.now() - started;
    expect(splitResult.matched).toBe(COUNT / 2);

    console.log(
      `[${t.databaseUrl ? 'postgres' : 'pglite'}] apply to ${COUNT} movements: text rule (${COUNT / 5} updated) ${Math.round(categoriseMs)} ms; ` +
        `every movement ${Math.round(allMs)} ms; split of ${splitResult.updated} movements ${Math.round(splitMs)} ms`,
    );
  }, 600_000);

  it('classifies 100,000 new movements as they are imported', async () => {
    const account = await newAccount(t.database.db, org, 'bank', { name: 'Import' });
    const entries = Array.from({ length: COUNT }, (_, i) => ({
      bookingDate: `2026-0${1 + (i % 9)}-${String(1 + (i % 28)).padStart(2, '0')}`,
      amount: i % 2 === 0 ? -((i % 9000) + 100) : (i % 50000) + 1,
      description: i % 5 === 0 ? `COMPRA GALP ENERGIA ${i % 97}` : `TRF FORNECEDOR ${i % 311}`,
      counterpartyName: i % 5 === 0 ? 'Galp Energia' : `Fornecedor ${i % 311}`,
    }));
    const started = performance.now();
    const ids = await addMovements(t.database.db, org, account, entries);
    const importMs = performance.now() - started;
    expect(ids).toHaveLength(COUNT);
    const [row] = await rows<{ n: string | number }>(
      t.database.db,
      sql`SELECT count(*) AS n FROM treasury_transactions WHERE account_id = ${account} AND merchant_id = ${galp}`,
    );
    expect(Number(row?.n)).toBe(COUNT / 5);
    // The same import with the rules switched off: what the rules add.
    await t.database.db.execute(
      sql`UPDATE treasury_rules SET enabled = false WHERE organization_id = ${org}`,
    );
    const bare = await newAccount(t.database.db, org, 'bank', { name: 'Bare' });
    const bareStarted = performance.now();
    await addMovements(t.database.db, org, bare, entries);
    const bareMs = performance.now() - bareStarted;
    console.log(
      `[${t.databaseUrl ? 'postgres' : 'pglite'}] insertEntries of ${COUNT} movements: ${Math.round(importMs)} ms with the three rules above enabled, ${Math.round(bareMs)} ms without rules`,
    );
  }, 600_000);
});
