import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import JSZip from 'jszip';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import type { SigningKey } from '../billing/index.ts';
import { type DataExportDeps, pass } from './data-export.service.ts';
import { countRows, exportTables, isExcludedColumn } from './tables.ts';

// The data export of issue 15: the demo company's archive holds every table's rows, its documents'
// PDFs, its attachments and its SAF-T files, no secret, and only its owners reach it.

let t: TestApp;
let owner: string;
let org: string;
let aoOrg: string;
let ownerId: string;
let exportId: string;
let zip: JSZip;

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010802000000907753de0000000c4944415408d763f8cfc000000301010018dd8db00000000049454e44ae426082',
  'hex',
);

async function orgId(name: string): Promise<string> {
  const [row] = await rows<{ id: string }>(
    t.database.db,
    sql`SELECT id FROM organizations WHERE name = ${name}`,
  );
  return row!.id;
}

async function waitForExport(id: string, token = owner, organization = org) {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const response = await t.call({
      method: 'GET',
      url: `/api/v1/organization/exports/${id}`,
      token,
      orgId: organization,
    });
    const body = response.json();
    if (body.status === 'ready' || body.status === 'failed') return body;
    if (Date.now() > deadline) throw new Error(`export still ${body.status}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signin('demo@fluxo.example');
  org = await orgId('Fluxo Demo, Lda');
  aoOrg = await orgId('Kwanza Comércio, Lda');
  [{ id: ownerId }] = (await rows<{ id: string }>(
    t.database.db,
    sql`SELECT id FROM users WHERE email = 'demo@fluxo.example'`,
  )) as [{ id: string }];
  // An attachment uploaded to a movement, as the app does.
  const [movement] = await rows<{ id: string }>(
    t.database.db,
    sql`SELECT id FROM treasury_transactions WHERE organization_id = ${org} ORDER BY booking_date DESC LIMIT 1`,
  );
  const uploaded = await t.call({
    method: 'POST',
    url: `/api/v1/treasury/transactions/${movement!.id}/documents`,
    token: owner,
    orgId: org,
    payload: PNG,
    headers: { 'content-type': 'image/png', 'x-file-name': encodeURIComponent('recibo café.png') },
  });
  expect(uploaded.statusCode, uploaded.body).toBeLessThan(300);
  // A support ticket opened from within the organization, with a file attached.
  const ticket = await t.call({
    method: 'POST',
    url: '/api/v1/sales/requests/tickets',
    token: owner,
    orgId: org,
    payload: { subject: 'Extrato', message: 'O ficheiro CAMT falha', category: 'bank' },
  });
  expect(ticket.statusCode, ticket.body).toBe(201);
  const attached = await t.call({
    method: 'POST',
    url: `/api/v1/sales/requests/tickets/${ticket.json().id}/attachment`,
    token: owner,
    orgId: org,
    payload: PNG,
    headers: { 'content-type': 'image/png', 'x-file-name': encodeURIComponent('ecrã.png') },
  });
  expect(attached.statusCode, attached.body).toBe(201);

  const started = await t.call({
    method: 'POST',
    url: '/api/v1/organization/exports',
    token: owner,
    orgId: org,
  });
  expect(started.statusCode, started.body).toBe(201);
  exportId = started.json().id;
  expect(started.json().status).toBe('pending');
  const done = await waitForExport(exportId);
  expect(done.status).toBe('ready');
  expect(done.percent).toBe(100);
  const download = await t.call({
    method: 'GET',
    url: `/api/v1/organization/exports/${exportId}/download`,
    token: owner,
    orgId: org,
  });
  expect(download.statusCode).toBe(200);
  expect(download.headers['content-type']).toBe('application/zip');
  expect(download.headers['content-disposition']).toMatch(/^attachment; filename="fluxo-export-/);
  zip = await JSZip.loadAsync(download.rawPayload);
}, 300_000);

afterAll(async () => {
  await t?.close();
});

describe('the demo company’s data export', () => {
  it('holds a CSV of every table with the organization’s rows, with the right row count', async () => {
    const tables = exportTables();
    // Every table with an organization_id column is one the export walks.
    const withOrganization = await rows<{ table_name: string }>(
      t.database.db,
      sql`SELECT table_name FROM information_schema.columns
          WHERE table_schema = 'public' AND column_name = 'organization_id' AND table_name <> 'data_exports'`,
    );
    const walked = new Set(tables.map((table) => table.name));
    for (const { table_name } of withOrganization) expect(walked, table_name).toContain(table_name);

    let checked = 0;
    for (const table of tables) {
      const expected = await countRows(t.database.db, table, org);
      const entry = zip.file(`data/${table.name}.csv`);
      if (expected === 0) continue;
      expect(entry, table.name).not.toBeNull();
      const parsed = Papa.parse<Record<string, string>>(await entry!.async('string'), {
        header: true,
        skipEmptyLines: true,
      });
      expect(parsed.errors, table.name).toEqual([]);
      // The audit log keeps growing (this very export is in it): the rows up to the last one exported.
      if (table.name === 'audit_log') {
        const last = Math.max(...parsed.data.map((row) => Number(row.id)));
        const [upTo] = await rows<{ n: number }>(
          t.database.db,
          sql`SELECT count(*)::int AS n FROM audit_log WHERE organization_id = ${org} AND id <= ${last}`,
        );
        expect(parsed.data.length).toBe(upTo!.n);
      } else expect(parsed.data.length, table.name).toBe(expected);
      expect(parsed.meta.fields).toEqual(table.columns.map((column) => column.name));
      checked++;
    }
    // The demo company has treasury, billing, accounting, members and settings.
    expect(checked).toBeGreaterThan(25);
    for (const name of [
      'organizations',
      'organization_members',
      'treasury_transactions',
      'billing_documents',
      'billing_document_lines',
      'accounting_entries',
      'accounting_entry_lines',
    ])
      expect(zip.file(`data/${name}.csv`), name).not.toBeNull();
    // Only the organization's own rows: the organization file is its one row.
    const organizations = Papa.parse<Record<string, string>>(
      await zip.file('data/organizations.csv')!.async('string'),
      { header: true, skipEmptyLines: true },
    ).data;
    expect(organizations.map((row) => row.id)).toEqual([org]);
    const transactions = Papa.parse<Record<string, string>>(
      await zip.file('data/treasury_transactions.csv')!.async('string'),
      { header: true, skipEmptyLines: true },
    ).data;
    expect(new Set(transactions.map((row) => row.organization_id))).toEqual(new Set([org]));
  });

  it('holds the issued documents’ PDFs, the attachments and the SAF-T files', async () => {
    const [{ n: issued }] = (await rows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM billing_documents
          WHERE organization_id = ${org} AND document_number IS NOT NULL`,
    )) as [{ n: number }];
    const pdfs = zip.file(/^documents\/.+\.pdf$/);
    expect(issued).toBeGreaterThan(0);
    expect(pdfs.length).toBe(issued);
    const first = await pdfs[0]!.async('nodebuffer');
    expect(first.subarray(0, 5).toString()).toBe('%PDF-');

    const attachments = zip.file(/^attachments\/movements\//);
    expect(attachments.map((file) => file.name.replace(/^.*?-[0-9a-f]{12}-/, ''))).toContain(
      'recibo café.png',
    );
    expect(Buffer.compare(await attachments[0]!.async('nodebuffer'), PNG)).toBe(0);
    const ticketFiles = zip.file(/^attachments\/tickets\/\d+-ecrã\.png$/);
    expect(ticketFiles).toHaveLength(1);
    expect(Buffer.compare(await ticketFiles[0]!.async('nodebuffer'), PNG)).toBe(0);

    const saft = zip.file(/^saft\/.+\.xml$/);
    expect(
      saft.some((file) => /^saft\/SAFT-PT_508332150_\d{4}-01-01_\d{4}-12-31\.xml$/.test(file.name)),
    ).toBe(true);
    expect(saft.some((file) => /^saft\/SAFT-PT_508332150_C_/.test(file.name))).toBe(true);
    const xml = await saft[0]!.async('string');
    expect(xml).toContain('<AuditFile xmlns="urn:OECD:StandardAuditFile-Tax:PT_1.04_01">');
    expect(xml.trimEnd().endsWith('</AuditFile>')).toBe(true);

    const manifest = JSON.parse(await zip.file('manifest.json')!.async('string'));
    expect(manifest.organizationId).toBe(org);
    expect(manifest.documents).toBe(issued);
  });

  it('holds no secret: no password, token, key or sealed column anywhere', async () => {
    for (const file of zip.file(/^data\/.+\.csv$/)) {
      const header = (await file.async('string')).split('\r\n', 1)[0]!.split(',');
      for (const column of header) {
        expect(column, `${file.name}: ${column}`).not.toMatch(
          /password|secret|token|credential|private_key|api_key|code_hash|auth_state|storage_key/i,
        );
      }
    }
    // The columns the rule knows to be secrets.
    expect(isExcludedColumn('token_hash', 'text')).toBe(true);
    expect(isExcludedColumn('password_hash', 'text')).toBe(true);
    expect(isExcludedColumn('smtp_secret', 'text')).toBe(true);
    expect(isExcludedColumn('content', 'bytea')).toBe(true);
    expect(isExcludedColumn('hash', 'text')).toBe(false);
    // Nothing sealed by the secret box, nor the demo password, in any entry.
    for (const file of zip.file(/\.(csv|json)$/)) {
      const text = await file.async('string');
      expect(text, file.name).not.toContain('fluxo-enc:v1:');
      expect(text, file.name).not.toContain('fluxo-demo');
    }
  });

  it('told the requester how far it was, live', async () => {
    const events = await rows<{ data: { ExportId: string; Status: string; Percent: number } }>(
      t.database.db,
      sql`SELECT data FROM realtime_messages WHERE user_id = ${ownerId} AND type = 'DATA_EXPORT_PROGRESS' ORDER BY seq`,
    );
    const mine = events.map((event) => event.data).filter((data) => data.ExportId === exportId);
    expect(mine.length).toBeGreaterThan(2);
    expect(mine.at(-1)).toMatchObject({ Status: 'ready', Percent: 100 });
    const percents = mine.map((data) => data.Percent);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
  });

  it('records the request and the download in the audit log', async () => {
    await t.app.auditLog.flush();
    const records = await rows<{ action: string; actor_id: string }>(
      t.database.db,
      sql`SELECT action, actor_id FROM audit_log WHERE entity = 'organization.exports' AND entity_id = ${exportId}`,
    );
    expect(records.map((record) => record.action).sort()).toEqual(['export.download', 'export.request']);
    expect(new Set(records.map((record) => record.actor_id))).toEqual(new Set([ownerId]));
  });
});

describe('who reaches an export', () => {
  it('lists the organization’s exports for its owner', async () => {
    const list = await t.call({
      method: 'GET',
      url: '/api/v1/organization/exports',
      token: owner,
      orgId: org,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().items[0]).toMatchObject({ id: exportId, status: 'ready' });
  });

  it('is refused to a member who is not an owner, even with every grant', async () => {
    // pos@ is a member of the demo company; demo@ holds every grant in the AO company but does not own it.
    const pos = await t.signin('pos@fluxo.example');
    for (const url of [
      '/api/v1/organization/exports',
      `/api/v1/organization/exports/${exportId}`,
      `/api/v1/organization/exports/${exportId}/download`,
    ]) {
      const response = await t.call({ method: 'GET', url, token: pos, orgId: org });
      expect(response.statusCode, url).toBe(403);
    }
    const start = await t.call({
      method: 'POST',
      url: '/api/v1/organization/exports',
      token: pos,
      orgId: org,
    });
    expect(start.statusCode).toBe(403);
    const notOwner = await t.call({
      method: 'POST',
      url: '/api/v1/organization/exports',
      token: owner,
      orgId: aoOrg,
    });
    expect(notOwner.statusCode).toBe(403);
    expect(notOwner.json().code).toBe('OWNER_ONLY');
  });

  it('is not found from another organization, even by that organization’s owner', async () => {
    const aoOwner = await t.signin('ao.owner@fluxo.example');
    for (const url of [
      `/api/v1/organization/exports/${exportId}`,
      `/api/v1/organization/exports/${exportId}/download`,
    ]) {
      const response = await t.call({ method: 'GET', url, token: aoOwner, orgId: aoOrg });
      expect(response.statusCode, url).toBe(404);
    }
    // And the demo owner cannot name another organization's header to reach it either.
    const other = await t.call({
      method: 'GET',
      url: `/api/v1/organization/exports/${exportId}`,
      token: aoOwner,
      orgId: org,
    });
    expect(other.statusCode).toBe(403);
  });

  it('answers bad input and early downloads with translated 4xx', async () => {
    const bad = await t.call({
      method: 'GET',
      url: '/api/v1/organization/exports/not-a-uuid',
      token: owner,
      orgId: org,
    });
    expect(bad.statusCode).toBe(400);
    const unknown = await t.call({
      method: 'GET',
      url: '/api/v1/organization/exports/00000000-0000-4000-8000-000000000000/download',
      token: owner,
      orgId: org,
    });
    expect(unknown.statusCode).toBe(404);
    // A second export while one is being prepared is refused; the pending one cannot be downloaded yet.
    await t.database.db.execute(
      sql`INSERT INTO data_exports (organization_id, requested_by) VALUES (${org}, ${ownerId})`,
    );
    const [{ id: pending }] = (await rows<{ id: string }>(
      t.database.db,
      sql`SELECT id FROM data_exports WHERE organization_id = ${org} AND status = 'pending'`,
    )) as [{ id: string }];
    const second = await t.call({
      method: 'POST',
      url: '/api/v1/organization/exports',
      token: owner,
      orgId: org,
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('DATA_EXPORT_IN_PROGRESS');
    const early = await t.call({
      method: 'GET',
      url: `/api/v1/organization/exports/${pending}/download`,
      token: owner,
      orgId: org,
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('DATA_EXPORT_NOT_READY');
    await t.database.db.execute(sql`DELETE FROM data_exports WHERE id = ${pending}`);
  });
});

describe('retention and recovery', () => {
  const deps = (): DataExportDeps => ({
    db: t.database.db,
    dataDir: t.dataDir,
    // No build runs in these passes: nothing is pending.
    signingKey: {} as SigningKey,
    invoicing: { producerTaxId: null },
    productVersion: 'test',
    retentionHours: 72,
  });

  it('deletes an archive past its retention, and the download says so', async () => {
    const folder = path.join(t.dataDir, 'exports', org);
    expect(readdirSync(folder)).toContain(`${exportId}.zip`);
    await t.database.db.execute(
      sql`UPDATE data_exports SET expires_at = now() - interval '1 minute' WHERE id = ${exportId}`,
    );
    await pass(deps());
    expect(existsSync(path.join(folder, `${exportId}.zip`))).toBe(false);
    const state = await t.call({
      method: 'GET',
      url: `/api/v1/organization/exports/${exportId}`,
      token: owner,
      orgId: org,
    });
    expect(state.json().status).toBe('expired');
    const download = await t.call({
      method: 'GET',
      url: `/api/v1/organization/exports/${exportId}/download`,
      token: owner,
      orgId: org,
    });
    expect(download.statusCode).toBe(409);
  });

  it('gives up on a build whose process died too many times', async () => {
    const [{ id }] = (await rows<{ id: string }>(
      t.database.db,
      sql`INSERT INTO data_exports (organization_id, requested_by, status, attempts, heartbeat_at)
          VALUES (${org}, ${ownerId}, 'running', 3, now() - interval '10 minutes') RETURNING id`,
    )) as [{ id: string }];
    await pass(deps());
    const state = await t.call({
      method: 'GET',
      url: `/api/v1/organization/exports/${id}`,
      token: owner,
      orgId: org,
    });
    expect(state.json().status).toBe('failed');
  });
});
