import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { TRANSACTION_DOCUMENT_MAX_BYTES } from '@fluxo/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../../db/client.ts';
import { contentDisposition } from '../../../platform/content-disposition.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { VIEW_POLICY_FLAG } from '../accounts/account-scope.ts';
import { addMovements, newAccount, orgOf } from '../rules/treasury-test-data.ts';
import { sweepOrphanFiles } from './sweep-orphan-files.ts';

let t: TestApp;
let owner: string;
let org: string;
let aoOrg: string;
let movement: string;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

function crc32(buffer: Buffer): number {
  let crc = ~0;
  for (const byte of buffer) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
/** A real 1×1 PNG. */
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  chunk('IHDR', Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0])),
  chunk('IDAT', deflateSync(Buffer.from([0, 255, 0, 0]))),
  chunk('IEND', Buffer.alloc(0)),
]);
/** A Windows executable's header. */
const EXE = Buffer.concat([
  Buffer.from('MZ'),
  Buffer.alloc(58),
  Buffer.from([0x80, 0, 0, 0]),
  Buffer.alloc(64),
  Buffer.from('PE\0\0'),
  Buffer.alloc(200),
]);
const WEBP = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([30, 0, 0, 0]),
  Buffer.from('WEBPVP8 '),
  Buffer.alloc(22),
]);

function upload(
  transactionId: string,
  name: string,
  body: Buffer,
  contentType = 'application/octet-stream',
  token = owner,
  orgId = org,
) {
  return t.call({
    method: 'POST',
    url: `/api/v1/treasury/transactions/${transactionId}/documents`,
    token,
    orgId,
    payload: body,
    headers: { 'content-type': contentType, 'x-file-name': encodeURIComponent(name) },
  });
}

async function documentCount(id: string): Promise<number> {
  const [row] = await rows<{ document_count: number }>(
    t.database.db,
    sql`SELECT document_count FROM treasury_transactions WHERE id = ${id}`,
  );
  return row?.document_count ?? -1;
}

const storedFiles = () => {
  const dir = path.join(t.dataDir, 'files', org);
  return existsSync(dir) ? readdirSync(dir) : [];
};

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signin('demo@fluxo.example');
  org = await orgOf(t.database.db, 'Fluxo Demo, Lda');
  aoOrg = await orgOf(t.database.db, 'Kwanza Comércio, Lda');
  const account = await newAccount(t.database.db, org, 'bank');
  [movement] = (await addMovements(t.database.db, org, account, [{ description: 'Compra papelaria' }])) as [
    string,
  ];
});
afterAll(() => t?.close());

describe('documents of a movement', () => {
  it('stores, lists, serves and deletes a PDF, keeping the count exact', async () => {
    const added = await upload(movement, 'Fatura nº 3 "final".pdf', PDF, 'application/pdf');
    expect(added.statusCode).toBe(201);
    const document = added.json();
    expect(document).toMatchObject({
      transactionId: movement,
      fileName: 'Fatura nº 3 "final".pdf',
      contentType: 'application/pdf',
      size: PDF.length,
      previewable: true,
    });
    expect(await documentCount(movement)).toBe(1);
    const [row] = await rows<{ storage_key: string; sha256: string }>(
      t.database.db,
      sql`SELECT storage_key, sha256 FROM treasury_documents WHERE id = ${document.id}`,
    );
    expect(row?.storage_key).toMatch(new RegExp(`^${org}/[0-9a-f-]{36}$`));
    expect(row?.sha256).toBe(createHash('sha256').update(PDF).digest('hex'));
    expect(readFileSync(path.join(t.dataDir, 'files', row!.storage_key))).toEqual(PDF);
    const [event] = await rows<{ data: { TransactionId: string; Total: number } }>(
      t.database.db,
      sql`SELECT data FROM realtime_messages WHERE type = 'UPDATE_TRANSACTION_DOCUMENTS_TOTAL' ORDER BY seq DESC LIMIT 1`,
    );
    expect(event?.data).toEqual({ TransactionId: movement, Total: 1 });

    const list = await t.call({
      method: 'GET',
      url: `/api/v1/treasury/transactions/${movement}/documents`,
      token: owner,
      orgId: org,
    });
    expect(list.json()).toEqual([document]);

    const content = await t.call({
      method: 'GET',
      url: `/api/v1/treasury/documents/${document.id}/content`,
      token: owner,
      orgId: org,
    });
    expect(content.statusCode).toBe(200);
    expect(content.rawPayload).toEqual(PDF);
    expect(content.headers['content-type']).toBe('application/pdf');
    expect(content.headers['content-disposition']).toBe(
      contentDisposition('inline', 'Fatura nº 3 "final".pdf'),
    );
    expect(content.headers['content-disposition']).toContain(`filename="Fatura n_ 3 _final_.pdf"`);
    expect(content.headers['content-disposition']).toContain(
      "filename*=UTF-8''Fatura%20n%C2%BA%203%20%22final%22.pdf",
    );
    expect(content.headers['x-content-type-options']).toBe('nosniff');
    expect(content.headers['content-security-policy']).toMatch(/^sandbox;/);

    const deleted = await t.call({
      method: 'DELETE',
      url: `/api/v1/treasury/documents/${document.id}`,
      token: owner,
      orgId: org,
    });
    expect(deleted.json()).toEqual({ deleted: true });
    expect(existsSync(path.join(t.dataDir, 'files', row!.storage_key))).toBe(false);
    expect(await documentCount(movement)).toBe(0);
    const again = await t.call({
      method: 'GET',
      url: `/api/v1/treasury/documents/${document.id}/content`,
      token: owner,
      orgId: org,
    });
    expect(again.statusCode).toBe(404);
  });

  it('goes by the content, never the name: PNG bytes named .pdf are a PNG, an .exe named .pdf is refused', async () => {
    const png = await upload(movement, 'recibo.pdf', PNG, 'application/pdf');
    expect(png.json()).toMatchObject({ contentType: 'image/png', fileName: 'recibo.png', previewable: true });
    const before = storedFiles().length;
    const exe = await upload(movement, 'fatura.pdf', EXE, 'application/pdf');
    expect(exe.statusCode).toBe(400);
    expect(exe.json().code).toBe('FILE_TYPE_NOT_ALLOWED');
    const text = await upload(
      movement,
      'notes.pdf',
      Buffer.from('just text, nothing else'),
      'application/pdf',
    );
    expect(text.json().code).toBe('FILE_TYPE_NOT_ALLOWED');
    expect(storedFiles()).toHaveLength(before);
    expect(await documentCount(movement)).toBe(1);
  });

  it('downloads what a browser should not show inline as an attachment', async () => {
    const webp = (await upload(movement, '../../etc/foto.webp', WEBP, 'image/webp')).json();
    expect(webp).toMatchObject({ contentType: 'image/webp', fileName: 'foto.webp', previewable: false });
    const content = await t.call({
      method: 'GET',
      url: `/api/v1/treasury/documents/${webp.id}/content`,
      token: owner,
      orgId: org,
    });
    expect(content.headers['content-disposition']).toMatch(/^attachment; filename="foto.webp"/);
    expect(content.headers['x-content-type-options']).toBe('nosniff');
    expect(await documentCount(movement)).toBe(2);
  });

  it('refuses a file over the limit and stores nothing', async () => {
    const before = storedFiles().length;
    const big = Buffer.concat([PDF, Buffer.alloc(TRANSACTION_DOCUMENT_MAX_BYTES)]);
    const response = await upload(movement, 'grande.pdf', big, 'application/pdf');
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('FILE_TOO_LARGE');
    expect(storedFiles()).toHaveLength(before);
  });

  it("never serves another organization's documents, even by id", async () => {
    const document = (await upload(movement, 'privado.pdf', PDF, 'application/pdf')).json();
    const ao = await t.signin('ao.owner@fluxo.example');
    for (const [method, url] of [
      ['GET', `/api/v1/treasury/documents/${document.id}/content`],
      ['DELETE', `/api/v1/treasury/documents/${document.id}`],
      ['GET', `/api/v1/treasury/transactions/${movement}/documents`],
    ] as const) {
      const response = await t.call({ method, url, token: ao, orgId: aoOrg });
      expect(response.statusCode).toBe(404);
    }
    expect((await upload(movement, 'x.pdf', PDF, 'application/pdf', ao, aoOrg)).statusCode).toBe(404);
    // Their own organization header on our movement is refused before anything is read.
    expect((await upload(movement, 'x.pdf', PDF, 'application/pdf', ao, org)).statusCode).toBe(403);
    expect(await documentCount(movement)).toBe(3);
  });

  it('follows the view policy through the movement’s account', async () => {
    const restricted = await newAccount(t.database.db, org, 'bank', {
      visibility: 'restricted',
      name: 'Reservada',
    });
    const [hidden] = (await addMovements(t.database.db, org, restricted, [{ description: 'Reservado' }])) as [
      string,
    ];
    const document = (await upload(hidden, 'reservado.pdf', PDF, 'application/pdf')).json();
    // pos@ is given the documents permission for this test.
    const [pos] = await rows<{ id: string }>(
      t.database.db,
      sql`SELECT id FROM users WHERE email = 'pos@fluxo.example'`,
    );
    await t.database.db.execute(
      sql`UPDATE organization_members SET permissions = permissions || '{"treasury.digitalDocs": 15}'::jsonb
          WHERE organization_id = ${org} AND user_id = ${pos!.id}`,
    );
    const member = await t.signin('pos@fluxo.example');
    const read = () =>
      t.call({
        method: 'GET',
        url: `/api/v1/treasury/documents/${document.id}/content`,
        token: member,
        orgId: org,
      });
    expect((await read()).statusCode).toBe(200);
    await t.database.db.execute(
      sql`INSERT INTO feature_flags (name, enabled) VALUES (${VIEW_POLICY_FLAG}, true)
          ON CONFLICT (name) DO UPDATE SET enabled = true`,
    );
    try {
      expect((await read()).statusCode).toBe(404);
      expect((await upload(hidden, 'y.pdf', PDF, 'application/pdf', member)).statusCode).toBe(404);
      await t.database.db.execute(
        sql`INSERT INTO treasury_account_members (account_id, user_id, organization_id) VALUES (${restricted}, ${pos!.id}, ${org})`,
      );
      expect((await read()).statusCode).toBe(200);
    } finally {
      await t.database.db.execute(
        sql`UPDATE feature_flags SET enabled = false WHERE name = ${VIEW_POLICY_FLAG}`,
      );
    }
  });

  it('sweeps the files of movements deleted since, and only those', async () => {
    const account = await newAccount(t.database.db, org, 'cash', { name: 'Caixa' });
    const [gone] = (await addMovements(t.database.db, org, account, [{ description: 'Apagado' }])) as [
      string,
    ];
    const kept = (await upload(movement, 'fica.pdf', PDF, 'application/pdf')).json();
    const orphan = (await upload(gone, 'vai.pdf', PDF, 'application/pdf')).json();
    const keyOf = async (id: string) =>
      (
        await rows<{ storage_key: string }>(
          t.database.db,
          sql`SELECT storage_key FROM treasury_documents WHERE id = ${id}`,
        )
      )[0]!.storage_key;
    const [keptKey, orphanKey] = [await keyOf(kept.id), await keyOf(orphan.id)];
    await t.database.db.execute(sql`DELETE FROM treasury_transactions WHERE id = ${gone}`);
    // Within the grace period nothing goes (an upload may be committing).
    expect(await sweepOrphanFiles(t.database.db, t.dataDir)).toBe(0);
    expect(await sweepOrphanFiles(t.database.db, t.dataDir, -1000)).toBe(1);
    expect(existsSync(path.join(t.dataDir, 'files', orphanKey))).toBe(false);
    expect(existsSync(path.join(t.dataDir, 'files', keptKey))).toBe(true);
  });
});
