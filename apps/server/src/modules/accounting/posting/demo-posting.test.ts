import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../../db/client.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { postPending } from './pending.ts';

describe('the demo companies are posted', () => {
  let t: TestApp;
  const orgs: Record<string, string> = {};
  beforeAll(async () => {
    const started = Date.now();
    t = await createTestApp();
    console.info(`demo app with posting: ${Date.now() - started} ms`);
    for (const row of await rows<{ id: string; country: string }>(
      t.database.db,
      sql`SELECT id, country FROM organizations WHERE name IN ('Fluxo Demo, Lda') OR country = 'AO'`,
    ))
      orgs[row.country] = row.id;
  }, 300_000);
  afterAll(() => t.close());

  it('the PT demo trial balance balances and every issued document has one entry (and its reversal if cancelled)', async () => {
    const db = t.database.db;
    const organizationId = orgs.PT as string;
    const [totals] = await rows<{ debit: string; credit: string; entries: string }>(
      db,
      sql`SELECT sum(debit) AS debit, sum(credit) AS credit, count(DISTINCT entry_id) AS entries
          FROM accounting_entry_lines WHERE organization_id = ${organizationId}`,
    );
    expect(Number(totals?.entries)).toBeGreaterThan(100);
    expect(totals?.debit).toBe(totals?.credit);
    const documents = await rows<{
      id: string;
      number: string;
      status: string;
      entries: string;
      reversals: string;
      type: string;
    }>(
      db,
      sql`SELECT d.id, d.document_number AS number, d.status, d.document_type AS type,
                 (SELECT count(*) FROM accounting_entries e WHERE e.source_id = d.id AND e.source_type = 'billing_document') AS entries,
                 (SELECT count(*) FROM accounting_entries e WHERE e.source_id = d.id AND e.source_type = 'reversal') AS reversals
          FROM billing_documents d
          WHERE d.organization_id = ${organizationId} AND d.state = 'issued'
            AND d.document_type IN ('FT', 'FS', 'FR', 'ND', 'NC', 'RC', 'RG') AND d.gross_total > 0`,
    );
    expect(documents.length).toBeGreaterThan(50);
    for (const document of documents) {
      expect({ number: document.number, entries: Number(document.entries) }).toEqual({
        number: document.number,
        entries: 1,
      });
      expect({ number: document.number, reversals: Number(document.reversals) }).toEqual({
        number: document.number,
        reversals: document.status === 'A' ? 1 : 0,
      });
    }
    const [movements] = await rows<{ n: string }>(
      db,
      sql`SELECT count(*) AS n FROM accounting_entries WHERE organization_id = ${organizationId} AND source_type = 'treasury_transaction'`,
    );
    expect(Number(movements?.n)).toBeGreaterThan(10);
    // A second run posts nothing more.
    expect(await postPending(db, organizationId)).toEqual({ posted: 0 });
  });

  it('the AO company gets PGC entries that balance', async () => {
    const db = t.database.db;
    const [chart] = await rows<{ chart: string }>(
      db,
      sql`SELECT chart FROM accounting_settings WHERE organization_id = ${orgs.AO as string}`,
    );
    expect(chart?.chart).toBe('PGC');
    const [totals] = await rows<{ debit: string; credit: string; entries: string }>(
      db,
      sql`SELECT sum(debit) AS debit, sum(credit) AS credit, count(DISTINCT entry_id) AS entries
          FROM accounting_entry_lines WHERE organization_id = ${orgs.AO as string}`,
    );
    expect(Number(totals?.entries)).toBeGreaterThan(0);
    expect(totals?.debit).toBe(totals?.credit);
    const customers = await rows<{ code: string }>(
      db,
      sql`SELECT a.code FROM accounting_accounts a WHERE a.organization_id = ${orgs.AO as string} AND a.party_id IS NOT NULL`,
    );
    expect(customers.every((row) => row.code.startsWith('31') || row.code.startsWith('32'))).toBe(true);
  });
});
