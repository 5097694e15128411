import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  type BillingDocument,
  type CurrentAccountRow,
  isValidTaxNumber,
  parseAtQrString,
} from '@fluxo/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { loadConfig } from '../../platform/config.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { loadSigningKey } from '../billing/index.ts';
import { buildAngolanBilling, buildPortugueseBilling, PT_BILLING_CUSTOMERS } from './billing-demo-data.ts';
import { seedDemoBilling } from './billing-seed.ts';
import { DEMO_ACCOUNTS } from './seed.ts';
import { demoToday } from './treasury-seed.ts';

let t: TestApp;
let ptOrg: string;
let aoOrg: string;
let ptOwner: string;
let aoOwner: string;
let demoToken: string;
let aoToken: string;
const today = demoToday();

const one = async <T>(query: ReturnType<typeof sql>) => (await rows<T>(t.database.db, query))[0]!;

beforeAll(async () => {
  t = await createTestApp();
  ({ id: ptOrg, owner: ptOwner } = await one<{ id: string; owner: string }>(
    sql`SELECT default_organization_id AS id, id AS owner FROM users WHERE email = ${DEMO_ACCOUNTS.demo}`,
  ));
  ({ id: aoOrg, owner: aoOwner } = await one<{ id: string; owner: string }>(
    sql`SELECT o.id, u.id AS owner FROM organizations o JOIN organization_members m ON m.organization_id = o.id
        JOIN users u ON u.id = m.user_id WHERE u.email = ${DEMO_ACCOUNTS.aoOwner} AND m.role = 'owner'`,
  ));
  demoToken = await t.signin(DEMO_ACCOUNTS.demo);
  aoToken = await t.signin(DEMO_ACCOUNTS.aoOwner);
});
afterAll(() => t.close());

/** Every document of an organization, through the API (keyset pages). */
async function documentsOf(token: string, orgId: string): Promise<BillingDocument[]> {
  const all: BillingDocument[] = [];
  let cursor: string | null = null;
  do {
    const url: string = `/api/v1/billing/documents?limit=200${cursor ? `&cursor=${cursor}` : ''}`;
    const response = await t.call({ method: 'GET', url, token, orgId });
    expect(response.statusCode).toBe(200);
    const page = response.json() as { items: BillingDocument[]; nextCursor: string | null };
    all.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return all;
}

/** SAF-T SystemEntryDate: the instant in the organization's local time, to the second. */
function localTime(iso: string, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(iso))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`;
}

/** 12345 → "123.45", by digits (the signed GrossTotal). */
const amountText = (cents: number) => `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

describe('billing demo seed', () => {
  it('signs every demo document in chain, and each signature verifies with openssl against the published key', async () => {
    const key = await t.call({ method: 'GET', url: '/api/v1/billing/signing-key' });
    expect(key.statusCode).toBe(200);
    const dir = mkdtempSync(path.join(tmpdir(), 'fluxo-demo-signatures-'));
    try {
      const publicKey = path.join(dir, 'public.pem');
      writeFileSync(publicKey, key.json().publicKey);
      let verified = 0;
      for (const [token, orgId, timeZone] of [
        [demoToken, ptOrg, 'Europe/Lisbon'],
        [aoToken, aoOrg, 'Africa/Luanda'],
      ] as const) {
        const documents = (await documentsOf(token, orgId)).filter((d) => d.state === 'issued');
        expect(documents.length).toBeGreaterThan(orgId === ptOrg ? 80 : 3);
        // One chain per series and document type, in number order.
        const chains = new Map<string, BillingDocument[]>();
        for (const document of documents) {
          const chain = document.documentNumber!.slice(0, document.documentNumber!.lastIndexOf('/'));
          chains.set(chain, [...(chains.get(chain) ?? []), document]);
        }
        for (const chain of chains.values()) {
          chain.sort((a, b) => a.number! - b.number!);
          expect(chain.map((d) => d.number)).toEqual(chain.map((_, index) => index + 1));
          let previousHash = '';
          let previousEntry = '';
          for (const document of chain) {
            const entry = localTime(document.systemEntryAt!, timeZone);
            // SystemEntryDate grows with the documents, as if they had been issued over the year.
            expect(entry > previousEntry).toBe(true);
            expect(entry.slice(0, 10)).toBe(document.documentDate);
            previousEntry = entry;
            const message = `${document.documentDate};${entry};${document.documentNumber};${amountText(document.grossTotal)};${previousHash}`;
            writeFileSync(path.join(dir, 'message.txt'), message);
            writeFileSync(path.join(dir, 'signature.bin'), Buffer.from(document.hash!, 'base64'));
            expect(document.hash).toHaveLength(172);
            const output = execFileSync(
              '/usr/bin/openssl',
              [
                'dgst',
                '-sha1',
                '-verify',
                publicKey,
                '-signature',
                path.join(dir, 'signature.bin'),
                path.join(dir, 'message.txt'),
              ],
              { encoding: 'utf8' },
            );
            expect(output.trim(), `${document.documentNumber}: ${message}`).toBe('Verified OK');
            previousHash = document.hash!;
            verified += 1;
          }
        }
      }
      // The documents and the receipts of the payments.
      const pt = buildPortugueseBilling(today);
      expect(verified).toBe(
        pt.documents.length + pt.payments.length + buildAngolanBilling(today).documents.length,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('gives the PT company customers with valid tax numbers, products of every VAT code, training series with ATCUD and the QR code', async () => {
    const parties = (
      await t.call({ method: 'GET', url: '/api/v1/billing/parties', token: demoToken, orgId: ptOrg })
    ).json() as {
      taxId: string;
      country: string;
      isCustomer: boolean;
      isSupplier: boolean;
    }[];
    expect(parties.filter((p) => p.isCustomer).length).toBeGreaterThanOrEqual(15);
    expect(parties.filter((p) => p.isSupplier).length).toBeGreaterThanOrEqual(5);
    for (const party of parties)
      if (party.taxId !== '999999990')
        expect(isValidTaxNumber(party.country, party.taxId), party.taxId).toBe(true);
    expect(new Set(parties.map((p) => p.country))).toEqual(new Set(['PT', 'ES', 'FR']));
    expect(parties.some((p) => p.taxId === '999999990')).toBe(true);

    const products = (
      await t.call({ method: 'GET', url: '/api/v1/billing/products', token: demoToken, orgId: ptOrg })
    ).json() as {
      taxCode: string;
      exemptionCode: string | null;
    }[];
    expect(new Set(products.map((p) => p.taxCode))).toEqual(new Set(['NOR', 'INT', 'RED', 'ISE']));
    for (const product of products) expect(product.taxCode === 'ISE').toBe(product.exemptionCode !== null);

    const series = (
      await t.call({ method: 'GET', url: '/api/v1/billing/series', token: demoToken, orgId: ptOrg })
    ).json() as {
      documentType: string;
      seriesType: string;
      validationCode: string | null;
    }[];
    expect(new Set(series.map((s) => s.documentType))).toEqual(
      new Set(['FT', 'FS', 'FR', 'NC', 'ND', 'OR', 'PF', 'RG']),
    );
    expect(series.every((s) => s.seriesType === 'F' && /^[A-Z0-9]{8,}$/.test(s.validationCode ?? ''))).toBe(
      true,
    );

    const documents = (await documentsOf(demoToken, ptOrg)).filter((d) => d.state === 'issued');
    for (const document of documents) {
      expect(document.atcud).toMatch(/^[A-Z0-9]{8,}-\d+$/);
      const qr = parseAtQrString(document.qrCode!);
      expect(qr.atcud).toBe(document.atcud);
      expect(qr.grossTotal).toBe(document.grossTotal);
    }
    const types = new Set(documents.map((d) => d.documentType));
    for (const type of ['FT', 'FS', 'FR', 'NC', 'ND', 'OR', 'PF'])
      expect(types.has(type as never), type).toBe(true);
    // Two credit notes, one cancelled invoice with its reason, a quote invoiced, withholding on a licence.
    expect(documents.filter((d) => d.documentType === 'NC')).toHaveLength(2);
    const cancelled = documents.filter((d) => d.status === 'A');
    expect(cancelled).toHaveLength(1);
    expect(cancelled[0]!.cancelReason).toMatch(/cliente errado/);
    expect(documents.some((d) => d.documentType === 'OR' && d.status === 'F')).toBe(true);
    const licences = documents.filter((d) => d.withholding > 0);
    expect(licences.length).toBeGreaterThanOrEqual(1);
    for (const licence of licences) expect(licence.withholding).toBe(Math.round(licence.netTotal / 4));
    // An intra-EU service is exempt with its M-code.
    expect(documents.some((d) => d.lines.some((l) => l.exemptionCode === 'M40'))).toBe(true);
  });

  it('has customers who paid, customers who paid part, and customers overdue', async () => {
    const balances = await rows<{ name: string; paid: string; open: string; overdue: string }>(
      t.database.db,
      sql`SELECT p.name,
                 count(*) FILTER (WHERE d.settled = d.gross_total - d.withholding) AS paid,
                 count(*) FILTER (WHERE d.settled > 0 AND d.settled < d.gross_total - d.withholding) AS open,
                 count(*) FILTER (WHERE d.settled < d.gross_total - d.withholding AND d.due_date < ${today}
                                   AND NOT EXISTS (SELECT 1 FROM billing_documents n WHERE n.reference_document_id = d.id AND n.document_type = 'NC')) AS overdue
          FROM billing_documents d JOIN billing_parties p ON p.id = d.party_id
          WHERE d.organization_id = ${ptOrg} AND d.document_type IN ('FT', 'ND') AND d.status = 'N'
          GROUP BY p.name`,
    );
    const byName = new Map(balances.map((b) => [b.name, b]));
    const customer = (key: string) => byName.get(PT_BILLING_CUSTOMERS.find((c) => c.key === key)!.name)!;
    expect(Number(customer('builder').overdue)).toBeGreaterThanOrEqual(3);
    expect(Number(customer('clinic').paid)).toBeGreaterThanOrEqual(9);
    expect(balances.some((b) => Number(b.open) > 0)).toBe(true);
    // The current account says the same: overdue customers, and customers who paid everything due.
    const account = await t.call({
      method: 'GET',
      url: '/api/v1/billing/current-account?role=customer',
      token: demoToken,
      orgId: ptOrg,
    });
    expect(account.statusCode).toBe(200);
    const rowsByName = new Map(
      (account.json().rows as CurrentAccountRow[]).map((row) => [row.partyName, row]),
    );
    const builder = rowsByName.get(PT_BILLING_CUSTOMERS.find((c) => c.key === 'builder')!.name)!;
    expect(builder.overdue).toBeGreaterThan(0);
    // Unpaid since the summer: more than two months late, whatever the day.
    expect(builder.days61to90 + builder.over90).toBeGreaterThan(0);
    // Prompt payers (each bought a licence at a known month, so each has paid something).
    for (const key of ['logistics', 'architects']) {
      const name = PT_BILLING_CUSTOMERS.find((c) => c.key === key)!.name;
      expect(Number(byName.get(name)?.paid ?? 0), name).toBeGreaterThan(0);
      expect(rowsByName.get(name)?.overdue ?? 0, name).toBe(0);
    }
    // Never more settled than owed.
    const [over] = await rows<{ n: string }>(
      t.database.db,
      sql`SELECT count(*) AS n FROM billing_documents WHERE organization_id = ${ptOrg} AND settled > gross_total - withholding`,
    );
    expect(Number(over!.n)).toBe(0);
  });

  it('links every customer payment to the bank transfer that carried it, of the same amount and after the invoice', async () => {
    const payments = await rows<{
      amount: string;
      movement: string | null;
      booked: string | null;
      paid: string;
      latest: string;
      allocated: string;
    }>(
      t.database.db,
      sql`SELECT p.amount, t.amount AS movement, t.booking_date::text AS booked, p.payment_date::text AS paid,
                 (SELECT max(d.document_date)::text FROM billing_payment_allocations a JOIN billing_documents d ON d.id = a.document_id WHERE a.payment_id = p.id) AS latest,
                 (SELECT sum(a.amount) FROM billing_payment_allocations a WHERE a.payment_id = p.id) AS allocated
          FROM billing_payments p LEFT JOIN treasury_transactions t ON t.id = p.transaction_id
          WHERE p.organization_id = ${ptOrg} AND p.direction = 'in' AND p.receipt_id IS NOT NULL`,
    );
    expect(payments.length).toBe(buildPortugueseBilling(today).payments.length);
    expect(payments.length).toBeGreaterThan(40);
    for (const payment of payments) {
      expect(Number(payment.movement)).toBe(Number(payment.amount));
      expect(Number(payment.allocated)).toBe(Number(payment.amount));
      expect(payment.booked).toBe(payment.paid);
      expect(payment.paid > payment.latest).toBe(true);
    }
    // Invoice-receipts and simplified invoices were paid at the counter: no receipt, no bank transfer.
    const [counter] = await rows<{ n: string; odd: string }>(
      t.database.db,
      sql`SELECT count(*) AS n, count(*) FILTER (WHERE d.document_type NOT IN ('FR', 'FS') OR p.transaction_id IS NOT NULL
                                                     OR p.payment_date <> d.document_date OR p.amount <> d.gross_total) AS odd
          FROM billing_payments p JOIN billing_payment_allocations a ON a.payment_id = p.id
          JOIN billing_documents d ON d.id = a.document_id
          WHERE p.organization_id = ${ptOrg} AND p.direction = 'in' AND p.receipt_id IS NULL`,
    );
    expect(Number(counter!.n)).toBe(
      buildPortugueseBilling(today).documents.filter((d) => d.paidAtOnce).length,
    );
    expect(Number(counter!.odd)).toBe(0);
    // One transfer paid two months of the maintenance contract.
    const [grouped] = await rows<{ n: string }>(
      t.database.db,
      sql`SELECT count(*) AS n FROM billing_payments p WHERE p.organization_id = ${ptOrg}
          AND (SELECT count(*) FROM billing_payment_allocations a WHERE a.payment_id = p.id) = 2`,
    );
    expect(Number(grouped!.n)).toBeGreaterThan(0);
  });

  it('records supplier invoices paid by the outgoing movements, and recurring contracts whose runs are the invoices', async () => {
    const purchases = await rows<{ gross: string; settled: string; movement: string | null }>(
      t.database.db,
      sql`SELECT pu.gross_total AS gross, pu.settled, t.amount AS movement
          FROM billing_purchases pu
          LEFT JOIN billing_payment_allocations a ON a.purchase_id = pu.id
          LEFT JOIN billing_payments p ON p.id = a.payment_id AND p.direction = 'out'
          LEFT JOIN treasury_transactions t ON t.id = p.transaction_id
          WHERE pu.organization_id = ${ptOrg}`,
    );
    const paid = purchases.filter((p) => p.movement !== null);
    expect(paid.length).toBeGreaterThan(purchases.length * 0.9);
    for (const purchase of paid) {
      expect(Number(purchase.movement)).toBe(-Number(purchase.gross));
      expect(Number(purchase.settled)).toBe(Number(purchase.gross));
    }
    expect(purchases.filter((p) => Number(p.settled) === 0).length).toBeGreaterThanOrEqual(2);

    const schedules = await rows<{ name: string; runs: string; documents: string; next_date: string }>(
      t.database.db,
      sql`SELECT s.name, s.next_date::text AS next_date, count(r.id) AS runs,
                 count(d.id) FILTER (WHERE d.schedule_id = s.id AND d.state = 'issued') AS documents
          FROM billing_schedules s JOIN billing_schedule_runs r ON r.schedule_id = s.id
          LEFT JOIN billing_documents d ON d.id = r.document_id
          WHERE s.organization_id = ${ptOrg} GROUP BY s.id`,
    );
    expect(schedules.length).toBeGreaterThanOrEqual(2);
    for (const schedule of schedules) {
      expect(Number(schedule.runs)).toBeGreaterThan(6);
      expect(Number(schedule.documents)).toBe(Number(schedule.runs));
      expect(schedule.next_date >= today).toBe(true);
    }
  });

  it('gives the AO company kwanza documents at 14 % with an AGT exemption code, without ATCUD or QR code', async () => {
    const documents = (await documentsOf(aoToken, aoOrg)).filter((d) => d.state === 'issued');
    expect(new Set(documents.map((d) => d.documentType))).toEqual(new Set(['FT', 'FR', 'NC']));
    for (const document of documents) {
      expect([document.currency, document.taxRegion, document.atcud, document.qrCode]).toEqual([
        'AOA',
        'AO',
        null,
        null,
      ]);
      for (const line of document.lines)
        expect(line.vatBasisPoints === 1400 || line.exemptionCode === 'M10').toBe(true);
      expect(isValidTaxNumber('AO', document.partyTaxId)).toBe(true);
    }
    expect(documents.some((d) => d.lines.some((l) => l.exemptionCode === 'M10'))).toBe(true);
  });

  it("refuses a document taxed in the other country's region, writing nothing", async () => {
    const attempt = async (token: string, orgId: string, taxRegion: string) => {
      const series = (
        await t.call({ method: 'GET', url: '/api/v1/billing/series', token, orgId })
      ).json() as {
        id: string;
        documentType: string;
        closed: boolean;
      }[];
      const party = (await t.call({ method: 'GET', url: '/api/v1/billing/parties', token, orgId })).json()[0];
      const product = (
        await t.call({ method: 'GET', url: '/api/v1/billing/products', token, orgId })
      ).json()[0];
      const before = (await documentsOf(token, orgId)).length;
      const response = await t.call({
        method: 'POST',
        url: '/api/v1/billing/documents',
        token,
        orgId,
        headers: { 'idempotency-key': `region-${taxRegion}-${orgId}` },
        payload: {
          seriesId: series.find((s) => s.documentType === 'FT' && !s.closed)!.id,
          partyId: party.id,
          documentDate: today,
          taxRegion,
          issue: true,
          lines: [{ productId: product.id, quantity: 1000 }],
        },
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
      expect((await documentsOf(token, orgId)).length).toBe(before);
    };
    await attempt(aoToken, aoOrg, 'PT');
    await attempt(demoToken, ptOrg, 'AO');
  });

  it('is deterministic, a past month does not change as days go by, and seeding again adds nothing', async () => {
    expect(buildPortugueseBilling('2026-11-24')).toEqual(buildPortugueseBilling('2026-11-24'));
    const october = (billing: ReturnType<typeof buildPortugueseBilling>) => ({
      documents: billing.documents.filter((d) => d.date.startsWith('2026-10')),
      payments: billing.payments.filter((p) => p.date.startsWith('2026-10')),
    });
    expect(october(buildPortugueseBilling('2026-11-03'))).toEqual(
      october(buildPortugueseBilling('2026-11-24')),
    );
    for (const document of buildPortugueseBilling('2026-11-24').documents)
      expect(document.date < '2026-11-24').toBe(true);

    const count = async () => (await one<{ n: string }>(sql`SELECT count(*) AS n FROM billing_documents`)).n;
    const before = await count();
    const signingKey = await loadSigningKey(t.database.db, t.secrets.box, loadConfig().invoicing);
    await t.database.db.transaction((tx) =>
      seedDemoBilling(tx as never, signingKey, {
        pt: { organizationId: ptOrg, country: 'PT', createdBy: ptOwner },
        ao: { organizationId: aoOrg, country: 'AO', createdBy: aoOwner },
      }),
    );
    expect(await count()).toBe(before);
  });

  it('lets a harness leave the demo companies without billing data', async () => {
    const fresh = await createTestApp({ demoBilling: false });
    try {
      const [row] = await rows<{ n: string }>(
        fresh.database.db,
        sql`SELECT count(*) AS n FROM billing_series`,
      );
      expect(Number(row!.n)).toBe(0);
    } finally {
      await fresh.close();
    }
  });
});
