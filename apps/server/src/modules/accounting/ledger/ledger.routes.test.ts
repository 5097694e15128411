import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../../db/client.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
let owner: string;
let orgId: string;
let aoOwner: string;
let aoOrg: string;
let member: string;
let general: string;

const orgOf = async (name: string) =>
  (await rows<{ id: string }>(t.database.db, sql`SELECT id FROM organizations WHERE name = ${name}`))[0]!.id;

beforeAll(async () => {
  t = await createTestApp({ demoBilling: false, demoTreasury: false });
  owner = await t.signin('demo@fluxo.example');
  orgId = await orgOf('Fluxo Demo, Lda');
  aoOwner = await t.signin('ao.owner@fluxo.example');
  aoOrg = await orgOf('Kwanza Comércio, Lda');
  // A member who may view, post and lock, but not reopen (no ADMIN on accounting.entries).
  await t.database.db.execute(sql`
    UPDATE organization_members SET permissions = permissions || '{"accounting.entries": 7}'::jsonb
    WHERE organization_id = ${orgId} AND user_id = (SELECT id FROM users WHERE email = 'cash@fluxo.example')`);
  member = await t.signin('cash@fluxo.example');
});
afterAll(() => t.close());

const call = (
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
  options: { who?: string; org?: string; key?: string } = {},
) =>
  t.call({
    method,
    url,
    token: options.who ?? owner,
    orgId: options.org ?? orgId,
    ...(payload ? { payload } : {}),
    headers: { 'idempotency-key': options.key ?? randomUUID() },
  });

const entry = (date: string, amount: number, description = 'Transferência para caixa') => ({
  journalId: general,
  date,
  description,
  lines: [
    { accountCode: '11', debit: amount },
    { accountCode: '12', credit: amount },
  ],
});

const count = async () =>
  (
    await rows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM accounting_entries WHERE organization_id = ${orgId}`,
    )
  )[0]!.n;

describe('journal routes', () => {
  it('lists the journals and the fiscal years (the current one made with its 17 periods)', async () => {
    const journals = await call('GET', '/api/v1/accounting/journals');
    expect(journals.statusCode).toBe(200);
    const items = journals.json().items as { id: string; code: string; kind: string }[];
    expect(items.map((journal) => journal.code)).toEqual(['ABE', 'BCO', 'CMP', 'CXA', 'DIV', 'VND']);
    general = items.find((journal) => journal.kind === 'general')!.id;
    const years = await call('GET', '/api/v1/accounting/fiscal-years');
    expect(years.statusCode).toBe(200);
    const current = years.json().items[0];
    expect(current.year).toBe(new Date().getUTCFullYear());
    expect(current.periods).toHaveLength(17);
    expect(current.periods[1]).toMatchObject({ number: 1, lockedAt: null, entries: 0 });
  });

  it('posts a manual entry once per Idempotency-Key and shows it with its lines', async () => {
    const key = randomUUID();
    const first = await call('POST', '/api/v1/accounting/entries', entry('2026-02-10', 25_000), { key });
    expect(first.statusCode).toBe(201);
    const posted = first.json();
    expect(posted).toMatchObject({
      reference: '2026-02-10 DIV 2/1',
      total: 25_000,
      sourceType: 'manual',
      transactionType: 'N',
      lines: [
        { accountCode: '11', debit: 25_000, credit: 0 },
        { accountCode: '12', debit: 0, credit: 25_000 },
      ],
    });
    const again = await call('POST', '/api/v1/accounting/entries', entry('2026-02-10', 25_000), { key });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().id).toBe(posted.id);
    expect(await count()).toBe(1);
    const detail = await call('GET', `/api/v1/accounting/entries/${posted.id}`);
    expect(detail.json().hash).toBe(posted.hash);
  });

  it('refuses bad input with a translated 4xx and changes nothing', async () => {
    const before = await count();
    const cases: [object, string][] = [
      [
        {
          ...entry('2026-02-11', 100),
          lines: [
            { accountCode: '11', debit: 100 },
            { accountCode: '12', credit: 99 },
          ],
        },
        'ENTRY_UNBALANCED',
      ],
      [
        {
          ...entry('2026-02-11', 100),
          lines: [
            { accountCode: '11', debit: 100, credit: 100 },
            { accountCode: '12', credit: 0 },
          ],
        },
        'ENTRY_UNBALANCED',
      ],
      [
        {
          ...entry('2026-02-11', 100),
          lines: [
            { accountCode: '1', debit: 100 },
            { accountCode: '12', credit: 100 },
          ],
        },
        'ACCOUNT_NOT_POSTABLE',
      ],
      [
        {
          ...entry('2026-02-11', 100),
          lines: [
            { accountCode: '999', debit: 100 },
            { accountCode: '12', credit: 100 },
          ],
        },
        'ACCOUNT_NOT_POSTABLE',
      ],
      [{ ...entry('2026-02-11', 100), periodNumber: 13 }, 'ENTRY_PERIOD_MISMATCH'],
      [{ ...entry('2026-02-11', 100), journalId: randomUUID() }, 'NOT_FOUND'],
      [
        {
          ...entry('2026-02-11', 100),
          lines: [
            { accountCode: '11', debit: -5 },
            { accountCode: '12', credit: -5 },
          ],
        },
        'VALIDATION_FAILED',
      ],
      [
        {
          ...entry('2026-02-11', 100),
          lines: [
            { accountCode: '11', debit: 1.5 },
            { accountCode: '12', credit: 1.5 },
          ],
        },
        'VALIDATION_FAILED',
      ],
      [{ ...entry('2026-02-11', 100), date: '2026-02-30' }, 'VALIDATION_FAILED'],
      [{ ...entry('2026-02-11', 100), extra: true }, 'VALIDATION_FAILED'],
      [{ ...entry('2026-02-11', 100), description: '' }, 'VALIDATION_FAILED'],
    ];
    for (const [payload, code] of cases) {
      const response = await call('POST', '/api/v1/accounting/entries', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(response.json()).toMatchObject({ code, messageKey: `ERRORS.${code}` });
    }
    const noKey = await t.call({
      method: 'POST',
      url: '/api/v1/accounting/entries',
      token: owner,
      orgId,
      payload: entry('2026-02-11', 100),
    });
    expect(noKey.json().code).toBe('IDEMPOTENCY_KEY_REQUIRED');
    for (const url of [
      '/api/v1/accounting/entries?cursor=nonsense',
      '/api/v1/accounting/entries?from=2026-13-01',
      '/api/v1/accounting/entries?accountCode=1%25',
      '/api/v1/accounting/entries?limit=0',
    ]) {
      const response = await call('GET', url);
      expect(response.statusCode, url).toBe(400);
    }
    expect((await call('GET', `/api/v1/accounting/entries/${randomUUID()}`)).statusCode).toBe(404);
    expect((await call('GET', '/api/v1/accounting/entries/not-a-uuid')).statusCode).toBe(400);
    expect(await count()).toBe(before);
  });

  it('lists entries newest first in keyset pages with filters and totals over the whole selection', async () => {
    await call('POST', '/api/v1/accounting/entries', entry('2026-02-12', 1_000, 'Fundo de maneio'));
    await call('POST', '/api/v1/accounting/entries', entry('2026-02-13', 2_000, 'Fundo de maneio'));
    const page1 = (
      await call('GET', '/api/v1/accounting/entries?limit=2&from=2026-02-01&to=2026-02-28')
    ).json();
    expect(page1.items.map((item: { entryDate: string }) => item.entryDate)).toEqual([
      '2026-02-13',
      '2026-02-12',
    ]);
    expect(page1.totals).toEqual({ count: 3, debit: 28_000, credit: 28_000 });
    const page2 = (
      await call(
        'GET',
        `/api/v1/accounting/entries?limit=2&from=2026-02-01&to=2026-02-28&cursor=${page1.nextCursor}`,
      )
    ).json();
    expect(page2.items.map((item: { entryDate: string }) => item.entryDate)).toEqual(['2026-02-10']);
    expect(page2.nextCursor).toBeNull();
    const text = (await call('GET', '/api/v1/accounting/entries?q=maneio')).json();
    expect(text.totals).toMatchObject({ count: 2, debit: 3_000 });
    const byAccount = (await call('GET', '/api/v1/accounting/entries?accountCode=1')).json();
    expect(byAccount.totals.count).toBe(3);
    expect((await call('GET', '/api/v1/accounting/entries?accountCode=7')).json().totals.count).toBe(0);
    expect(
      (await call('GET', `/api/v1/accounting/entries?journalId=${general}&sourceType=manual`)).json().totals
        .count,
    ).toBe(3);
  });

  it('locks a period (and the ones before it), refuses a back-dated entry, and reopens for ADMIN only', async () => {
    const years = (await call('GET', '/api/v1/accounting/fiscal-years')).json().items as {
      year: number;
      periods: { id: string; number: number; lockedAt: string | null }[];
    }[];
    const year2026 = years.find((year) => year.year === 2026)!;
    const march = year2026.periods.find((period) => period.number === 3)!;
    const locked = await call('POST', `/api/v1/accounting/periods/${march.id}/lock`, undefined, {
      who: member,
    });
    expect(locked.statusCode).toBe(200);
    const states = locked
      .json()
      .periods.map((period: { lockedAt: string | null }) => period.lockedAt !== null);
    expect(states.slice(0, 5)).toEqual([true, true, true, true, false]);
    const before = await count();
    const refused = await call('POST', '/api/v1/accounting/entries', entry('2026-02-20', 500));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'PERIOD_LOCKED', messageKey: 'ERRORS.PERIOD_LOCKED' });
    expect(await count()).toBe(before);
    expect((await call('POST', '/api/v1/accounting/entries', entry('2026-04-01', 500))).statusCode).toBe(201);

    const february = year2026.periods.find((period) => period.number === 2)!;
    const forbidden = await call('POST', `/api/v1/accounting/periods/${february.id}/unlock`, undefined, {
      who: member,
    });
    expect(forbidden.statusCode).toBe(403);
    const reopened = await call('POST', `/api/v1/accounting/periods/${february.id}/unlock`);
    expect(reopened.statusCode).toBe(200);
    const after = reopened
      .json()
      .periods.map((period: { lockedAt: string | null }) => period.lockedAt !== null);
    expect(after.slice(0, 5)).toEqual([true, true, false, false, false]);
    expect((await call('POST', '/api/v1/accounting/entries', entry('2026-02-20', 500))).statusCode).toBe(201);
  });

  it('reverses an entry once, on a date of an open period, with debits and credits swapped', async () => {
    const list = (await call('GET', '/api/v1/accounting/entries?q=Fundo')).json();
    const original = list.items[0];
    const reversal = await call('POST', `/api/v1/accounting/entries/${original.id}/reverse`, {
      date: '2026-04-15',
    });
    expect(reversal.statusCode).toBe(201);
    expect(reversal.json()).toMatchObject({
      reversesEntryId: original.id,
      sourceType: 'reversal',
      entryDate: '2026-04-15',
      description: `Estorno de ${original.reference}`,
      lines: [
        { accountCode: '11', debit: 0, credit: original.total },
        { accountCode: '12', debit: original.total, credit: 0 },
      ],
    });
    const twice = await call('POST', `/api/v1/accounting/entries/${original.id}/reverse`, {
      date: '2026-04-16',
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('ENTRY_ALREADY_REVERSED');
    expect((await call('GET', `/api/v1/accounting/entries/${original.id}`)).json().reversedByEntryId).toBe(
      reversal.json().id,
    );
    const other = list.items[1];
    const intoLocked = await call('POST', `/api/v1/accounting/entries/${other.id}/reverse`, {
      date: '2026-01-15',
    });
    expect(intoLocked.json().code).toBe('PERIOD_LOCKED');
  });

  it('verifies every hash chain, and names the first entry changed behind its back', async () => {
    const verified = (await call('GET', '/api/v1/accounting/journal/verify')).json();
    expect(verified.ok).toBe(true);
    expect(verified.journals.find((journal: { code: string }) => journal.code === 'DIV')).toMatchObject({
      ok: true,
      entries: 6,
    });
    const [target] = await rows<{ id: string; reference: string }>(
      t.database.db,
      sql`SELECT id, reference FROM accounting_entries WHERE organization_id = ${orgId} AND seq = 3 AND journal_id = ${general}`,
    );
    // Tampering needs the append-only trigger out of the way: only someone with the database's keys.
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`ALTER TABLE accounting_entries DISABLE TRIGGER accounting_entries_append_only`);
      await tx.execute(
        sql`UPDATE accounting_entries SET description = 'Fundo de maneio!' WHERE id = ${target!.id}`,
      );
      await tx.execute(sql`ALTER TABLE accounting_entries ENABLE TRIGGER accounting_entries_append_only`);
    });
    const broken = (await call('GET', '/api/v1/accounting/journal/verify')).json();
    expect(broken.ok).toBe(false);
    expect(broken.journals.find((journal: { code: string }) => journal.code === 'DIV')).toMatchObject({
      ok: false,
      brokenEntryId: target!.id,
      brokenReference: target!.reference,
      reason: 'hash',
    });
  });

  it('keeps another organization’s journal, periods and accounts out of reach', async () => {
    const mine = (await call('GET', '/api/v1/accounting/entries')).json().items[0];
    const period = (await call('GET', '/api/v1/accounting/fiscal-years')).json().items[0].periods[5];
    const account = (await call('GET', '/api/v1/accounting/accounts')).json().items[0];
    const as = { who: aoOwner, org: aoOrg };
    expect((await call('GET', `/api/v1/accounting/entries/${mine.id}`, undefined, as)).statusCode).toBe(404);
    expect((await call('GET', '/api/v1/accounting/entries', undefined, as)).json().totals.count).toBe(0);
    expect(
      (await call('POST', `/api/v1/accounting/entries/${mine.id}/reverse`, { date: '2026-05-02' }, as))
        .statusCode,
    ).toBe(404);
    expect(
      (await call('POST', `/api/v1/accounting/periods/${period.id}/lock`, undefined, as)).statusCode,
    ).toBe(404);
    expect(
      (await call('POST', `/api/v1/accounting/periods/${period.id}/unlock`, undefined, as)).statusCode,
    ).toBe(404);
    expect(
      (await call('POST', `/api/v1/accounting/accounts/${account.id}/archive`, { archived: true }, as))
        .statusCode,
    ).toBe(404);
    const aoJournal = (await call('GET', '/api/v1/accounting/journals', undefined, as)).json().items[0];
    expect(
      (
        await call(
          'POST',
          '/api/v1/accounting/entries',
          { ...entry('2026-05-02', 10), journalId: general },
          as,
        )
      ).statusCode,
    ).toBe(404);
    expect(aoJournal.entries).toBe(0);
    const aoAccounts = (await call('GET', '/api/v1/accounting/accounts', undefined, as)).json();
    expect(aoAccounts.items.some((item: { code: string }) => item.code === '311')).toBe(true);
    expect(aoAccounts.totals).toEqual({ debit: 0, credit: 0 });
    // Naming an organization one does not belong to is refused outright.
    expect(
      (await call('GET', '/api/v1/accounting/entries', undefined, { who: aoOwner, org: orgId })).statusCode,
    ).toBe(403);
    const noGrant = await t.signin('pos@fluxo.example');
    expect((await call('GET', '/api/v1/accounting/entries', undefined, { who: noGrant })).statusCode).toBe(
      403,
    );
  });
});

describe('chart of accounts routes', () => {
  it('lists the chart with balances rolled up to the parents over a date range', async () => {
    const chart = (await call('GET', '/api/v1/accounting/accounts?from=2026-02-01&to=2026-02-28')).json();
    const byCode = new Map(chart.items.map((item: { code: string }) => [item.code, item]));
    expect(byCode.get('11')).toMatchObject({
      groupingCategory: 'GM',
      debit: 28_500,
      credit: 0,
      balance: 28_500,
    });
    expect(byCode.get('12')).toMatchObject({ debit: 0, credit: 28_500, balance: -28_500 });
    expect(byCode.get('1')).toMatchObject({
      groupingCategory: 'GR',
      debit: 28_500,
      credit: 28_500,
      balance: 0,
    });
    expect(chart.totals).toEqual({ debit: 28_500, credit: 28_500 });
  });

  it('adds a sub-account under an aggregating account, or under an unused movement account', async () => {
    const added = await call('POST', '/api/v1/accounting/accounts', {
      parentCode: '21',
      name: 'Clientes — Grandes contas',
    });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({
      code: '2101',
      parentCode: '21',
      groupingCategory: 'GM',
      nature: 'asset',
      system: false,
    });
    const second = await call('POST', '/api/v1/accounting/accounts', { parentCode: '21', name: 'Outra' });
    expect(second.json().code).toBe('2102');
    const taken = await call('POST', '/api/v1/accounting/accounts', {
      parentCode: '21',
      code: '2101',
      name: 'x',
    });
    expect(taken.json().code).toBe('ACCOUNT_CODE_TAKEN');
    const wrongPrefix = await call('POST', '/api/v1/accounting/accounts', {
      parentCode: '21',
      code: '3101',
      name: 'x',
    });
    expect(wrongPrefix.statusCode).toBe(400);
    // 11 has entries: no sub-account under it.
    const used = await call('POST', '/api/v1/accounting/accounts', { parentCode: '11', name: 'Caixa 2' });
    expect(used.json().code).toBe('ACCOUNT_HAS_ENTRIES');
    const unknownParty = await call('POST', '/api/v1/accounting/accounts', {
      parentCode: '21',
      name: 'x',
      partyId: randomUUID(),
    });
    expect(unknownParty.statusCode).toBe(404);
    // 2101 takes entries; 21 still does not.
    expect(
      (
        await call('POST', '/api/v1/accounting/entries', {
          journalId: general,
          date: '2026-05-05',
          description: 'Adiantamento',
          lines: [
            { accountCode: '2101', debit: 700 },
            { accountCode: '12', credit: 700 },
          ],
        })
      ).statusCode,
    ).toBe(201);
    // Archived: no new entry; system accounts stay.
    const archived = await call('POST', `/api/v1/accounting/accounts/${second.json().id}/archive`, {
      archived: true,
    });
    expect(archived.json().archived).toBe(true);
    const list = (await call('GET', '/api/v1/accounting/accounts')).json();
    expect(list.items.some((item: { code: string }) => item.code === '2102')).toBe(false);
    const system = list.items.find((item: { code: string }) => item.code === '11');
    expect(
      (await call('POST', `/api/v1/accounting/accounts/${system.id}/archive`, { archived: true })).json()
        .code,
    ).toBe('ACCOUNT_IS_SYSTEM');
    const onArchived = await call('POST', '/api/v1/accounting/entries', {
      journalId: general,
      date: '2026-05-05',
      description: 'x',
      lines: [
        { accountCode: '2102', debit: 1 },
        { accountCode: '12', credit: 1 },
      ],
    });
    expect(onArchived.json().code).toBe('ACCOUNT_NOT_POSTABLE');
  });
});
