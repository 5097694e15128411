import { type RuleCondition, ruleMatches, splitAmount } from '@fluxo/domain';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../../db/client.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { normaliseText } from '../transactions/ingest.ts';
import { normalisedSql } from './rule-sql.ts';
import { addMovements, newAccount, newCategory, newMerchant, orgOf } from './treasury-test-data.ts';

let t: TestApp;
let owner: string;
let cash: string;
let org: string;
let otherOrg: string;
let bank: string;
let card: string;
let fuel: string;
let rent: string;
let otherCategory: string;
let galp: string;

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, token = owner) =>
  t.call({
    method,
    url,
    token,
    orgId: org,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

/** Movements to match against: Portuguese descriptions with accents, both signs, two accounts. */
const MOVEMENTS = [
  { description: 'COMPRA GALP ENERGIA LISBOA', counterpartyName: 'Galp Energia', amount: -4599 },
  { description: 'Compra galp energia Porto', counterpartyName: 'GALP ENERGIA SA', amount: -6210 },
  { description: 'TRF SEGURANÇA SOCIAL', counterpartyName: 'Instituto da Segurança Social', amount: -34512 },
  {
    description: 'Renda escritório março',
    counterpartyName: 'Imobiliária Ação, Lda',
    amount: -120000,
    counterpartyIban: 'PT50 0035 0000 1234 5678 9012 3',
  },
  {
    description: 'Pagamento cliente Fatura 12',
    counterpartyName: 'Cliente Ação',
    amount: 250000,
    counterpartyIban: 'PT50003500001234567890123',
  },
  { description: 'Comissão manutenção conta', counterpartyName: null, amount: -750 },
  { description: 'MB WAY 100%_promo', counterpartyName: 'João', amount: -100 },
];

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signin('demo@fluxo.example');
  cash = await t.signin('cash@fluxo.example');
  org = await orgOf(t.database.db, 'Fluxo Demo, Lda');
  otherOrg = await orgOf(t.database.db, 'Kwanza Comércio, Lda');
  bank = await newAccount(t.database.db, org, 'bank');
  card = await newAccount(t.database.db, org, 'card');
  fuel = await newCategory(t.database.db, org, 'Combustível');
  rent = await newCategory(t.database.db, org, 'Rendas');
  otherCategory = await newCategory(t.database.db, otherOrg, 'Outra');
  galp = await newMerchant(t.database.db, org, 'Galp');
  await addMovements(t.database.db, org, bank, MOVEMENTS.slice(0, 5));
  await addMovements(t.database.db, org, card, MOVEMENTS.slice(5));
});
afterAll(() => t?.close());

describe('rules CRUD', () => {
  it('creates, lists, updates and deletes a rule', async () => {
    const created = await call('POST', '/api/v1/treasury/rules', {
      name: 'Combustível',
      conditions: [{ field: 'description', operator: 'contains', value: 'galp' }],
      actions: { categoryId: fuel, merchantId: galp },
    });
    expect(created.statusCode).toBe(201);
    const rule = created.json();
    expect(rule).toMatchObject({
      priority: 100,
      enabled: true,
      actions: { categoryId: fuel, merchantId: galp },
    });
    expect((await call('GET', '/api/v1/treasury/rules')).json().map((r: { id: string }) => r.id)).toContain(
      rule.id,
    );
    const updated = await call('PATCH', `/api/v1/treasury/rules/${rule.id}`, { priority: 5, enabled: false });
    expect(updated.json()).toMatchObject({ priority: 5, enabled: false, name: 'Combustível' });
    expect((await call('DELETE', `/api/v1/treasury/rules/${rule.id}`)).json()).toEqual({ deleted: true });
    expect((await call('DELETE', `/api/v1/treasury/rules/${rule.id}`)).statusCode).toBe(404);
  });

  it("refuses another organization's category, a bad range and shares that do not make 100%", async () => {
    const foreign = await call('POST', '/api/v1/treasury/rules', {
      name: 'x',
      conditions: [{ field: 'amount', operator: 'lte', value: 0 }],
      actions: { categoryId: otherCategory },
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().details[0].path).toBe('actions.categoryId');
    const range = await call('POST', '/api/v1/treasury/rules', {
      name: 'x',
      conditions: [{ field: 'amount', operator: 'between', value: 10, to: 5 }],
      actions: { notes: 'x' },
    });
    expect(range.json().details[0].path).toBe('conditions.0.to');
    const split = await call('POST', '/api/v1/treasury/rules', {
      name: 'x',
      conditions: [{ field: 'amount', operator: 'lte', value: 0 }],
      actions: {
        split: [
          { basisPoints: 5000, categoryId: fuel },
          { basisPoints: 4000, categoryId: rent },
        ],
      },
    });
    expect(split.json().code).toBe('SPLIT_MISMATCH');
    expect((await call('GET', '/api/v1/treasury/rules')).json()).toHaveLength(0);
  });

  it("hides another organization's rules and refuses a member without the treasury settings", async () => {
    const rule = (
      await call('POST', '/api/v1/treasury/rules', {
        name: 'Mine',
        conditions: [{ field: 'amount', operator: 'lte', value: 0 }],
        actions: { notes: 'x' },
      })
    ).json();
    const ao = await t.signin('ao.owner@fluxo.example');
    const foreign = await t.call({
      method: 'PATCH',
      url: `/api/v1/treasury/rules/${rule.id}`,
      token: ao,
      orgId: otherOrg,
      payload: { name: 'Theirs' },
    });
    expect(foreign.statusCode).toBe(404);
    expect((await call('GET', '/api/v1/treasury/rules', undefined, cash)).statusCode).toBe(403);
    await call('DELETE', `/api/v1/treasury/rules/${rule.id}`);
  });
});

describe('rules in SQL mean what the domain says', () => {
  it('normalises text in SQL as ingest does', async () => {
    for (const text of ['  TRF SEGURANÇA  Social ', 'Ação àéîõü ÇÑ', 'tab\there', 'Ünïcödé — çà']) {
      const [row] = await rows<{ n: string }>(
        t.database.db,
        sql`SELECT ${normalisedSql(sql`${text}::text`)} AS n`,
      );
      expect(row?.n).toBe(normaliseText(text));
    }
  });

  it('previews the same movements as the pure matcher selects', async () => {
    const stored = await rows<{
      id: string;
      account_id: string;
      amount: string | number;
      description: string;
      counterparty_name: string | null;
      counterparty_iban: string | null;
    }>(
      t.database.db,
      sql`SELECT id, account_id, amount, description, counterparty_name, counterparty_iban
          FROM treasury_transactions WHERE organization_id = ${org}`,
    );
    const words = [
      'galp',
      'GALP energia',
      'segurança',
      'acao',
      'compra',
      'pt50 0035',
      'PT500035',
      '100%',
      '_promo',
      'x',
    ];
    const condition: fc.Arbitrary<RuleCondition> = fc.oneof(
      fc.record({
        field: fc.constantFrom('description' as const, 'counterparty' as const, 'iban' as const),
        operator: fc.constantFrom('contains' as const, 'equals' as const, 'startsWith' as const),
        value: fc.constantFrom(...words),
      }),
      fc.record({
        field: fc.constant('amount' as const),
        operator: fc.constantFrom('equals' as const, 'gte' as const, 'lte' as const),
        value: fc.constantFrom(-4599, -750, 0, 250000),
      }),
      fc.record({
        field: fc.constant('amount' as const),
        operator: fc.constant('between' as const),
        value: fc.constantFrom(-50000, -5000),
        to: fc.constantFrom(-100, 0),
      }),
      fc.record({
        field: fc.constant('account' as const),
        operator: fc.constant('equals' as const),
        value: fc.constantFrom(bank, card),
      }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(condition, { minLength: 1, maxLength: 3 }), async (conditions) => {
        const expected = stored.filter((row) =>
          ruleMatches(conditions, {
            accountId: row.account_id,
            amount: Number(row.amount),
            description: row.description,
            counterpartyName: row.counterparty_name,
            counterpartyIban: row.counterparty_iban,
          }),
        );
        const preview = await call('POST', '/api/v1/treasury/rules/preview', { conditions });
        expect(preview.statusCode).toBe(200);
        expect(preview.json().matched).toBe(expected.length);
        const sample: string[] = preview.json().sample.map((s: { id: string }) => s.id);
        const ids = new Set(expected.map((row) => row.id));
        expect(sample).toHaveLength(Math.min(10, expected.length));
        for (const id of sample) expect(ids.has(id)).toBe(true);
      }),
      { numRuns: 60 },
    );
  });
});

describe('preview', () => {
  it('shows sample movements only to those who may see movements', async () => {
    const conditions = [{ field: 'description', operator: 'contains', value: 'galp' }];
    const [member] = await rows<{ id: string }>(
      t.database.db,
      sql`SELECT id FROM users WHERE email = 'cash@fluxo.example'`,
    );
    await t.database.db.execute(
      sql`UPDATE organization_members SET permissions = permissions || '{"treasury.cashConfigs": 1}'::jsonb
          WHERE organization_id = ${org} AND user_id = ${member!.id}`,
    );
    const settingsOnly = await call('POST', '/api/v1/treasury/rules/preview', { conditions }, cash);
    expect(settingsOnly.json()).toEqual({ matched: 2, sample: [] });
    await t.database.db.execute(
      sql`UPDATE organization_members SET permissions = permissions || '{"treasury.inOut": 1}'::jsonb
          WHERE organization_id = ${org} AND user_id = ${member!.id}`,
    );
    const withMovements = await call('POST', '/api/v1/treasury/rules/preview', { conditions }, cash);
    expect(withMovements.json().sample).toHaveLength(2);
    await t.database.db.execute(
      sql`UPDATE organization_members SET permissions = permissions - 'treasury.cashConfigs' - 'treasury.inOut'
          WHERE organization_id = ${org} AND user_id = ${member!.id}`,
    );
  });
});

describe('apply to existing', () => {
  it('classifies only uncategorised movements unless asked to overwrite', async () => {
    const [first] = await rows<{ id: string }>(
      t.database.db,
      sql`SELECT id FROM treasury_transactions WHERE organization_id = ${org} AND description = 'Compra galp energia Porto'`,
    );
    await t.database.db.execute(
      sql`UPDATE treasury_transactions SET category_id = ${rent} WHERE id = ${first!.id}`,
    );
    const rule = (
      await call('POST', '/api/v1/treasury/rules', {
        name: 'Galp',
        conditions: [{ field: 'counterparty', operator: 'startsWith', value: 'galp energia' }],
        actions: { categoryId: fuel, merchantId: galp, notes: 'Combustível da frota' },
      })
    ).json();
    const kept = await call('POST', `/api/v1/treasury/rules/${rule.id}/apply`, {});
    expect(kept.json()).toEqual({ matched: 2, updated: 1 });
    const [row] = await rows<{ category_id: string; search_text: string }>(
      t.database.db,
      sql`SELECT category_id, search_text FROM treasury_transactions WHERE id = ${first!.id}`,
    );
    expect(row?.category_id).toBe(rent);
    const overwritten = await call('POST', `/api/v1/treasury/rules/${rule.id}/apply`, { overwrite: true });
    expect(overwritten.json()).toEqual({ matched: 2, updated: 1 });
    const classified = await rows<{
      category_id: string;
      merchant_id: string;
      notes: string;
      search_text: string;
    }>(
      t.database.db,
      sql`SELECT category_id, merchant_id, notes, search_text FROM treasury_transactions
          WHERE organization_id = ${org} AND counterparty_name ILIKE 'galp%'`,
    );
    for (const movement of classified) {
      expect(movement).toMatchObject({ category_id: fuel, merchant_id: galp, notes: 'Combustível da frota' });
      expect(movement.search_text).toContain('combustivel da frota');
    }
    expect(
      (await call('POST', `/api/v1/treasury/rules/${rule.id}/apply`, { overwrite: true })).json(),
    ).toEqual({
      matched: 2,
      updated: 0,
    });
    await call('DELETE', `/api/v1/treasury/rules/${rule.id}`);
  });

  it('splits in SQL exactly as splitAmount does, parts summing to the movement', async () => {
    const account = await newAccount(t.database.db, org, 'card', { name: 'Split' });
    const amounts = fc.sample(
      fc.integer({ min: -10_000_000, max: 10_000_000 }).filter((n) => n !== 0),
      {
        numRuns: 80,
        seed: 11,
      },
    );
    await addMovements(
      t.database.db,
      org,
      account,
      [...amounts, 1, -2].map((amount) => ({ amount, description: 'Almoço de equipa' })),
    );
    const shares = [3333, 3333, 3334];
    const rule = (
      await call('POST', '/api/v1/treasury/rules', {
        name: 'Almoços',
        conditions: [
          { field: 'account', operator: 'equals', value: account },
          { field: 'description', operator: 'equals', value: 'ALMOCO DE EQUIPA' },
        ],
        actions: {
          split: shares.map((basisPoints, index) => ({ basisPoints, categoryId: index ? rent : fuel })),
        },
      })
    ).json();
    const applied = (await call('POST', `/api/v1/treasury/rules/${rule.id}/apply`, {})).json();
    expect(applied.matched).toBe(amounts.length + 2);
    const stored = await rows<{
      id: string;
      amount: string | number;
      is_split: boolean;
      parts: number[] | null;
    }>(
      t.database.db,
      sql`SELECT t.id, t.amount, t.is_split,
                 (SELECT array_agg(p.amount ORDER BY p.position) FROM treasury_transaction_parts p WHERE p.transaction_id = t.id) AS parts
          FROM treasury_transactions t WHERE t.account_id = ${account}`,
    );
    let split = 0;
    for (const movement of stored) {
      const expected = splitAmount(Number(movement.amount), shares);
      expect(movement.is_split).toBe(expected !== null);
      if (expected === null) continue;
      split++;
      const parts = (movement.parts ?? []).map(Number);
      expect(parts).toEqual(expected);
      expect(parts.reduce((a, b) => a + b, 0)).toBe(Number(movement.amount));
    }
    expect(applied.updated).toBe(split);
    // A second run over split movements changes nothing without overwrite, and re-splits with it.
    expect((await call('POST', `/api/v1/treasury/rules/${rule.id}/apply`, {})).json().updated).toBe(0);
    expect(
      (await call('POST', `/api/v1/treasury/rules/${rule.id}/apply`, { overwrite: true })).json().updated,
    ).toBe(split);
    const [count] = await rows<{ n: string | number }>(
      t.database.db,
      sql`SELECT count(*) AS n FROM treasury_transaction_parts p JOIN treasury_transactions t ON t.id = p.transaction_id
          WHERE t.account_id = ${account}`,
    );
    expect(Number(count?.n)).toBe(split * 3);
    await call('DELETE', `/api/v1/treasury/rules/${rule.id}`);
  });
});

describe('new movements', () => {
  it('pass through the enabled rules by priority, keeping what the movement already has', async () => {
    const account = await newAccount(t.database.db, org, 'bank', { name: 'Hook' });
    const create = (body: object) => call('POST', '/api/v1/treasury/rules', body);
    const rules = [
      await create({
        name: 'Late',
        priority: 50,
        conditions: [{ field: 'description', operator: 'contains', value: 'renda' }],
        actions: { categoryId: fuel, merchantId: galp, notes: 'late' },
      }),
      await create({
        name: 'Early',
        priority: 10,
        conditions: [{ field: 'description', operator: 'contains', value: 'renda' }],
        actions: { categoryId: rent },
      }),
      await create({
        name: 'Off',
        priority: 1,
        enabled: false,
        conditions: [{ field: 'description', operator: 'contains', value: 'renda' }],
        actions: { notes: 'disabled' },
      }),
    ].map((response) => response.json());
    const [auto, manual, other] = await addMovements(
      t.database.db,
      org,
      account,
      [{ description: 'Renda Abril' }, { description: 'RENDA maio' }, { description: 'Outra coisa' }],
      (entry) => (entry.description === 'RENDA maio' ? { notes: 'escrita à mão' } : {}),
    );
    const stored = await rows<{
      id: string;
      category_id: string | null;
      merchant_id: string | null;
      notes: string | null;
    }>(
      t.database.db,
      sql`SELECT id, category_id, merchant_id, notes FROM treasury_transactions WHERE account_id = ${account}`,
    );
    const byId = new Map(stored.map((row) => [row.id, row]));
    expect(byId.get(auto as string)).toMatchObject({ category_id: rent, merchant_id: galp, notes: 'late' });
    expect(byId.get(manual as string)).toMatchObject({
      category_id: rent,
      merchant_id: galp,
      notes: 'escrita à mão',
    });
    expect(byId.get(other as string)).toMatchObject({ category_id: null, merchant_id: null, notes: null });
    for (const rule of rules) await call('DELETE', `/api/v1/treasury/rules/${rule.id}`);
  });

  it('never fail an import when a rule names a category deleted since', async () => {
    const gone = await newCategory(t.database.db, org, 'Temporária');
    const rule = (
      await call('POST', '/api/v1/treasury/rules', {
        name: 'Temp',
        conditions: [{ field: 'description', operator: 'contains', value: 'temporario' }],
        actions: { categoryId: gone, notes: 'kept' },
      })
    ).json();
    await t.database.db.execute(sql`DELETE FROM treasury_categories WHERE id = ${gone}`);
    const account = await newAccount(t.database.db, org, 'bank', { name: 'Temp' });
    const [id] = await addMovements(t.database.db, org, account, [{ description: 'Pagamento temporário' }]);
    const [row] = await rows<{ category_id: string | null; notes: string | null }>(
      t.database.db,
      sql`SELECT category_id, notes FROM treasury_transactions WHERE id = ${id as string}`,
    );
    expect(row).toEqual({ category_id: null, notes: 'kept' });
    await call('DELETE', `/api/v1/treasury/rules/${rule.id}`);
  });
});
