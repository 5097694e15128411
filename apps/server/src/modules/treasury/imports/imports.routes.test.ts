import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../../db/client.ts';
import { loadConfig } from '../../../platform/config.ts';
import { createTestApp, decodeClaims, type TestApp } from '../../../test/harness.ts';
import { generateCamt } from './fixtures/generate-camt.ts';
import {
  FIXTURE_IBAN,
  portugueseIban,
  SAMPLE_CLOSING_BALANCE,
  SAMPLE_MOVEMENTS,
  SAMPLE_OPENING_BALANCE,
  samplePath,
} from './fixtures/index.ts';
import { measureCamtImport } from './fixtures/measure-import.ts';

let t: TestApp;
let demo: string;
let demoOrg: string;
let aoOrg: string;
let aoOwner: string;

beforeAll(async () => {
  t = await createTestApp();
  demo = await t.signin('demo@fluxo.example');
  demoOrg = decodeClaims(demo).defaultOrg as string;
  aoOwner = await t.signin('ao.owner@fluxo.example');
  aoOrg = decodeClaims(aoOwner).defaultOrg as string;
});
afterAll(() => t.close());

async function newAccount(
  options: {
    org?: string;
    currency?: string;
    iban?: string | null;
    opening?: number;
    archived?: boolean;
  } = {},
): Promise<string> {
  const [row] = await rows<{ id: string }>(
    t.database.db,
    sql`INSERT INTO treasury_accounts (organization_id, kind, name, currency, iban, opening_balance, opening_date, archived)
        VALUES (${options.org ?? demoOrg}, 'bank', ${`Conta ${randomUUID().slice(0, 6)}`}, ${options.currency ?? 'EUR'},
                ${options.iban ?? null}, ${options.opening ?? 0}, '2026-01-01', ${options.archived ?? false})
        RETURNING id`,
  );
  return row!.id;
}

const upload = (
  accountId: string,
  body: Buffer | string,
  options: { token?: string; orgId?: string; query?: string; preview?: boolean; fileName?: string } = {},
) =>
  t.call({
    method: 'POST',
    url: `/api/v1/treasury/accounts/${accountId}/imports${options.preview ? '/preview' : ''}${options.query ? `?${options.query}` : ''}`,
    token: options.token ?? demo,
    orgId: options.orgId ?? demoOrg,
    headers: {
      'content-type': 'application/octet-stream',
      ...(options.fileName ? { 'x-file-name': encodeURIComponent(options.fileName) } : {}),
    },
    payload: body,
  });

async function counts(accountId: string) {
  const [row] = await rows<{ movements: number; imports: number }>(
    t.database.db,
    sql`SELECT (SELECT count(*)::int FROM treasury_transactions WHERE account_id = ${accountId}) AS movements,
               (SELECT count(*)::int FROM treasury_imports WHERE account_id = ${accountId}) AS imports`,
  );
  return row!;
}

const file = (name: Parameters<typeof samplePath>[0]) => readFileSync(samplePath(name));

describe('statement import', () => {
  it('imports the CAMT.053 sample, ends on its closing balance, and adds nothing on re-import', async () => {
    const accountId = await newAccount({ iban: FIXTURE_IBAN, opening: SAMPLE_OPENING_BALANCE });
    const uploadId = randomUUID();
    const first = await upload(accountId, file('camt053'), {
      query: `uploadId=${uploadId}`,
      fileName: 'extrato outubro.xml',
    });
    expect(first.statusCode).toBe(201);
    const result = first.json();
    expect(result).toMatchObject({
      format: 'camt053',
      fileName: 'extrato outubro.xml',
      status: 'done',
      imported: SAMPLE_MOVEMENTS.length,
      duplicates: 0,
      periodFrom: '2026-10-01',
      periodTo: '2026-10-28',
      statementOpeningBalance: SAMPLE_OPENING_BALANCE,
      statementClosingBalance: SAMPLE_CLOSING_BALANCE,
      accountBalanceAtEnd: SAMPLE_CLOSING_BALANCE,
      balanceMatches: true,
      balanceNote: null,
    });
    const stored = await rows<{
      amount: string;
      counterparty_name: string | null;
      import_id: string;
      source: string;
    }>(
      t.database.db,
      sql`SELECT amount, counterparty_name, import_id, source FROM treasury_transactions
          WHERE account_id = ${accountId} ORDER BY booking_date, seq`,
    );
    expect(stored.map((row) => Number(row.amount))).toEqual(
      SAMPLE_MOVEMENTS.map((movement) => movement.amount),
    );
    expect(stored.every((row) => row.import_id === result.id && row.source === 'import')).toBe(true);
    expect(stored[1]?.counterparty_name).toBe('Instituto da Segurança Social, I.P.');

    // Progress to the uploader, then the statement to the organization.
    const statuses = await rows<{ status: string; percent: number | null }>(
      t.database.db,
      sql`SELECT data->>'Status' AS status, (data->>'Percent')::int AS percent FROM realtime_messages
          WHERE type = 'UPDATE_UPLOAD_FILE_STATUS' AND data->>'FileId' = ${uploadId} ORDER BY seq`,
    );
    expect(statuses.map((row) => row.status)).toEqual(['received', 'parsing', 'saving', 'done']);
    expect(statuses.at(-1)?.percent).toBe(100);
    const statement = await rows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM realtime_messages WHERE type = 'UPDATE_STATEMENT'
          AND data->>'StatementId' = ${result.id} AND data->>'AccountId' = ${accountId}`,
    );
    expect(statement[0]?.n).toBeGreaterThan(0);

    const again = await upload(accountId, file('camt053'));
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({
      imported: 0,
      duplicates: SAMPLE_MOVEMENTS.length,
      balanceMatches: true,
    });
    expect((await counts(accountId)).movements).toBe(SAMPLE_MOVEMENTS.length);

    const list = await t.call({
      method: 'GET',
      url: `/api/v1/treasury/accounts/${accountId}/imports`,
      token: demo,
      orgId: demoOrg,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toHaveLength(2);
  });

  it('imports an overlapping statement without doubling the shared movements', async () => {
    const accountId = await newAccount();
    const options = { seed: 7, entriesPerDay: 3, startDate: '2026-03-01' };
    const early = generateCamt({ ...options, entries: 12 });
    const full = generateCamt({ ...options, entries: 20 });
    expect((await upload(accountId, early.xml)).json()).toMatchObject({
      imported: 12,
      duplicates: 0,
      balanceMatches: true,
    });
    const second = await upload(accountId, full.xml);
    expect(second.json()).toMatchObject({ imported: 8, duplicates: 12, balanceMatches: true });
    const [sum] = await rows<{ total: string }>(
      t.database.db,
      sql`SELECT sum(amount) AS total FROM treasury_transactions WHERE account_id = ${accountId}`,
    );
    expect(Number(sum?.total)).toBe(full.summary.closingBalance);
  });

  it('takes the file over real HTTP as a raw body', async () => {
    const accountId = await newAccount({ opening: SAMPLE_OPENING_BALANCE });
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const response = await fetch(`${address}/api/v1/treasury/accounts/${accountId}/imports`, {
      method: 'POST',
      headers: { authorization: `Bearer ${demo}`, orgid: demoOrg, 'content-type': 'application/xml' },
      body: file('camt053'),
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ imported: SAMPLE_MOVEMENTS.length, balanceMatches: true });
  });

  it('keeps every running balance exact when a file repeats a line or reaches back in time', async () => {
    const opening = 10_000;
    const accountId = await newAccount({ opening });
    const expectRunning = async () => {
      const stored = await rows<{ amount: string; balance_after: string }>(
        t.database.db,
        sql`SELECT amount, balance_after FROM treasury_transactions WHERE account_id = ${accountId}
            ORDER BY booking_date, seq`,
      );
      let running = opening;
      for (const row of stored) {
        running += Number(row.amount);
        expect(Number(row.balance_after)).toBe(running);
      }
      return stored.length;
    };
    const later = generateCamt({ entries: 9, seed: 21, entriesPerDay: 2, startDate: '2026-06-01' });
    const firstEntry = /<Ntry>.*<\/Ntry>\n/.exec(later.xml)![0];
    const repeated = later.xml.replace(firstEntry, firstEntry.repeat(2));
    expect((await upload(accountId, repeated)).json()).toMatchObject({ imported: 9, duplicates: 1 });
    expect(await expectRunning()).toBe(9);
    const earlier = generateCamt({ entries: 5, seed: 22, entriesPerDay: 2, startDate: '2026-05-30' });
    expect((await upload(accountId, earlier.xml)).json()).toMatchObject({ imported: 5, duplicates: 0 });
    expect(await expectRunning()).toBe(14);
  });

  it('measures a generated import (the bench helper) and ends on its closing balance', async () => {
    const config = loadConfig({ DATA_DIR: t.dataDir } as NodeJS.ProcessEnv, {
      webDist: path.join(t.dataDir, 'none'),
    });
    const measured = await measureCamtImport({ db: t.database.db, config }, 3000);
    expect(measured).toMatchObject({ entries: 3000, imported: 3000, balanceMatches: true });
    expect(measured.seconds).toBeGreaterThan(0);
  });

  it('says why the account does not end on the closing balance', async () => {
    const accountId = await newAccount({ opening: 0 });
    const response = await upload(accountId, file('camt053'));
    expect(response.statusCode).toBe(201);
    const result = response.json();
    expect(result.balanceMatches).toBe(false);
    expect(result.accountBalanceAtEnd).toBe(SAMPLE_CLOSING_BALANCE - SAMPLE_OPENING_BALANCE);
    expect(result.balanceNote).toContain('before 2026-10-01');
    expect(result.balanceNote).toContain('12500.00 EUR');
  });

  it('imports the OFX, MT940, XLSX and Windows-1252 CSV samples', async () => {
    for (const name of ['ofx', 'mt940', 'xlsx', 'csv1252'] as const) {
      const accountId = await newAccount({ opening: SAMPLE_OPENING_BALANCE });
      const response = await upload(accountId, file(name));
      expect(response.statusCode, `${name}: ${response.body}`).toBe(201);
      expect(response.json()).toMatchObject({ imported: SAMPLE_MOVEMENTS.length, balanceMatches: true });
      const again = await upload(accountId, file(name));
      expect(again.json()).toMatchObject({ imported: 0, duplicates: SAMPLE_MOVEMENTS.length });
    }
  });

  it('refuses the whole file on one bad line and writes nothing', async () => {
    const accountId = await newAccount();
    const before = await counts(accountId);
    const uploadId = randomUUID();
    const response = await upload(accountId, file('badLineCsv'), { query: `uploadId=${uploadId}` });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      code: 'STATEMENT_REJECTED',
      details: [{ path: 'line 4', messageKey: 'TREASURY.IMPORT.REJECT.INVALID_AMOUNT' }],
    });
    expect(await counts(accountId)).toEqual(before);
    const statuses = await rows<{ status: string }>(
      t.database.db,
      sql`SELECT data->>'Status' AS status FROM realtime_messages
          WHERE type = 'UPDATE_UPLOAD_FILE_STATUS' AND data->>'FileId' = ${uploadId} ORDER BY seq`,
    );
    expect(statuses.at(-1)?.status).toBe('failed');
  });

  it('refuses hostile XML quickly, without reading any file', async () => {
    const accountId = await newAccount();
    for (const name of ['hostileXxe', 'hostileBillionLaughs'] as const) {
      const started = performance.now();
      const response = await upload(accountId, file(name));
      expect(performance.now() - started).toBeLessThan(1000);
      expect(response.statusCode).toBe(422);
      expect(response.json().details[0].messageKey).toBe('TREASURY.IMPORT.REJECT.DTD_FORBIDDEN');
      expect(response.body).not.toContain('root:');
    }
    expect(await counts(accountId)).toEqual({ movements: 0, imports: 0 });
  });

  it('refuses a file in another currency, of another account, or into an archived account', async () => {
    const kwanza = await newAccount({ currency: 'AOA' });
    expect((await upload(kwanza, file('camt053'))).json().code).toBe('CURRENCY_MISMATCH');
    const other = await newAccount({ iban: portugueseIban('0035', '0999', '00099999999') });
    const mismatch = await upload(other, file('camt053'));
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().details[0].messageKey).toBe('TREASURY.IMPORT.REJECT.ACCOUNT_MISMATCH');
    const archived = await newAccount({ archived: true });
    expect((await upload(archived, file('camt053'))).json().code).toBe('ACCOUNT_ARCHIVED');
    for (const accountId of [kwanza, other, archived])
      expect(await counts(accountId)).toEqual({ movements: 0, imports: 0 });
  });

  it('answers what it cannot read', async () => {
    const accountId = await newAccount();
    const binary = await upload(accountId, Buffer.from([0, 1, 2, 3, 0, 0, 255]));
    expect(binary.json().code).toBe('STATEMENT_FORMAT_UNKNOWN');
    const unmapped = await upload(accountId, 'a;b;c\nx;y;z\n');
    expect(unmapped.json().code).toBe('IMPORT_MAPPING_REQUIRED');
    const badMapping = await upload(accountId, 'a;b;c\n', {
      query: `mapping=${encodeURIComponent('{"date":1}')}`,
    });
    expect(badMapping.statusCode).toBe(400);
    expect(badMapping.json().code).toBe('VALIDATION_FAILED');
  });

  it("never reaches another organization's account", async () => {
    const kwanza = await newAccount({ org: aoOrg, currency: 'AOA' });
    // Demo's token with demo's organization, the AO account's id.
    expect((await upload(kwanza, file('camt053'))).statusCode).toBe(404);
    const preview = await upload(kwanza, file('camt053'), { preview: true });
    expect(preview.statusCode).toBe(404);
    const list = await t.call({
      method: 'GET',
      url: `/api/v1/treasury/accounts/${kwanza}/imports`,
      token: demo,
      orgId: demoOrg,
    });
    expect(list.statusCode).toBe(404);
    // The AO owner naming demo's organization is not a member.
    const demoAccount = await newAccount();
    expect((await upload(demoAccount, file('camt053'), { token: aoOwner, orgId: demoOrg })).statusCode).toBe(
      403,
    );
    expect(await counts(kwanza)).toEqual({ movements: 0, imports: 0 });
  });

  it('needs treasury.cash CREATE to import and VIEW to list', async () => {
    const accountId = await newAccount();
    const pos = await t.signin('pos@fluxo.example');
    const cash = await t.signin('cash@fluxo.example');
    expect((await upload(accountId, file('camt053'), { token: pos })).statusCode).toBe(403);
    expect((await upload(accountId, file('camt053'), { token: cash })).statusCode).toBe(403);
    expect((await upload(accountId, file('camt053'), { token: cash, preview: true })).statusCode).toBe(403);
    const list = (token: string) =>
      t.call({ method: 'GET', url: `/api/v1/treasury/accounts/${accountId}/imports`, token, orgId: demoOrg });
    expect((await list(cash)).statusCode).toBe(200);
    expect((await list(pos)).statusCode).toBe(403);
    expect(await counts(accountId)).toEqual({ movements: 0, imports: 0 });
  });

  it('previews, saves the mapping as a profile and re-uses it for the same bank', async () => {
    const accountId = await newAccount({ opening: SAMPLE_OPENING_BALANCE });
    const preview = await upload(accountId, file('csv1252'), { preview: true });
    expect(preview.statusCode).toBe(200);
    const guessed = preview.json();
    expect(guessed).toMatchObject({
      format: 'csv',
      profileId: null,
      entryCount: SAMPLE_MOVEMENTS.length,
      rejected: [],
      mapping: {
        skipRows: 4,
        delimiter: ';',
        encoding: 'windows-1252',
        dateFormat: 'DD-MM-YYYY',
        decimalComma: true,
      },
    });
    expect(guessed.header.slice(0, 3)).toEqual(['Data mov.', 'Data valor', 'Descrição']);
    expect(guessed.entries[0]).toMatchObject({ bookingDate: '2026-10-01', amount: 307_500 });
    expect(guessed.rows[0][2]).toBe('SALÁRIOS OUTUBRO');

    const mapping = { ...guessed.mapping, counterparty: 7 };
    const imported = await upload(accountId, file('csv1252'), {
      query: `mapping=${encodeURIComponent(JSON.stringify(mapping))}&saveProfile=true&profileName=CGD`,
    });
    expect(imported.statusCode).toBe(201);
    const profiles = await t.call({
      method: 'GET',
      url: '/api/v1/treasury/import-profiles',
      token: demo,
      orgId: demoOrg,
    });
    expect(profiles.json()).toHaveLength(1);
    const profile = profiles.json()[0];
    expect(profile).toMatchObject({ name: 'CGD', accountId, mapping });

    const again = await upload(await newAccount(), file('csv1252'), { preview: true });
    expect(again.json()).toMatchObject({ profileId: profile.id, mapping });
    // Without a mapping the import takes the profile.
    const second = await upload(await newAccount(), file('csv1252'));
    expect(second.statusCode).toBe(201);
    expect(second.json().imported).toBe(SAMPLE_MOVEMENTS.length);

    const cash = await t.signin('cash@fluxo.example');
    const forbidden = await t.call({
      method: 'DELETE',
      url: `/api/v1/treasury/import-profiles/${profile.id}`,
      token: cash,
      orgId: demoOrg,
    });
    expect(forbidden.statusCode).toBe(403);
    const removed = await t.call({
      method: 'DELETE',
      url: `/api/v1/treasury/import-profiles/${profile.id}`,
      token: demo,
      orgId: demoOrg,
    });
    expect(removed.json()).toEqual({ deleted: true });
    const gone = await t.call({
      method: 'DELETE',
      url: `/api/v1/treasury/import-profiles/${profile.id}`,
      token: demo,
      orgId: demoOrg,
    });
    expect(gone.statusCode).toBe(404);
  });

  it('previews a bad file with the reasons instead of failing', async () => {
    const accountId = await newAccount();
    const preview = await upload(accountId, file('badLineCsv'), { preview: true });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().rejected).toEqual([
      { line: 4, code: 'INVALID_AMOUNT', message: '"-45,9O" is not an amount.' },
    ]);
    const camt = await upload(accountId, file('camt053'), { preview: true });
    expect(camt.json()).toMatchObject({
      format: 'camt053',
      mapping: null,
      entryCount: 8,
      accountIban: FIXTURE_IBAN,
    });
  });
});
