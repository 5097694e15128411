import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../../db/client.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
let owner: string;
let orgId: string;
let kwanzaOwner: string;
let kwanzaOrg: string;
let productId: string;
let invoiceSeries: string;
let creditSeries: string;
let bankAccount: string;
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

function nextNif(): string {
  nifCounter += 1;
  const body = `5${String(20_000_00 + nifCounter * 7919).padStart(7, '0')}`.slice(0, 8);
  const sum = [...body].reduce((total, digit, index) => total + Number(digit) * (9 - index), 0);
  const rest = sum % 11;
  return `${body}${rest < 2 ? 0 : 11 - rest}`;
}

async function newParty(extra: object = {}): Promise<{ id: string; taxId: string }> {
  const taxId = nextNif();
  const response = await call('POST', '/api/v1/billing/parties', {
    name: `Conciliações ${nifCounter} Lda`,
    taxId,
    country: 'PT',
    ...extra,
  });
  expect(response.statusCode).toBe(201);
  return { id: response.json().id, taxId };
}

/** An issued invoice whose gross total is `gross` (exempt product, so gross = net). */
async function invoice(partyId: string, gross: number, dueDate = today) {
  const response = await call('POST', '/api/v1/billing/documents', {
    seriesId: invoiceSeries,
    partyId,
    documentDate: today,
    dueDate,
    issue: true,
    lines: [{ productId, quantity: 1000, unitPrice: gross * 100 }],
  });
  expect(response.statusCode).toBe(201);
  const body = response.json();
  expect(body.payable).toBe(gross);
  return { id: body.id as string, number: body.documentNumber as string, atcud: body.atcud as string };
}

async function movement(amount: number, fields: Record<string, string> = {}, account = bankAccount) {
  const response = await call('POST', '/api/v1/treasury/transactions', {
    accountId: account,
    bookingDate: today,
    amount,
    description: fields.description ?? `Transferência ${amount}`,
  });
  expect(response.statusCode).toBe(201);
  const id = response.json().id as string;
  await t.database.db.execute(sql`UPDATE treasury_transactions SET
      counterparty_name = ${fields.counterpartyName ?? null}, counterparty_iban = ${fields.counterpartyIban ?? null},
      remittance_info = ${fields.remittanceInfo ?? null}, end_to_end_id = ${fields.endToEndId ?? null}
      WHERE id = ${id}`);
  return id;
}

async function purchase(partyId: string, gross: number, number: string) {
  const [row] = await rows<{ id: string }>(
    t.database.db,
    sql`INSERT INTO billing_purchases (organization_id, party_id, document_type, document_number, document_date,
          due_date, currency, net_total, tax_payable, gross_total, state)
        VALUES (${orgId}, ${partyId}, 'FT', ${number}, ${today}, ${today}, 'EUR', ${gross}, 0, ${gross}, 'open')
        RETURNING id`,
  );
  return row!.id;
}

const queue = async (account = bankAccount) => {
  const response = await call(
    'GET',
    `/api/v1/accounting/reconciliation/suggestions?accountId=${account}&limit=100`,
  );
  expect(response.statusCode).toBe(200);
  return response.json() as {
    items: {
      id: string;
      open: number;
      suggestions: {
        candidate: { kind: string; id: string; open: number };
        score: number;
        reasons: { code: string }[];
        ruleId: string | null;
      }[];
    }[];
    progress: { movements: number; reconciled: number };
  };
};
type Queue = Awaited<ReturnType<typeof queue>>;
/** The movement in the queue (every page read), or undefined when it is reconciled. */
async function queued(id: string): Promise<Queue['items'][number] | undefined> {
  let cursor: string | null = null;
  do {
    const response = await call(
      'GET',
      `/api/v1/accounting/reconciliation/suggestions?accountId=${bankAccount}&limit=100${cursor ? `&cursor=${cursor}` : ''}`,
    );
    const page = response.json() as Queue & { nextCursor: string | null };
    const found = page.items.find((item) => item.id === id);
    if (found) return found;
    cursor = page.nextCursor;
  } while (cursor);
  return undefined;
}
const settledOf = async (id: string) =>
  (await call('GET', `/api/v1/billing/documents/${id}`)).json().settled as number;
const confirm = (body: object, key = randomUUID()) =>
  call('POST', '/api/v1/accounting/reconciliation/matches', body, owner, orgId, key);
const matchCount = async () =>
  Number(
    (await rows<{ n: string }>(t.database.db, sql`SELECT count(*) AS n FROM accounting_reconciliations`))[0]!
      .n,
  );

beforeAll(async () => {
  t = await createTestApp({ demoBilling: false });
  owner = await t.signin('demo@fluxo.example');
  orgId = await orgOf('Fluxo Demo, Lda');
  kwanzaOwner = await t.signin('ao.owner@fluxo.example');
  kwanzaOrg = await orgOf('Kwanza Comércio, Lda');
  today = new Date().toISOString().slice(0, 10);
  const product = await call('POST', '/api/v1/billing/products', {
    code: 'REC-SERV',
    description: 'Serviço isento',
    productType: 'S',
    unitPrice: 10_000,
    taxCode: 'ISE',
    exemptionCode: 'M07',
  });
  expect(product.statusCode).toBe(201);
  productId = product.json().id;
  const series = async (documentType: string, code: string) => {
    const response = await call('POST', '/api/v1/billing/series', {
      documentType,
      code,
      seriesType: 'F',
      validationCode: `AB${code}`.slice(0, 8).padEnd(8, 'X'),
    });
    expect(response.statusCode).toBe(201);
    return response.json().id as string;
  };
  invoiceSeries = await series('FT', 'RECFT');
  creditSeries = await series('NC', 'RECNC');
  await series('RG', 'RECRG');
  const account = await call('POST', '/api/v1/treasury/accounts', {
    kind: 'cash',
    currency: 'EUR',
    name: 'Conta a conciliar',
    openingDate: today,
  });
  expect(account.statusCode).toBe(201);
  bankAccount = account.json().id;
});
afterAll(() => t.close());

describe('suggestions', () => {
  it('ranks the invoice the remittance names first, with its reasons, and lists the account', async () => {
    const party = await newParty({ iban: 'PT50000201231234567890154' });
    const named = await invoice(party.id, 12_300);
    const other = await invoice(party.id, 12_300);
    const id = await movement(12_300, {
      remittanceInfo: `Pagamento ${named.number}`,
      counterpartyName: 'Conciliações Lda',
      counterpartyIban: 'PT50 0002 0123 1234 5678 9015 4',
    });
    const item = await queued(id);
    expect(item?.open).toBe(12_300);
    const [best, second] = item!.suggestions;
    expect(best?.candidate).toMatchObject({ kind: 'document', id: named.id, open: 12_300 });
    expect(best?.reasons.map((r) => r.code)).toEqual(
      expect.arrayContaining(['document_number', 'exact_amount', 'counterparty_iban', 'due_date_window']),
    );
    expect(second?.candidate.id).toBe(other.id);
    expect(best!.score).toBeGreaterThan(second!.score);
    const accounts = await call('GET', '/api/v1/accounting/reconciliation/accounts');
    expect(accounts.json().find((a: { id: string }) => a.id === bankAccount).unreconciled).toBeGreaterThan(0);
  });

  it('finds the invoice by its ATCUD in the text and a supplier invoice by its number', async () => {
    const party = await newParty();
    const doc = await invoice(party.id, 4_560);
    const id = await movement(4_999, { description: `TRF ${doc.atcud}` });
    const item = await queued(id);
    const suggestion = item!.suggestions.find((s) => s.candidate.id === doc.id);
    expect(suggestion?.reasons.map((r) => r.code)).toEqual(expect.arrayContaining(['atcud']));

    const supplier = await newParty({ isSupplier: true, isCustomer: false });
    const bought = await purchase(supplier.id, 8_800, 'FT FORN/77');
    const out = await movement(-8_800, { remittanceInfo: 'FT FORN/77' });
    const outItem = await queued(out);
    expect(outItem!.suggestions[0]?.candidate).toMatchObject({ kind: 'purchase', id: bought });
  });

  it('does not offer a rejected suggestion again', async () => {
    const party = await newParty();
    const doc = await invoice(party.id, 3_210);
    const id = await movement(3_210);
    expect((await queued(id))!.suggestions.some((s) => s.candidate.id === doc.id)).toBe(true);
    const rejected = await call('POST', '/api/v1/accounting/reconciliation/rejections', {
      transactionId: id,
      kind: 'document',
      id: doc.id,
    });
    expect(rejected.statusCode).toBe(201);
    expect((await queued(id))!.suggestions.some((s) => s.candidate.id === doc.id)).toBe(false);
  });
});

describe('confirming and undoing', () => {
  it('confirms a suggestion: the invoice is settled by a receipt on the movement; undo gives it back', async () => {
    const party = await newParty();
    const doc = await invoice(party.id, 5_000);
    const id = await movement(5_000, { remittanceInfo: doc.number });
    const key = randomUUID();
    const confirmed = await confirm(
      { transactionIds: [id], targets: [{ kind: 'document', id: doc.id, amount: 5_000 }], score: 60 },
      key,
    );
    expect(confirmed.statusCode).toBe(201);
    const match = confirmed.json();
    expect(match.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'movement', id, amount: 5_000 }),
        expect.objectContaining({ kind: 'document', id: doc.id, amount: 5_000 }),
      ]),
    );
    // The same key answers the same match, and settles nothing twice.
    const replay = await confirm(
      { transactionIds: [id], targets: [{ kind: 'document', id: doc.id, amount: 5_000 }], score: 60 },
      key,
    );
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(await settledOf(doc.id)).toBe(5_000);
    expect(await queued(id)).toBeUndefined();
    const [payment] = await rows<{ transaction_id: string; receipt_id: string }>(
      t.database.db,
      sql`SELECT transaction_id, receipt_id FROM billing_payments WHERE id = ${match.items.find((i: { kind: string }) => i.kind === 'document').paymentId}`,
    );
    expect(payment).toMatchObject({ transaction_id: id });
    const events = await rows<{ n: string }>(
      t.database.db,
      sql`SELECT count(*) AS n FROM realtime_messages WHERE type = 'UPDATE_TRANSACTION' AND data->>'TransactionId' = ${id}`,
    );
    expect(Number(events[0]!.n)).toBeGreaterThan(0);

    const listed = await call('GET', `/api/v1/accounting/reconciliation/movements/${id}/matches`);
    expect(listed.json()[0].id).toBe(match.id);
    const undone = await call('POST', `/api/v1/accounting/reconciliation/matches/${match.id}/undo`);
    expect(undone.statusCode).toBe(200);
    expect(undone.json().undone).toBe(true);
    expect(await settledOf(doc.id)).toBe(0);
    const [receipt] = await rows<{ status: string }>(
      t.database.db,
      sql`SELECT status FROM billing_documents WHERE id = ${payment!.receipt_id}`,
    );
    expect(receipt?.status).toBe('A');
    expect((await queued(id))?.open).toBe(5_000);
    const again = await call('POST', `/api/v1/accounting/reconciliation/matches/${match.id}/undo`);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('RECONCILIATION_ALREADY_UNDONE');
  });

  it('splits one movement across two invoices of two customers', async () => {
    const a = await newParty();
    const b = await newParty();
    const first = await invoice(a.id, 1_000);
    const second = await invoice(b.id, 2_500);
    const id = await movement(3_500);
    const response = await confirm({
      transactionIds: [id],
      targets: [
        { kind: 'document', id: first.id, amount: 1_000 },
        { kind: 'document', id: second.id, amount: 2_500 },
      ],
    });
    expect(response.statusCode).toBe(201);
    expect(await settledOf(first.id)).toBe(1_000);
    expect(await settledOf(second.id)).toBe(2_500);
    expect(await queued(id)).toBeUndefined();
  });

  it('settles one invoice from two movements, and a partial match leaves the rest in the queue', async () => {
    const party = await newParty();
    const doc = await invoice(party.id, 10_000);
    const m1 = await movement(4_000);
    const m2 = await movement(6_000);
    const response = await confirm({
      transactionIds: [m1, m2],
      targets: [{ kind: 'document', id: doc.id, amount: 10_000 }],
    });
    expect(response.statusCode).toBe(201);
    expect(await settledOf(doc.id)).toBe(10_000);
    const payments = await rows<{ transaction_id: string; amount: string }>(
      t.database.db,
      sql`SELECT p.transaction_id, p.amount FROM billing_payments p
          JOIN billing_payment_allocations a ON a.payment_id = p.id WHERE a.document_id = ${doc.id} ORDER BY p.amount`,
    );
    expect(payments.map((p) => [p.transaction_id, Number(p.amount)])).toEqual([
      [m1, 4_000],
      [m2, 6_000],
    ]);

    const small = await invoice(party.id, 700);
    const big = await movement(1_000);
    expect(
      (await confirm({ transactionIds: [big], targets: [{ kind: 'document', id: small.id, amount: 700 }] }))
        .statusCode,
    ).toBe(201);
    expect((await queued(big))?.open).toBe(300);
  });

  it('writes a bank fee off to the chosen account, posting it to the bank journal; undo reverses it', async () => {
    const accounts = await call('GET', '/api/v1/accounting/reconciliation/write-off-accounts');
    const fees = accounts.json().find((a: { code: string }) => a.code === '6988');
    expect(fees).toBeDefined();
    const party = await newParty();
    const doc = await invoice(party.id, 10_000);
    const id = await movement(9_950);
    const tooBig = await confirm({
      transactionIds: [id],
      targets: [{ kind: 'document', id: doc.id, amount: 10_000 }],
      writeOff: { accountId: fees.id, amount: -5_000 },
    });
    expect(tooBig.statusCode).toBe(400);
    const unbalanced = await confirm({
      transactionIds: [id],
      targets: [{ kind: 'document', id: doc.id, amount: 10_000 }],
    });
    expect(unbalanced.json()).toMatchObject({
      code: 'RECONCILIATION_UNBALANCED',
      messageKey: 'ERRORS.RECONCILIATION_UNBALANCED',
    });
    const response = await confirm({
      transactionIds: [id],
      targets: [{ kind: 'document', id: doc.id, amount: 10_000 }],
      writeOff: { accountId: fees.id, amount: -50 },
    });
    expect(response.statusCode).toBe(201);
    const match = response.json();
    expect(match.writeOff).toBe(-50);
    expect(await settledOf(doc.id)).toBe(10_000);
    expect(await queued(id)).toBeUndefined();
    const lines = await rows<{ code: string; debit: string; credit: string; kind: string }>(
      t.database.db,
      sql`SELECT a.code, l.debit, l.credit, j.kind FROM accounting_entry_lines l
          JOIN accounting_accounts a ON a.id = l.account_id JOIN accounting_entries e ON e.id = l.entry_id
          JOIN accounting_journals j ON j.id = e.journal_id
          WHERE l.entry_id = ${match.entryId} ORDER BY l.position`,
    );
    // The money side is the treasury account's own sub-account (11 cash, 12 deposits) once automatic posting
    // has opened one, as posting uses it.
    const [own] = await rows<{ code: string }>(
      t.database.db,
      sql`SELECT code FROM accounting_accounts WHERE treasury_account_id = ${bankAccount} AND grouping_category = 'GM'`,
    );
    expect(lines.map((l) => [l.code, Number(l.debit), Number(l.credit), l.kind])).toEqual([
      ['6988', 50, 0, 'bank'],
      [own?.code ?? '12', 0, 50, 'bank'],
    ]);
    const undone = await call('POST', `/api/v1/accounting/reconciliation/matches/${match.id}/undo`);
    expect(undone.statusCode).toBe(200);
    const [reversal] = await rows<{ n: string }>(
      t.database.db,
      sql`SELECT count(*) AS n FROM accounting_entries WHERE reverses_entry_id = ${match.entryId}`,
    );
    expect(Number(reversal!.n)).toBe(1);
    expect(await settledOf(doc.id)).toBe(0);
  });

  it('pays a supplier invoice from an outgoing movement', async () => {
    const supplier = await newParty({ isSupplier: true, isCustomer: false });
    const bought = await purchase(supplier.id, 2_000, 'FT SUP/1');
    const id = await movement(-2_000);
    const response = await confirm({
      transactionIds: [id],
      targets: [{ kind: 'purchase', id: bought, amount: 2_000 }],
    });
    expect(response.statusCode).toBe(201);
    const [row] = await rows<{ settled: string }>(
      t.database.db,
      sql`SELECT settled FROM billing_purchases WHERE id = ${bought}`,
    );
    expect(Number(row!.settled)).toBe(2_000);
    const wrongWay = await confirm({
      transactionIds: [await movement(-1_000)],
      targets: [{ kind: 'document', id: (await invoice(supplier.id, 1_000)).id, amount: 1_000 }],
    });
    expect(wrongWay.json().code).toBe('RECONCILIATION_NOT_OPEN');
  });

  it('links a receipt recorded without its movement, and unlinks it on undo', async () => {
    const party = await newParty();
    const doc = await invoice(party.id, 1_234);
    const paid = await call('POST', '/api/v1/billing/payments', {
      direction: 'in',
      partyId: party.id,
      paymentDate: today,
      method: 'TB',
      amount: 1_234,
      allocations: [{ documentId: doc.id, amount: 1_234 }],
    });
    expect(paid.statusCode).toBe(201);
    const paymentId = paid.json().id;
    const id = await movement(1_234);
    const suggestion = (await queued(id))!.suggestions.find((s) => s.candidate.kind === 'receipt');
    expect(suggestion?.candidate.id).toBe(paymentId);
    const response = await confirm({
      transactionIds: [id],
      targets: [{ kind: 'receipt', id: paymentId, amount: 1_234 }],
    });
    expect(response.statusCode).toBe(201);
    const link = async () =>
      (
        await rows<{ transaction_id: string | null }>(
          t.database.db,
          sql`SELECT transaction_id FROM billing_payments WHERE id = ${paymentId}`,
        )
      )[0]!.transaction_id;
    expect(await link()).toBe(id);
    await call('POST', `/api/v1/accounting/reconciliation/matches/${response.json().id}/undo`);
    expect(await link()).toBeNull();
    expect(await settledOf(doc.id)).toBe(1_234);
  });

  it('keeps the match when the invoice is credited afterwards, and undo stays consistent', async () => {
    const party = await newParty();
    const doc = await invoice(party.id, 10_000);
    const id = await movement(6_000);
    const match = (
      await confirm({ transactionIds: [id], targets: [{ kind: 'document', id: doc.id, amount: 6_000 }] })
    ).json();
    const credit = await call('POST', '/api/v1/billing/documents', {
      seriesId: creditSeries,
      partyId: party.id,
      documentDate: today,
      referenceDocumentId: doc.id,
      reason: 'Desconto',
      issue: true,
      lines: [{ productId, quantity: 1000, unitPrice: 4_000 * 100 }],
    });
    expect(credit.statusCode).toBe(201);
    expect(await settledOf(doc.id)).toBe(10_000);
    const kept = await call('GET', `/api/v1/accounting/reconciliation/movements/${id}/matches`);
    expect(kept.json()[0]).toMatchObject({ id: match.id, undone: false });
    expect(await queued(id)).toBeUndefined();
    // Undoing the match gives back only what the receipt settled; the credit note still stands.
    await call('POST', `/api/v1/accounting/reconciliation/matches/${match.id}/undo`);
    expect(await settledOf(doc.id)).toBe(4_000);
  });
});

describe('rules', () => {
  it('puts the rule’s party first and confirms exact matches when asked', async () => {
    const party = await newParty();
    const iban = 'PT50000201231234567890999';
    const doc = await invoice(party.id, 7_770);
    await invoice((await newParty()).id, 7_770);
    const id = await movement(7_770, { counterpartyIban: iban });
    const created = await call('POST', '/api/v1/accounting/reconciliation/rules', {
      counterpartyIban: 'pt50 0002 0123 1234 5678 9099 9',
      partyId: party.id,
    });
    expect(created.statusCode).toBe(201);
    const ruleId = created.json().rule.id;
    const best = (await queued(id))!.suggestions[0];
    expect(best).toMatchObject({ ruleId, candidate: { id: doc.id } });
    expect(best!.reasons[0]!.code).toBe('rule');
    const listed = await call('GET', '/api/v1/accounting/reconciliation/rules');
    expect(listed.json().map((r: { id: string }) => r.id)).toContain(ruleId);
    const applied = await call('POST', `/api/v1/accounting/reconciliation/rules/${ruleId}/apply`);
    expect(applied.json()).toEqual({ confirmed: 1 });
    expect(await settledOf(doc.id)).toBe(7_770);
    const auto = await call('POST', '/api/v1/accounting/reconciliation/rules', {
      textContains: 'avença mensal',
      partyId: party.id,
      autoConfirm: true,
    });
    expect(auto.json().confirmed).toBe(0);
    const deleted = await call('DELETE', `/api/v1/accounting/reconciliation/rules/${ruleId}`);
    expect(deleted.json()).toEqual({ deleted: true });
  });
});

describe('isolation and bad input', () => {
  it('never reaches another organization’s movements, documents, matches or rules', async () => {
    const party = await newParty();
    const doc = await invoice(party.id, 999);
    const id = await movement(999);
    const other = (url: string, payload?: object, method: Method = payload ? 'POST' : 'GET') =>
      call(method, url, payload, kwanzaOwner, kwanzaOrg);
    expect(
      (await other(`/api/v1/accounting/reconciliation/suggestions?accountId=${bankAccount}`)).statusCode,
    ).toBe(404);
    expect((await other(`/api/v1/accounting/reconciliation/candidates?transactionId=${id}`)).statusCode).toBe(
      404,
    );
    const accounts = (await other('/api/v1/accounting/reconciliation/accounts')).json();
    expect(accounts.some((a: { id: string }) => a.id === bankAccount)).toBe(false);
    const before = await matchCount();
    const stolen = await other('/api/v1/accounting/reconciliation/matches', {
      transactionIds: [id],
      targets: [{ kind: 'document', id: doc.id, amount: 999 }],
    });
    expect(stolen.statusCode).toBe(404);
    expect(
      (
        await other(`/api/v1/accounting/reconciliation/rejections`, {
          transactionId: id,
          kind: 'document',
          id: doc.id,
        })
      ).statusCode,
    ).toBe(404);
    const mine = (
      await confirm({ transactionIds: [id], targets: [{ kind: 'document', id: doc.id, amount: 999 }] })
    ).json();
    expect((await other(`/api/v1/accounting/reconciliation/matches/${mine.id}/undo`, {})).statusCode).toBe(
      404,
    );
    expect(
      (
        await other(`/api/v1/accounting/reconciliation/rules`, {
          textContains: 'qualquer',
          partyId: party.id,
        })
      ).statusCode,
    ).toBe(404);
    expect(await matchCount()).toBe(before + 1);
  });

  it('answers bad input with a translated 4xx and changes nothing', async () => {
    const party = await newParty();
    const doc = await invoice(party.id, 800);
    const id = await movement(800);
    const before = await matchCount();
    const bad = [
      { transactionIds: [], targets: [{ kind: 'document', id: doc.id, amount: 800 }] },
      { transactionIds: [id], targets: [{ kind: 'nothing', id: doc.id, amount: 800 }] },
      { transactionIds: [id], targets: [{ kind: 'document', id: doc.id, amount: -5 }] },
      { transactionIds: ['not-a-uuid'], targets: [] },
      { transactionIds: [id], targets: [{ kind: 'document', id: doc.id, amount: 900 }] },
      { transactionIds: [id, id], targets: [{ kind: 'document', id: doc.id, amount: 800 }] },
      { transactionIds: [id], targets: [{ kind: 'document', id: randomUUID(), amount: 800 }] },
    ];
    for (const body of bad) {
      const response = await confirm(body);
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(response.json().messageKey).toMatch(/^ERRORS\./);
    }
    const noKey = await t.call({
      method: 'POST',
      url: '/api/v1/accounting/reconciliation/matches',
      token: owner,
      orgId,
      payload: { transactionIds: [id], targets: [{ kind: 'document', id: doc.id, amount: 800 }] },
    });
    expect(noKey.statusCode).toBe(400);
    const badRule = await call('POST', '/api/v1/accounting/reconciliation/rules', { partyId: party.id });
    expect(badRule.statusCode).toBe(400);
    const badCursor = await call(
      'GET',
      `/api/v1/accounting/reconciliation/suggestions?accountId=${bankAccount}&cursor=xyz`,
    );
    expect(badCursor.statusCode).toBe(400);
    expect(await matchCount()).toBe(before);
    expect(await settledOf(doc.id)).toBe(0);
  });
});

describe('property: a confirmed match settles exactly what it claims', () => {
  it('sum of items = amounts settled, no document beyond its total, undo restores', async () => {
    const party = await newParty();
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 1, max: 5_000 }), { minLength: 1, maxLength: 3 }),
        fc.array(fc.integer({ min: 1, max: 5_000 }), { minLength: 1, maxLength: 3 }),
        fc.integer({ min: -60, max: 60 }),
        async (documentTotals, movementAmounts, fee) => {
          const docs = [];
          for (const gross of documentTotals) docs.push({ ...(await invoice(party.id, gross)), gross });
          const movements = [];
          for (const amount of movementAmounts) movements.push(await movement(amount));
          const available = movementAmounts.reduce((a, b) => a + b, 0);
          // Settle the documents in order with what the movements hold (less a fee or more), as far as it goes.
          let budget = available - fee;
          const targets = [];
          for (const doc of docs) {
            const take = Math.min(doc.gross, budget);
            if (take <= 0) break;
            targets.push({ kind: 'document', id: doc.id, amount: take });
            budget -= take;
          }
          if (targets.length === 0) return;
          const settledTotal = targets.reduce((a, b) => a + b.amount, 0);
          const writeOff = Math.min(available, settledTotal + fee) - settledTotal;
          const fees = (await call('GET', '/api/v1/accounting/reconciliation/write-off-accounts'))
            .json()
            .find((a: { code: string }) => a.code === '6988');
          const response = await confirm({
            transactionIds: movements,
            targets,
            ...(writeOff !== 0 ? { writeOff: { accountId: fees.id, amount: writeOff } } : {}),
          });
          if (response.statusCode !== 201) {
            // Only a movement left unused or a write-off too large may be refused; nothing is written then.
            expect(['RECONCILIATION_UNBALANCED', 'RECONCILIATION_WRITE_OFF_TOO_LARGE']).toContain(
              response.json().code,
            );
            for (const doc of docs) expect(await settledOf(doc.id)).toBe(0);
            return;
          }
          const match = response.json() as {
            id: string;
            items: { kind: string; id: string; amount: number }[];
          };
          const movementSide = match.items
            .filter((i) => i.kind === 'movement')
            .reduce((a, b) => a + b.amount, 0);
          const documentSide = match.items
            .filter((i) => i.kind === 'document')
            .reduce((a, b) => a + b.amount, 0);
          expect(documentSide).toBe(settledTotal);
          expect(movementSide).toBe(settledTotal + writeOff);
          expect(movementSide).toBeLessThanOrEqual(available);
          for (const doc of docs) {
            const settled = await settledOf(doc.id);
            const claimed = match.items.filter((i) => i.id === doc.id).reduce((a, b) => a + b.amount, 0);
            expect(settled).toBe(claimed);
            expect(settled).toBeLessThanOrEqual(doc.gross);
          }
          const undo = await call('POST', `/api/v1/accounting/reconciliation/matches/${match.id}/undo`);
          expect(undo.statusCode).toBe(200);
          for (const doc of docs) expect(await settledOf(doc.id)).toBe(0);
          for (const [index, id] of movements.entries())
            expect((await queued(id))?.open).toBe(movementAmounts[index]);
        },
      ),
      { numRuns: 12 },
    );
  }, 240_000);
});
