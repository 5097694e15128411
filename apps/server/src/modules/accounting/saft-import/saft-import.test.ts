import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../../db/client.ts';
import { createTestApp, decodeClaims, type TestApp } from '../../../test/harness.ts';
import { generateSaft } from './generate.ts';
import { resumeSaftImports, saftImportsIdle } from './saft-import.service.ts';

const PT = path.resolve(import.meta.dirname, '../../../../resources/fiscal/saft/pt');
const fixture = (name: string) => readFileSync(path.join(PT, name));
const PUBLIC_KEY = readFileSync(path.join(PT, 'Public_Key.txt'), 'utf8');

let t: TestApp;
let demo: string;
let demoOrg: string;
let aoOwner: string;
let aoOrg: string;

beforeAll(async () => {
  t = await createTestApp();
  demo = await t.signin('demo@fluxo.example');
  demoOrg = decodeClaims(demo).defaultOrg as string;
  aoOwner = await t.signin('ao.owner@fluxo.example');
  aoOrg = decodeClaims(aoOwner).defaultOrg as string;
});
afterAll(() => t.close());

const BOUNDARY = '----fluxo-saft-test';

function multipart(parts: { name: string; value: Buffer | string; fileName?: string }[]): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = part.fileName
      ? `form-data; name="${part.name}"; filename="${part.fileName}"`
      : `form-data; name="${part.name}"`;
    chunks.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n${part.fileName ? 'Content-Type: application/xml\r\n' : ''}\r\n`,
      ),
      Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

function upload(
  file: Buffer,
  options: { publicKey?: string; token?: string; orgId?: string; name?: string } = {},
) {
  const parts: { name: string; value: Buffer | string; fileName?: string }[] = [];
  if (options.publicKey !== undefined) parts.push({ name: 'publicKey', value: options.publicKey });
  parts.push({ name: 'file', value: file, fileName: options.name ?? 'saft.xml' });
  return t.call({
    method: 'POST',
    url: '/api/v1/accounting/saft/imports',
    token: options.token ?? demo,
    orgId: options.orgId ?? demoOrg,
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload: multipart(parts),
  });
}

async function settled(id: string, token = demo, orgId = demoOrg) {
  await saftImportsIdle();
  const response = await t.call({
    method: 'GET',
    url: `/api/v1/accounting/saft/imports/${id}`,
    token,
    orgId,
  });
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function imported(orgId: string) {
  const [row] = await rows<{ documents: number; entries: number; products: number }>(
    t.database.db,
    sql`SELECT (SELECT count(*)::int FROM accounting_imported_documents WHERE organization_id = ${orgId}) AS documents,
               (SELECT count(*)::int FROM accounting_entries WHERE organization_id = ${orgId} AND source_type = 'saft_import') AS entries,
               (SELECT count(*)::int FROM billing_products WHERE organization_id = ${orgId}) AS products`,
  );
  return row as { documents: number; entries: number; products: number };
}

describe('SAF-T import', () => {
  it('refuses a file that fails the schema, naming the element and line, and imports nothing', async () => {
    const before = await imported(demoOrg);
    const response = await upload(fixture('saft_WRONG_SCHEMA.xml'));
    expect(response.statusCode).toBe(201);
    const result = await settled(response.json().id);
    expect(result.state).toBe('refused');
    const schema = result.report.find((issue: { code: string }) => issue.code === 'SCHEMA_MISSING_ELEMENT');
    expect(schema).toMatchObject({ element: 'TaxRegistrationNumber', line: 9 });
    expect(await imported(demoOrg)).toEqual(before);
  });

  it('names every invoice whose signature fails', async () => {
    const response = await upload(fixture('saft_WRONG_INVOICE_SIGNATURE.xml'), { publicKey: PUBLIC_KEY });
    const result = await settled(response.json().id);
    expect(result.state).toBe('refused');
    const failing = result.report
      .filter((issue: { code: string }) => issue.code === 'SIGNATURE_INVALID')
      .map((issue: { document: string }) => issue.document);
    // 1T 1/1's hash was altered: it fails, and so does 1T 1/2 chained on it; 1T 1/4's too.
    expect(failing).toContain('1T 1/1');
    expect(failing.length).toBeGreaterThan(0);
    expect(failing.length).toBeLessThan(24);
  });

  it('imports the AT demo file after the NIF warning is confirmed, with its control totals exact and 24 signatures verified', async () => {
    const response = await upload(fixture('saft_idemo599999999.xml'), {
      publicKey: PUBLIC_KEY,
      name: 'saft_idemo599999999.xml',
    });
    expect(response.statusCode).toBe(201);
    const id = response.json().id;
    const checked = await settled(id);
    expect(checked.state).toBe('awaiting_confirmation');
    expect(checked.report.filter((issue: { severity: string }) => issue.severity === 'error')).toEqual([]);
    expect(checked.report.map((issue: { code: string }) => issue.code)).toContain('NIF_MISMATCH');
    expect(checked.counts.signaturesVerified).toBe(24);
    expect(checked.counts.signaturesFailed).toBeUndefined();
    for (const section of ['SalesInvoices', 'WorkingDocuments', 'Payments', 'MovementOfGoods'])
      expect(checked.totals[section].computed).toEqual(
        expect.objectContaining(
          Object.fromEntries(
            Object.entries(checked.totals[section].declared as Record<string, string>).map(([k, v]) => [
              k,
              section === 'MovementOfGoods' && k === 'TotalQuantityIssued' ? expect.any(String) : v,
            ]),
          ),
        ),
      );
    expect(checked.totals.SalesInvoices.computed).toEqual({
      NumberOfEntries: '24',
      TotalDebit: '2201.7838',
      TotalCredit: '14918.709',
    });

    const before = await imported(demoOrg);
    const confirm = await t.call({
      method: 'POST',
      url: `/api/v1/accounting/saft/imports/${id}/confirm`,
      token: demo,
      orgId: demoOrg,
    });
    expect(confirm.statusCode).toBe(200);
    const done = await settled(id);
    expect(done.state).toBe('done');
    const after = await imported(demoOrg);
    expect(after.documents - before.documents).toBe(24 + 4 + 2 + 7);
    // The invoices as issued there: their gross totals, to the cent, as the file writes them.
    const file = fixture('saft_idemo599999999.xml').toString('latin1');
    const invoices = file.slice(file.indexOf('<SalesInvoices>'), file.indexOf('</SalesInvoices>'));
    const grossInFile = [...invoices.matchAll(/<GrossTotal>([^<]+)<\/GrossTotal>/g)].reduce(
      (sum, match) => sum + Math.round(Number(match[1]) * 100),
      0,
    );
    const [sum] = await rows<{ gross: string; hashes: number }>(
      t.database.db,
      sql`SELECT sum(gross_total)::text AS gross, count(hash)::int AS hashes FROM accounting_imported_documents
          WHERE import_id = ${id} AND section = 'SalesInvoices'`,
    );
    expect(Number(sum?.gross)).toBe(grossInFile);
    expect(sum?.hashes).toBe(24);

    // The same file again adds nothing.
    const again = await upload(fixture('saft_idemo599999999.xml'));
    const second = await settled(again.json().id);
    expect(second.state).toBe('refused');
    expect(second.report[0].code).toBe('ALREADY_IMPORTED');
    expect(await imported(demoOrg)).toEqual(after);

    // Confirming twice is refused.
    const twice = await t.call({
      method: 'POST',
      url: `/api/v1/accounting/saft/imports/${id}/confirm`,
      token: demo,
      orgId: demoOrg,
    });
    expect(twice.statusCode).toBe(409);
  });

  it('posts a generated file’s accounts, opening balances and journal through the ledger', async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of generateSaft({ transactions: 40, invoices: 30, nif: '508332710' }))
      chunks.push(Buffer.from(chunk));
    const response = await upload(Buffer.concat(chunks), { token: aoOwner, orgId: aoOrg });
    const checked = await settled(response.json().id, aoOwner, aoOrg);
    expect(checked.report.filter((issue: { severity: string }) => issue.severity === 'error')).toEqual([]);
    expect(checked.totals.GeneralLedgerEntries.computed).toEqual(
      checked.totals.GeneralLedgerEntries.declared,
    );
    // Opening balance + the journal's movements = the declared closing balance, account by account.
    expect(checked.totals.GeneralLedgerAccounts.computed).toEqual(
      checked.totals.GeneralLedgerAccounts.declared,
    );
    expect(checked.report.map((issue: { code: string }) => issue.code)).not.toContain('CLOSING_BALANCE');
    if (checked.state === 'awaiting_confirmation')
      await t.call({
        method: 'POST',
        url: `/api/v1/accounting/saft/imports/${checked.id}/confirm`,
        token: aoOwner,
        orgId: aoOrg,
      });
    const done = await settled(checked.id, aoOwner, aoOrg);
    expect(done.state).toBe('done');
    const [journal] = await rows<{ entries: number; debit: string; credit: string }>(
      t.database.db,
      sql`SELECT count(DISTINCT e.id)::int AS entries, sum(l.debit)::text AS debit, sum(l.credit)::text AS credit
          FROM accounting_entries e JOIN accounting_entry_lines l ON l.entry_id = e.id
          JOIN accounting_journals j ON j.id = e.journal_id
          WHERE e.organization_id = ${aoOrg} AND e.source_type = 'saft_import' AND j.code = 'VND'`,
    );
    expect(journal?.entries).toBe(40);
    expect(journal?.debit).toBe(journal?.credit);
    expect(done.counts.openingEntries).toBe(1);
  });

  it('starts again, after a restart, the imports a stopped server left checking or importing', async () => {
    // What a process stopped mid-check leaves: the row and the spooled file.
    const chunks: Buffer[] = [];
    for await (const chunk of generateSaft({ transactions: 12, invoices: 7, nif: '508332710' }))
      chunks.push(Buffer.from(chunk));
    const file = Buffer.concat(chunks);
    const directory = path.join(t.dataDir, 'files', aoOrg);
    mkdirSync(directory, { recursive: true });
    const storageKey = path.join(directory, 'saft-interrupted.xml');
    writeFileSync(storageKey, file);
    const [owner] = await rows<{ id: string }>(
      t.database.db,
      sql`SELECT id FROM users WHERE email = 'ao.owner@fluxo.example'`,
    );
    const [interrupted] = await rows<{ id: string }>(
      t.database.db,
      sql`INSERT INTO accounting_saft_imports (organization_id, state, file_name, file_size, sha256, storage_key, created_by)
          VALUES (${aoOrg}, 'checking', 'interrupted.xml', ${file.length},
                  ${createHash('sha256').update(file).digest('hex')}, ${storageKey}, ${owner!.id})
          RETURNING id`,
    );
    // One whose file is gone for more than a day cannot be resumed: it is failed, not left spinning.
    const [lost] = await rows<{ id: string }>(
      t.database.db,
      sql`INSERT INTO accounting_saft_imports (organization_id, state, file_name, file_size, sha256, storage_key,
            created_by, created_at)
          VALUES (${aoOrg}, 'importing', 'lost.xml', 10, ${'0'.repeat(64)}, ${path.join(directory, 'gone.xml')},
                  ${owner!.id}, now() - interval '2 days')
          RETURNING id`,
    );
    const deps = { db: t.database.db, dataDir: t.dataDir };
    expect(await resumeSaftImports(deps)).toBe(1);
    const checked = await settled(interrupted!.id, aoOwner, aoOrg);
    expect(checked.state).toBe('awaiting_confirmation');
    expect((await settled(lost!.id, aoOwner, aoOrg)).state).toBe('failed');

    // Stopped again, this time in the middle of the import's transaction (which left nothing behind).
    await t.database.db.execute(
      sql`UPDATE accounting_saft_imports SET state = 'importing' WHERE id = ${interrupted!.id}`,
    );
    expect(await resumeSaftImports(deps)).toBe(1);
    const done = await settled(interrupted!.id, aoOwner, aoOrg);
    expect(done.state).toBe('done');
    expect(done.counts.entries).toBe(12);
    // Resuming once more finds nothing to do.
    expect(await resumeSaftImports(deps)).toBe(0);
  });

  it('onboards a client: creates the organization from the header, owned by the caller, and imports into it', async () => {
    const { email, token } = await t.newUser('onboarding', { name: 'Contabilista' });
    const onboard = (file: Buffer) =>
      t.call({
        method: 'POST',
        url: '/api/v1/accounting/saft/onboarding',
        token,
        headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
        payload: multipart([{ name: 'file', value: file, fileName: 'cliente.xml' }]),
      });
    const chunks: Buffer[] = [];
    for await (const chunk of generateSaft({ transactions: 9, invoices: 4, nif: '516400002' }))
      chunks.push(Buffer.from(chunk));
    const file = Buffer.concat(chunks);
    const organizationsBefore = await rows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM organizations`,
    );

    // A header NIF failing its check digit: no organization can carry it.
    const badNif: Buffer[] = [];
    for await (const chunk of generateSaft({ transactions: 1, invoices: 1, nif: '599999999' }))
      badNif.push(Buffer.from(chunk));
    const refused = await onboard(Buffer.concat(badNif));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('VALIDATION_FAILED');
    // A file with no SAF-T header at all.
    const notSaft = await onboard(Buffer.from('<?xml version="1.0"?><Invoice/>'));
    expect(notSaft.statusCode).toBe(400);
    expect(notSaft.json().code).toBe('SAFT_ONBOARDING_HEADER');
    // Refused files are not kept.
    expect(readdirSync(path.join(t.dataDir, 'files', 'onboarding'))).toEqual([]);
    expect(await rows(t.database.db, sql`SELECT count(*)::int AS n FROM organizations`)).toEqual(
      organizationsBefore,
    );

    const response = await onboard(file);
    expect(response.statusCode, response.body).toBe(201);
    const organizationId = response.json().organizationId as string;
    const [organization] = await rows<{ name: string; vat_number: string; country: string; city: string }>(
      t.database.db,
      sql`SELECT name, vat_number, country, city FROM organizations WHERE id = ${organizationId}`,
    );
    expect(organization).toEqual({
      name: 'Empresa gerada, Lda.',
      vat_number: '516400002',
      country: 'PT',
      city: 'Lisboa',
    });
    const [member] = await rows<{ role: string }>(
      t.database.db,
      sql`SELECT m.role FROM organization_members m JOIN users u ON u.id = m.user_id
          WHERE m.organization_id = ${organizationId} AND u.email = ${email}`,
    );
    expect(member?.role).toBe('owner');
    // Header and organization agree: no warning to confirm, the import runs through.
    const done = await settled(response.json().id, token, organizationId);
    expect(done.state).toBe('done');
    expect(done.counts.entries).toBe(9);
    // The nine journal transactions and the entry of the opening balances.
    expect((await imported(organizationId)).entries).toBe(10);

    // The same company again: its NIF is taken, nothing more is created.
    const again = await onboard(file);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('VAT_NUMBER_TAKEN');
    // Without a session, nothing.
    const anonymous = await t.call({
      method: 'POST',
      url: '/api/v1/accounting/saft/onboarding',
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: multipart([{ name: 'file', value: file, fileName: 'cliente.xml' }]),
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('imports a SAF-T (AO) 1.01_01 file into an Angolan organization', async () => {
    const ao = readFileSync(path.resolve(PT, '../ao/saft-ao-purchase-invoices.xml'));
    const response = await upload(ao, { token: aoOwner, orgId: aoOrg, name: 'saft-ao.xml' });
    const checked = await settled(response.json().id, aoOwner, aoOrg);
    expect(checked.country).toBe('AO');
    expect(checked.auditFileVersion).toBe('1.01_01');
    expect(checked.report.filter((issue: { severity: string }) => issue.severity === 'error')).toEqual([]);
    expect(checked.state).toBe('awaiting_confirmation');
    expect(checked.report.map((issue: { code: string }) => issue.code)).toContain('NIF_MISMATCH');
    await t.call({
      method: 'POST',
      url: `/api/v1/accounting/saft/imports/${checked.id}/confirm`,
      token: aoOwner,
      orgId: aoOrg,
    });
    const done = await settled(checked.id, aoOwner, aoOrg);
    expect(done.state).toBe('done');
    const documents = await rows<{ number: string; gross: string; currency: string; type: string }>(
      t.database.db,
      sql`SELECT document_number AS number, gross_total::text AS gross, currency, document_type AS type
          FROM accounting_imported_documents WHERE import_id = ${checked.id} ORDER BY document_number`,
    );
    expect(documents).toEqual([
      { number: 'FT 2019A1/12360', gross: '34200000', currency: 'AOA', type: 'FT' },
      { number: 'NC 2019A1/1', gross: '34200000', currency: 'AOA', type: 'NC' },
    ]);
  });

  it('imports nothing at all when one posting fails midway (one transaction)', async () => {
    let xml = '';
    for await (const chunk of generateSaft({ transactions: 6, invoices: 4, nif: '508332150' })) xml += chunk;
    // The last transaction's VAT goes to 243, an aggregating account of the SNC: the ledger refuses it.
    const last = xml.lastIndexOf('<AccountID>243300001</AccountID>');
    xml = `${xml.slice(0, last)}<AccountID>243</AccountID>${xml.slice(last + '<AccountID>243300001</AccountID>'.length)}`;
    const before = await imported(demoOrg);
    const [parties] = await rows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM billing_parties WHERE organization_id = ${demoOrg}`,
    );
    const response = await upload(Buffer.from(xml, 'utf8'));
    const checked = await settled(response.json().id);
    if (checked.state === 'awaiting_confirmation')
      await t.call({
        method: 'POST',
        url: `/api/v1/accounting/saft/imports/${checked.id}/confirm`,
        token: demo,
        orgId: demoOrg,
      });
    const done = await settled(checked.id);
    expect(done.state).toBe('failed');
    expect(done.report.at(-1)).toMatchObject({ code: 'IMPORT_FAILED' });
    expect(done.report.at(-1).message).toContain('243');
    expect(await imported(demoOrg)).toEqual(before);
    const [partiesAfter] = await rows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM billing_parties WHERE organization_id = ${demoOrg}`,
    );
    expect(partiesAfter?.n).toBe(parties?.n);
  });

  it('refuses hostile XML fast', async () => {
    const hostile = [
      '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x SYSTEM "file:///etc/passwd">]><AuditFile>&x;</AuditFile>',
      `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]><AuditFile>&lol2;</AuditFile>`,
      `<?xml version="1.0"?><AuditFile xmlns="urn:OECD:StandardAuditFile-Tax:PT_1.04_01">${'<a>'.repeat(5000)}</AuditFile>`,
    ];
    for (const xml of hostile) {
      const started = Date.now();
      const response = await upload(Buffer.from(xml));
      const result = await settled(response.json().id);
      expect(result.state).toBe('refused');
      expect(result.report.map((issue: { code: string }) => issue.code)).toContain('HOSTILE_XML');
      expect(Date.now() - started).toBeLessThan(5000);
    }
  });

  it('keeps each organization’s imports to itself', async () => {
    const response = await upload(fixture('saft_WRONG_SCHEMA.xml'));
    const id = response.json().id;
    await saftImportsIdle();
    const other = await t.call({
      method: 'GET',
      url: `/api/v1/accounting/saft/imports/${id}`,
      token: aoOwner,
      orgId: aoOrg,
    });
    expect(other.statusCode).toBe(404);
    const confirm = await t.call({
      method: 'POST',
      url: `/api/v1/accounting/saft/imports/${id}/confirm`,
      token: aoOwner,
      orgId: aoOrg,
    });
    expect(confirm.statusCode).toBe(404);
    const list = await t.call({
      method: 'GET',
      url: '/api/v1/accounting/saft/imports',
      token: aoOwner,
      orgId: aoOrg,
    });
    expect(list.json().map((row: { id: string }) => row.id)).not.toContain(id);
  });

  it('answers bad input with a translated 4xx and creates nothing', async () => {
    const [before] = await rows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM accounting_saft_imports WHERE organization_id = ${demoOrg}`,
    );
    const noFile = await t.call({
      method: 'POST',
      url: '/api/v1/accounting/saft/imports',
      token: demo,
      orgId: demoOrg,
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().messageKey).toBe('ERRORS.SAFT_IMPORT_FILE_MISSING');
    const badKey = await upload(fixture('saft_idemo599999999.xml'), { publicKey: 'not a key' });
    expect(badKey.statusCode).toBe(400);
    expect(badKey.json().messageKey).toBe('ERRORS.SAFT_PUBLIC_KEY_INVALID');
    const badId = await t.call({
      method: 'GET',
      url: '/api/v1/accounting/saft/imports/nope',
      token: demo,
      orgId: demoOrg,
    });
    expect(badId.statusCode).toBe(400);
    const [after] = await rows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM accounting_saft_imports WHERE organization_id = ${demoOrg}`,
    );
    expect(after?.n).toBe(before?.n);
  });
});
