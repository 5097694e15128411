import { randomUUID } from 'node:crypto';
import { addDays } from '@fluxo/domain';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../../db/client.ts';
import { createTestApp, TEST_DATABASE_KIND, type TestApp } from '../../../test/harness.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import { type ChainedDocument, verifyChains } from '../signing.ts';

let t: TestApp;
let owner: string;
let orgId: string;
let kwanzaOwner: string;
let kwanzaOrg: string;
let productId: string;
let invoiceSeries: string;
let creditSeries: string;
let cashAccount: string;
let today: string;
let nifCounter = 0;

const orgOf = async (name: string) =>
  (await rows<{ id: string }>(t.database.db, sql`SELECT id FROM organizations WHERE name = ${name}`))[0]!.id;

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, payload?: object, who = owner, org = orgId, key = randomUUID()) =>
  t.call({
    method,
    url,
    token: who,
    orgId: org,
    ...(payload ? { payload } : {}),
    headers: { 'idempotency-key': key },
  });

/** A valid PT NIF (check digit of the AT's modulo 11) that no other test uses. */
function nextNif(): string {
  nifCounter += 1;
  const body = `5${String(10_000_00 + nifCounter * 7919).padStart(7, '0')}`.slice(0, 8);
  const sum = [...body].reduce((total, digit, index) => total + Number(digit) * (9 - index), 0);
  const rest = sum % 11;
  return `${body}${rest < 2 ? 0 : 11 - rest}`;
}

async function newParty(extra: object = {}): Promise<string> {
  const response = await call('POST', '/api/v1/billing/parties', {
    name: `Cliente ${nifCounter + 1}, Lda`,
    taxId: nextNif(),
    country: 'PT',
    ...extra,
  });
  expect(response.statusCode).toBe(201);
  return response.json().id;
}

/** An issued invoice of `cents` before 23 % VAT (gross = cents × 1.23), due on `dueDate`. */
async function invoice(
  partyId: string,
  cents: number,
  dueDate = today,
): Promise<{ id: string; payable: number }> {
  const response = await call('POST', '/api/v1/billing/documents', {
    seriesId: invoiceSeries,
    partyId,
    documentDate: today,
    dueDate,
    issue: true,
    lines: [{ productId, quantity: 1000, unitPrice: cents * 100 }],
  });
  expect(response.statusCode).toBe(201);
  return { id: response.json().id, payable: response.json().payable };
}

async function movement(amount: number): Promise<string> {
  const response = await call('POST', '/api/v1/treasury/transactions', {
    accountId: cashAccount,
    bookingDate: today,
    amount,
    description: `Movimento ${amount}`,
  });
  expect(response.statusCode).toBe(201);
  return response.json().id;
}

const pay = (partyId: string, allocations: { documentId: string; amount: number }[], extra: object = {}) =>
  call('POST', '/api/v1/billing/payments', {
    direction: 'in',
    partyId,
    paymentDate: today,
    method: 'TB',
    amount: allocations.reduce((sum, a) => sum + a.amount, 0),
    allocations,
    ...extra,
  });

const settledOf = async (id: string) => (await call('GET', `/api/v1/billing/documents/${id}`)).json().settled;

beforeAll(async () => {
  t = await createTestApp({ demoBilling: false });
  owner = await t.signin('demo@fluxo.example');
  orgId = await orgOf('Fluxo Demo, Lda');
  kwanzaOwner = await t.signin('ao.owner@fluxo.example');
  kwanzaOrg = await orgOf('Kwanza Comércio, Lda');
  today = new Date().toISOString().slice(0, 10);
  const product = await call('POST', '/api/v1/billing/products', {
    code: 'PAG-SERV',
    description: 'Serviço',
    productType: 'S',
    unitPrice: 10_000,
    taxCode: 'NOR',
  });
  productId = product.json().id;
  const series = async (documentType: string, code: string) => {
    const response = await call('POST', '/api/v1/billing/series', {
      documentType,
      code,
      seriesType: 'F',
      validationCode: 'AAJFJ2K6',
    });
    expect(response.statusCode).toBe(201);
    return response.json().id as string;
  };
  invoiceSeries = await series('FT', 'PAGFT');
  creditSeries = await series('NC', 'PAGNC');
  const account = await call('POST', '/api/v1/treasury/accounts', {
    kind: 'cash',
    currency: 'EUR',
    name: 'Caixa de pagamentos',
    openingDate: today,
  });
  expect(account.statusCode).toBe(201);
  cashAccount = account.json().id;
});
afterAll(() => t.close());

describe('payments before a receipt series exists', () => {
  it('refuses a payment received with a translated error, and writes nothing', async () => {
    const partyId = await newParty();
    const { id } = await invoice(partyId, 1000);
    const refused = await call('POST', `/api/v1/billing/documents/${id}/payments`, {
      paymentDate: today,
      method: 'NU',
      amount: 1230,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('RECEIPT_SERIES_MISSING');
    expect(await settledOf(id)).toBe(0);
    const series = await call('POST', '/api/v1/billing/series', {
      documentType: 'RG',
      code: 'PAGRG',
      seriesType: 'F',
      validationCode: 'AAJFJ2K6',
    });
    expect(series.statusCode).toBe(201);
  });
});

describe('payments and receipts', () => {
  it('issues a signed receipt in its own chain for a payment of one document, once per Idempotency-Key', async () => {
    const partyId = await newParty();
    const first = await invoice(partyId, 10_000);
    const second = await invoice(partyId, 5_000);
    const key = randomUUID();
    const body = { paymentDate: today, method: 'TB', amount: first.payable };
    const paid = await call(
      'POST',
      `/api/v1/billing/documents/${first.id}/payments`,
      body,
      owner,
      orgId,
      key,
    );
    expect(paid.statusCode).toBe(201);
    const payment = paid.json();
    expect(payment).toMatchObject({
      direction: 'in',
      partyId,
      amount: 12_300,
      cancelled: false,
      allocations: [{ documentId: first.id, amount: 12_300 }],
    });
    expect(payment.receiptNumber).toMatch(/^RG PAGRG\/\d+$/);
    const replay = await call(
      'POST',
      `/api/v1/billing/documents/${first.id}/payments`,
      body,
      owner,
      orgId,
      key,
    );
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json().id).toBe(payment.id);
    expect(await settledOf(first.id)).toBe(12_300);

    const again = (
      await call('POST', `/api/v1/billing/documents/${second.id}/payments`, {
        paymentDate: today,
        method: 'NU',
        amount: 1000,
      })
    ).json();
    const receipts = await rows<{
      document_date: string;
      entry: string;
      document_number: string;
      gross_total: string;
      hash: string;
      number: number;
      qr_code: string;
      state: string;
    }>(
      t.database.db,
      sql`SELECT document_date::text, to_char(system_entry_at AT TIME ZONE 'Europe/Lisbon', 'YYYY-MM-DD"T"HH24:MI:SS') AS entry,
                 document_number, gross_total, hash, number, qr_code, state
          FROM billing_documents WHERE id IN (${payment.receiptId}, ${again.receiptId}) ORDER BY number`,
    );
    expect(receipts).toHaveLength(2);
    expect(receipts[1]!.number).toBe(receipts[0]!.number + 1);
    expect(receipts.map((r) => Number(r.gross_total))).toEqual([12_300, 1000]);
    expect(receipts[0]!.qr_code).toContain('*D:RG*');
    const chain: ChainedDocument[] = (
      await rows<{
        document_date: string;
        entry: string;
        document_number: string;
        gross_total: string;
        hash: string;
      }>(
        t.database.db,
        sql`SELECT document_date::text, to_char(system_entry_at AT TIME ZONE 'Europe/Lisbon', 'YYYY-MM-DD"T"HH24:MI:SS') AS entry,
                   document_number, gross_total, hash FROM billing_documents
            WHERE organization_id = ${orgId} AND document_type = 'RG' AND state = 'issued'`,
      )
    ).map((row) => ({
      invoiceDate: row.document_date,
      systemEntryDate: row.entry,
      invoiceNo: row.document_number,
      grossTotalCents: Number(row.gross_total),
      hash: row.hash,
    }));
    const key2 = (await t.call({ method: 'GET', url: '/api/v1/billing/signing-key' })).json();
    expect(verifyChains(key2.publicKey, chain)).toEqual([]);
  });

  it('settles several documents with one payment, and one document with several payments', async () => {
    const partyId = await newParty();
    const a = await invoice(partyId, 10_000);
    const b = await invoice(partyId, 20_000);
    const one = await pay(partyId, [
      { documentId: a.id, amount: 12_300 },
      { documentId: b.id, amount: 10_000 },
    ]);
    expect(one.statusCode).toBe(201);
    expect(one.json().allocations).toHaveLength(2);
    expect(await settledOf(a.id)).toBe(12_300);
    expect(await settledOf(b.id)).toBe(10_000);
    const two = await pay(partyId, [{ documentId: b.id, amount: 14_600 }]);
    expect(two.statusCode).toBe(201);
    expect(await settledOf(b.id)).toBe(24_600);
    const listed = (await call('GET', `/api/v1/billing/payments?partyId=${partyId}`)).json();
    expect(listed.map((p: { amount: number }) => p.amount).sort()).toEqual([14_600, 22_300]);
    const account = (await call('GET', '/api/v1/billing/current-account?role=customer')).json();
    expect(account.rows.some((row: { partyId: string }) => row.partyId === partyId)).toBe(false);
  });

  it('refuses over-allocation, mismatched totals and foreign documents, writing nothing', async () => {
    const partyId = await newParty();
    const otherParty = await newParty();
    const a = await invoice(partyId, 10_000);
    const foreign = await invoice(otherParty, 10_000);
    const before = await rows<{ payments: string; receipts: string }>(
      t.database.db,
      sql`SELECT (SELECT count(*) FROM billing_payments) AS payments,
                 (SELECT count(*) FROM billing_documents WHERE document_type = 'RG') AS receipts`,
    );
    const over = await pay(partyId, [{ documentId: a.id, amount: 12_301 }]);
    expect(over.statusCode).toBe(409);
    expect(over.json().code).toBe('PAYMENT_EXCEEDS_OPEN_AMOUNT');
    const mismatch = await pay(partyId, [{ documentId: a.id, amount: 100 }], { amount: 200 });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().code).toBe('PAYMENT_ALLOCATIONS_MISMATCH');
    const wrongParty = await pay(partyId, [{ documentId: foreign.id, amount: 100 }]);
    expect(wrongParty.json().code).toBe('PAYMENT_TARGET_NOT_PAYABLE');
    const future = await pay(partyId, [{ documentId: a.id, amount: 100 }], {
      paymentDate: addDays(today, 2),
    });
    expect(future.json().code).toBe('PAYMENT_DATE_IN_FUTURE');
    const noKey = await t.call({
      method: 'POST',
      url: `/api/v1/billing/documents/${a.id}/payments`,
      token: owner,
      orgId,
      payload: { paymentDate: today, method: 'NU', amount: 100 },
    });
    expect(noKey.json().code).toBe('IDEMPOTENCY_KEY_REQUIRED');
    const after = await rows<{ payments: string; receipts: string }>(
      t.database.db,
      sql`SELECT (SELECT count(*) FROM billing_payments) AS payments,
                 (SELECT count(*) FROM billing_documents WHERE document_type = 'RG') AS receipts`,
    );
    expect(after).toEqual(before);
    expect(await settledOf(a.id)).toBe(0);
  });

  it('cancels a payment: the receipt gets status A and the documents are open again', async () => {
    const partyId = await newParty();
    const a = await invoice(partyId, 10_000);
    const payment = (await pay(partyId, [{ documentId: a.id, amount: 5_000 }])).json();
    const cancelled = await call('POST', `/api/v1/billing/payments/${payment.id}/cancel`, {
      reason: 'Transferência devolvida',
    });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().cancelled).toBe(true);
    expect(await settledOf(a.id)).toBe(0);
    const receipt = (await call('GET', `/api/v1/billing/documents/${payment.receiptId}`)).json();
    expect(receipt).toMatchObject({ status: 'A', cancelReason: 'Transferência devolvida' });
    const twice = await call('POST', `/api/v1/billing/payments/${payment.id}/cancel`, { reason: 'De novo' });
    expect(twice.json().code).toBe('PAYMENT_ALREADY_CANCELLED');
    // Cancelling the receipt itself cancels its payment the same way.
    const second = (await pay(partyId, [{ documentId: a.id, amount: 3_000 }])).json();
    await call('POST', `/api/v1/billing/documents/${second.receiptId}/cancel`, { reason: 'Recibo errado' });
    expect(await settledOf(a.id)).toBe(0);
    const listed = (await call('GET', `/api/v1/billing/payments?partyId=${partyId}`)).json();
    expect(listed.every((p: { cancelled: boolean }) => p.cancelled)).toBe(true);
    const statement = (await call('GET', `/api/v1/billing/current-account/${partyId}`)).json();
    expect(statement.closingBalance).toBe(12_300);
  });

  it('settles an invoice-receipt, and a simplified invoice paid at the counter, when they are issued', async () => {
    const partyId = await newParty();
    const series = async (documentType: string, code: string) =>
      (
        await call('POST', '/api/v1/billing/series', {
          documentType,
          code,
          seriesType: 'F',
          validationCode: 'AAJFJ2K7',
        })
      ).json().id as string;
    const issue = async (seriesId: string, extra: object = {}) => {
      const response = await call('POST', '/api/v1/billing/documents', {
        seriesId,
        partyId,
        documentDate: today,
        issue: true,
        lines: [{ productId, quantity: 1000, unitPrice: 1_000_000 }],
        ...extra,
      });
      expect(response.statusCode).toBe(201);
      return response.json();
    };
    const receipt = await issue(await series('FR', 'PAGFR'), { paymentMethod: 'CC' });
    expect(receipt).toMatchObject({ paymentMethod: 'CC', payable: 12_300, settled: 12_300 });
    const fsSeries = await series('FS', 'PAGFS');
    const counter = await issue(fsSeries);
    expect(counter.settled).toBe(12_300);
    const [paid] = await rows<{ method: string; at_issue: boolean; receipt_id: string | null }>(
      t.database.db,
      sql`SELECT p.method, p.at_issue, p.receipt_id FROM billing_payments p
          JOIN billing_payment_allocations a ON a.payment_id = p.id WHERE a.document_id = ${counter.id}`,
    );
    expect(paid).toEqual({ method: 'NU', at_issue: true, receipt_id: null });
    // Paid later: a simplified invoice issued without a payment method stays open.
    const later = await issue(fsSeries, { paymentMethod: null });
    expect(later.settled).toBe(0);
    // Nothing of the paid ones is owed, and nothing more can be paid on them.
    const statement = (await call('GET', `/api/v1/billing/current-account/${partyId}`)).json();
    expect(statement.closingBalance).toBe(12_300);
    const again = await pay(partyId, [{ documentId: receipt.id, amount: 100 }]);
    expect(again.json().code).toBe('PAYMENT_EXCEEDS_OPEN_AMOUNT');
    // Cancelling the invoice-receipt cancels its own payment with it.
    const cancelled = await call('POST', `/api/v1/billing/documents/${receipt.id}/cancel`, {
      reason: 'Engano',
    });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'A', settled: 0 });
    const [own] = await rows<{ cancelled: boolean }>(
      t.database.db,
      sql`SELECT p.cancelled_at IS NOT NULL AS cancelled FROM billing_payments p
          JOIN billing_payment_allocations a ON a.payment_id = p.id WHERE a.document_id = ${receipt.id}`,
    );
    expect(own?.cancelled).toBe(true);
  });

  it('links payments to a movement up to its amount, with the right sign', async () => {
    const partyId = await newParty();
    const a = await invoice(partyId, 10_000);
    const incoming = await movement(10_000);
    const outgoing = await movement(-5_000);
    const candidates = (
      await call(
        'GET',
        `/api/v1/billing/payments/movement-candidates?direction=in&amount=10000&partyId=${partyId}`,
      )
    ).json();
    expect(candidates[0]).toMatchObject({ id: incoming, unallocated: 10_000 });
    expect(candidates.some((c: { id: string }) => c.id === outgoing)).toBe(false);
    const first = await pay(partyId, [{ documentId: a.id, amount: 6_000 }], { transactionId: incoming });
    expect(first.statusCode).toBe(201);
    expect(first.json().transactionId).toBe(incoming);
    const second = await pay(partyId, [{ documentId: a.id, amount: 4_000 }], { transactionId: incoming });
    expect(second.statusCode).toBe(201);
    const third = await pay(partyId, [{ documentId: a.id, amount: 1 }], { transactionId: incoming });
    expect(third.json().code).toBe('MOVEMENT_NOT_USABLE');
    const wrongSign = await pay(partyId, [{ documentId: a.id, amount: 1 }], { transactionId: outgoing });
    expect(wrongSign.json().code).toBe('MOVEMENT_NOT_USABLE');
    const after = (await call('GET', '/api/v1/billing/payments/movement-candidates?direction=in')).json();
    expect(after.some((c: { id: string }) => c.id === incoming)).toBe(false);
    await call('POST', `/api/v1/billing/payments/${second.json().id}/cancel`, { reason: 'Erro' });
    const freed = (
      await call('GET', '/api/v1/billing/payments/movement-candidates?direction=in&amount=4000')
    ).json();
    expect(freed[0]).toMatchObject({ id: incoming, unallocated: 4_000 });
  });

  it('pays a supplier purchase with an outgoing movement', async () => {
    const supplierId = await newParty({ isCustomer: false, isSupplier: true });
    const [purchase] = await rows<{ id: string }>(
      t.database.db,
      sql`INSERT INTO billing_purchases (organization_id, party_id, document_type, document_number, document_date,
                                         due_date, currency, net_total, tax_payable, gross_total)
          VALUES (${orgId}, ${supplierId}, 'FT', 'FT F/77', ${today}, ${today}, 'EUR', 10000, 2300, 12300)
          RETURNING id`,
    );
    const outgoing = await movement(-12_300);
    const paid = await call('POST', '/api/v1/billing/payments', {
      direction: 'out',
      partyId: supplierId,
      paymentDate: today,
      method: 'TB',
      amount: 12_300,
      transactionId: outgoing,
      allocations: [{ purchaseId: purchase!.id, amount: 12_300 }],
    });
    expect(paid.statusCode).toBe(201);
    expect(paid.json()).toMatchObject({ receiptId: null, allocations: [{ documentNumber: 'FT F/77' }] });
    const suppliers = (await call('GET', '/api/v1/billing/current-account?role=supplier')).json();
    expect(suppliers.rows.some((row: { partyId: string }) => row.partyId === supplierId)).toBe(false);
    const statement = (await call('GET', `/api/v1/billing/current-account/${supplierId}`)).json();
    expect(statement).toMatchObject({ role: 'supplier', closingBalance: 0 });
    expect(statement.entries.map((e: { debit: number; credit: number }) => [e.debit, e.credit])).toEqual([
      [12_300, 0],
      [0, 12_300],
    ]);
  });
});

describe('credit notes and the current account', () => {
  it('nets a credit note against the document it corrects', async () => {
    const partyId = await newParty();
    const a = await invoice(partyId, 10_000);
    const note = await call('POST', '/api/v1/billing/documents', {
      seriesId: creditSeries,
      partyId,
      documentDate: today,
      issue: true,
      referenceDocumentId: a.id,
      reason: 'Desconto acordado',
      lines: [{ productId, quantity: 1000, unitPrice: 2_000_00 }],
    });
    expect(note.statusCode).toBe(201);
    expect(note.json().payable).toBe(2_460);
    expect(await settledOf(a.id)).toBe(2_460);
    const row = (await call('GET', '/api/v1/billing/current-account?role=customer'))
      .json()
      .rows.find((r: { partyId: string }) => r.partyId === partyId);
    expect(row).toMatchObject({ open: 9_840, notDue: 9_840, credits: 0, openDocuments: 1 });
    // Over-paying through payments is refused: only 9 840 remain open.
    expect((await pay(partyId, [{ documentId: a.id, amount: 9_841 }])).json().code).toBe(
      'PAYMENT_EXCEEDS_OPEN_AMOUNT',
    );
    await pay(partyId, [{ documentId: a.id, amount: 9_000 }]);
    // A second credit note for more than is open: 840 set against the invoice, 1 620 left as credit.
    await call('POST', '/api/v1/billing/documents', {
      seriesId: creditSeries,
      partyId,
      documentDate: today,
      issue: true,
      referenceDocumentId: a.id,
      reason: 'Devolução',
      lines: [{ productId, quantity: 1000, unitPrice: 2_000_00 }],
    });
    expect(await settledOf(a.id)).toBe(12_300);
    const after = (await call('GET', '/api/v1/billing/current-account?role=customer'))
      .json()
      .rows.find((r: { partyId: string }) => r.partyId === partyId);
    expect(after).toMatchObject({ open: -1_620, credits: 1_620, openDocuments: 0 });
    const statement = (await call('GET', `/api/v1/billing/current-account/${partyId}`)).json();
    expect(statement.closingBalance).toBe(-1_620);
    expect(statement.entries.map((e: { balance: number }) => e.balance)).toEqual([
      12_300, 9_840, 7_380, -1_620,
    ]);
    expect(statement.openItems).toMatchObject([{ documentType: 'NC', open: -1_620 }]);
  });

  it('ages open amounts by due date into the five buckets (hand-worked)', async () => {
    const partyId = await newParty();
    // Invoices of 100.00 + 23 % = 123.00, due on different days; the account is read 100 days on.
    await invoice(partyId, 10_000, today); // 100 days overdue: > 90
    await invoice(partyId, 10_000, addDays(today, 20)); // 80 days: 61–90
    await invoice(partyId, 10_000, addDays(today, 39)); // 61 days: 61–90
    await invoice(partyId, 10_000, addDays(today, 40)); // 60 days: 31–60
    const partial = await invoice(partyId, 10_000, addDays(today, 70)); // 30 days: 1–30
    await invoice(partyId, 10_000, addDays(today, 100)); // due that day: not due
    await invoice(partyId, 10_000, addDays(today, 130)); // not due
    await pay(partyId, [{ documentId: partial.id, amount: 2_300 }]); // leaves 100.00 open
    const asOf = addDays(today, 100);
    const account = (await call('GET', `/api/v1/billing/current-account?role=customer&asOf=${asOf}`)).json();
    const row = account.rows.find((r: { partyId: string }) => r.partyId === partyId);
    expect(row).toEqual({
      partyId,
      partyName: expect.any(String),
      taxId: expect.any(String),
      currency: 'EUR',
      notDue: 24_600,
      days1to30: 10_000,
      days31to60: 12_300,
      days61to90: 24_600,
      over90: 12_300,
      credits: 0,
      overdue: 59_200,
      open: 83_800,
      oldestDueDate: today,
      openDocuments: 7,
    });
    const totals = account.totals.find((r: { currency: string }) => r.currency === 'EUR');
    const sum = account.rows
      .filter((r: { currency: string }) => r.currency === 'EUR')
      .reduce((total: number, r: { open: number }) => total + r.open, 0);
    expect(totals.open).toBe(sum);
    // Before the payment date nothing of it counts; before the invoices, nothing at all.
    const earlier = (
      await call('GET', `/api/v1/billing/current-account?role=customer&asOf=${addDays(today, -1)}`)
    ).json();
    expect(earlier.rows.some((r: { partyId: string }) => r.partyId === partyId)).toBe(false);
  });

  it('e-mails a reminder with the open items in the customer language', async () => {
    const partyId = await newParty({ email: 'contabilidade@cliente.example', language: 'pt' });
    const a = await invoice(partyId, 10_000);
    const sent = await call('POST', `/api/v1/billing/current-account/${partyId}/reminder`, {});
    expect(sent.json()).toEqual({ sentTo: 'contabilidade@cliente.example', open: 12_300, items: 1 });
    const mail = (await t.outbox()).find((m) => m.to === 'contabilidade@cliente.example');
    expect(mail?.subject).toContain('documentos por liquidar');
    expect(mail?.text).toContain('123,00 EUR');
    await pay(partyId, [{ documentId: a.id, amount: 12_300 }]);
    const nothing = await call('POST', `/api/v1/billing/current-account/${partyId}/reminder`, {});
    expect(nothing.json().code).toBe('NOTHING_TO_REMIND');
    const noEmail = await newParty();
    await invoice(noEmail, 1_000);
    expect((await call('POST', `/api/v1/billing/current-account/${noEmail}/reminder`, {})).json().code).toBe(
      'PARTY_EMAIL_MISSING',
    );
  });

  it('prints the statement as a PDF in the party language, with its figures', async () => {
    const partyId = await newParty({ language: 'pt' });
    const a = await invoice(partyId, 10_000);
    await invoice(partyId, 5_000);
    await pay(partyId, [{ documentId: a.id, amount: 2_300 }]);
    const response = await t.call({
      method: 'GET',
      url: `/api/v1/billing/current-account/${partyId}/statement.pdf`,
      token: owner,
      orgId,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/pdf');
    expect(response.headers['content-disposition']).toContain('attachment');
    const text = await pdfText(response.rawPayload);
    expect(text).toContain('Extrato de conta corrente');
    expect(text).toContain('FT PAGFT/');
    // 123,00 + 61,50 − 23,00 = 161,50 still open.
    expect(text).toContain('161,50');
    const foreign = await t.call({
      method: 'GET',
      url: `/api/v1/billing/current-account/${partyId}/statement.pdf`,
      token: kwanzaOwner,
      orgId: kwanzaOrg,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it("never reaches another organization's documents, movements or accounts", async () => {
    const partyId = await newParty();
    const a = await invoice(partyId, 10_000);
    const incoming = await movement(7_700);
    const stranger = (method: Method, url: string, payload?: object) =>
      call(method, url, payload, kwanzaOwner, kwanzaOrg);
    expect(
      (
        await stranger('POST', `/api/v1/billing/documents/${a.id}/payments`, {
          paymentDate: today,
          method: 'NU',
          amount: 100,
        })
      ).statusCode,
    ).toBe(404);
    const foreignParty = await stranger('POST', '/api/v1/billing/payments', {
      direction: 'in',
      partyId,
      paymentDate: today,
      method: 'NU',
      amount: 100,
      allocations: [{ documentId: a.id, amount: 100 }],
    });
    expect(foreignParty.statusCode).toBe(404);
    expect((await stranger('GET', `/api/v1/billing/current-account/${partyId}`)).statusCode).toBe(404);
    expect((await stranger('GET', `/api/v1/billing/payments?partyId=${partyId}`)).json()).toEqual([]);
    const theirs = (await stranger('GET', '/api/v1/billing/current-account?role=customer')).json();
    expect(theirs.rows.some((r: { partyId: string }) => r.partyId === partyId)).toBe(false);
    const candidates = (
      await stranger('GET', '/api/v1/billing/payments/movement-candidates?amount=7700')
    ).json();
    expect(candidates.some((c: { id: string }) => c.id === incoming)).toBe(false);
    expect(
      (await stranger('POST', `/api/v1/billing/current-account/${partyId}/reminder`, {})).statusCode,
    ).toBe(404);
    expect(await settledOf(a.id)).toBe(0);
  });
});

describe('settlement invariants', () => {
  it('lets exactly one of two payments racing for the same open amount win', async () => {
    const partyId = await newParty();
    const a = await invoice(partyId, 10_000);
    const results = await Promise.all([
      pay(partyId, [{ documentId: a.id, amount: 12_300 }]),
      pay(partyId, [{ documentId: a.id, amount: 12_300 }]),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.statusCode === 409)?.json().code).toBe('PAYMENT_EXCEEDS_OPEN_AMOUNT');
    expect(await settledOf(a.id)).toBe(12_300);
  });

  it('never lets settled exceed payable, whatever payments and cancellations come', async () => {
    const partyId = await newParty();
    const docs = [await invoice(partyId, 1_000), await invoice(partyId, 2_000)];
    const runs = TEST_DATABASE_KIND === 'postgres' ? 12 : 8;
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            fc.record({
              kind: fc.constant('pay' as const),
              amounts: fc.tuple(fc.integer({ min: 0, max: 2_000 }), fc.integer({ min: 0, max: 3_000 })),
            }),
            fc.record({ kind: fc.constant('cancel' as const), index: fc.nat() }),
          ),
          { minLength: 1, maxLength: 5 },
        ),
        async (steps) => {
          const made: string[] = [];
          for (const step of steps) {
            if (step.kind === 'pay') {
              const allocations = docs
                .map((doc, i) => ({ documentId: doc.id, amount: step.amounts[i] as number }))
                .filter((a) => a.amount > 0);
              if (allocations.length === 0) continue;
              const response = await pay(partyId, allocations);
              expect([201, 409]).toContain(response.statusCode);
              if (response.statusCode === 201) made.push(response.json().id);
            } else if (made.length > 0) {
              const id = made.splice(step.index % made.length, 1)[0];
              expect(
                (await call('POST', `/api/v1/billing/payments/${id}/cancel`, { reason: 'Teste' })).statusCode,
              ).toBe(200);
            }
            const state = await rows<{ payable: string; settled: string; allocated: string }>(
              t.database.db,
              sql`SELECT d.gross_total - d.withholding AS payable, d.settled,
                         coalesce((SELECT sum(a.amount) FROM billing_payment_allocations a
                                   JOIN billing_payments p ON p.id = a.payment_id
                                   WHERE a.document_id = d.id AND p.cancelled_at IS NULL), 0) AS allocated
                  FROM billing_documents d WHERE d.id IN (${docs[0]!.id}, ${docs[1]!.id})`,
            );
            for (const row of state) {
              expect(Number(row.settled)).toBeLessThanOrEqual(Number(row.payable));
              expect(Number(row.settled)).toBeGreaterThanOrEqual(0);
              expect(Number(row.settled)).toBe(Number(row.allocated));
            }
          }
          for (const id of made)
            await call('POST', `/api/v1/billing/payments/${id}/cancel`, { reason: 'Limpeza' });
        },
      ),
      { numRuns: runs },
    );
  }, 120_000);
});
