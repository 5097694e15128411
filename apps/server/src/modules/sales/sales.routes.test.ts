import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]);

let t: TestApp;
let demo: string;
let admin: string;
let demoOrg: string;
beforeAll(async () => {
  t = await createTestApp();
  demo = await t.signin('demo@fluxo.example');
  admin = await t.signin('admin@fluxo.example');
  const orgs = await t.call({ method: 'GET', url: '/api/v1/token/refresh', token: demo });
  demoOrg = JSON.parse(Buffer.from(orgs.json().auth_token.split('.')[1], 'base64url').toString()).defaultOrg;
});
afterAll(async () => {
  await t?.close();
});

describe('contact requests', () => {
  it('stores a trimmed request, mails it to sales, and shows it to Admins only', async () => {
    const created = await t.call({
      method: 'POST',
      url: '/api/v1/sales/requests',
      token: demo,
      orgId: demoOrg,
      payload: {
        title: '  More bank connections  ',
        message: '  We need 10 more.  ',
        motive: 'addon-limit',
        source: 'no-credits',
      },
    });
    expect(created.statusCode).toBe(201);
    const mail = (await t.outbox()).find((m) => m.to === 'sales@fluxo.example');
    expect(mail?.subject).toBe(`[Fluxo contact #${created.json().id}] More bank connections`);
    expect(mail?.text).toContain('We need 10 more.');
    expect((await t.call({ method: 'GET', url: '/api/v1/sales/requests', token: demo })).statusCode).toBe(
      403,
    );
    const listed = await t.call({ method: 'GET', url: '/api/v1/sales/requests', token: admin });
    expect(listed.statusCode).toBe(200);
    expect(listed.json()[0]).toMatchObject({
      title: 'More bank connections',
      message: 'We need 10 more.',
      userEmail: 'demo@fluxo.example',
      organizationId: demoOrg,
      contact: 'demo@fluxo.example',
    });
  });

  it('requires subject and message, subject at most 250 characters, and sign-in', async () => {
    const post = (payload: object, token: string | null = demo) =>
      t.call({ method: 'POST', url: '/api/v1/sales/requests', payload, ...(token ? { token } : {}) });
    expect((await post({ title: '   ', message: 'x' })).statusCode).toBe(400);
    expect((await post({ title: 'x', message: '' })).statusCode).toBe(400);
    expect((await post({ title: 'x'.repeat(251), message: 'x' })).json().code).toBe('VALIDATION_FAILED');
    expect((await post({ title: 'x'.repeat(250), message: 'x' })).statusCode).toBe(201);
    expect((await post({ title: 'x', message: 'x' }, null)).statusCode).toBe(401);
  });

  it("refuses an organization that is not the caller's", async () => {
    const trial = await t.signin('trial@fluxo.example');
    const response = await t.call({
      method: 'POST',
      url: '/api/v1/sales/requests',
      token: trial,
      orgId: demoOrg,
      payload: { title: 'x', message: 'y' },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('support tickets and attachments', () => {
  const attach = (id: number, body: Buffer, name: string, token = demo, type = 'application/octet-stream') =>
    t.call({
      method: 'POST',
      url: `/api/v1/sales/requests/tickets/${id}/attachment`,
      token,
      headers: { 'content-type': type, 'x-file-name': encodeURIComponent(name) },
      payload: body,
    });

  it('opens a ticket and attaches files whose type is sniffed from the bytes', async () => {
    const created = await t.call({
      method: 'POST',
      url: '/api/v1/sales/requests/tickets',
      token: demo,
      payload: { subject: 'Statement import', message: 'The CAMT file fails', category: 'bank' },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    const png = await attach(id, PNG, 'ecrã.png', demo, 'image/png');
    expect(png.statusCode).toBe(201);
    expect(png.json()).toMatchObject({ fileName: 'ecrã.png', mimeType: 'image/png', size: PNG.length });
    expect((await attach(id, PDF, 'extract.pdf')).json().mimeType).toBe('application/pdf');
    // An executable renamed .pdf is refused: the bytes decide.
    const exe = await attach(id, EXE, 'invoice.pdf');
    expect(exe.statusCode).toBe(400);
    expect(exe.json().code).toBe('FILE_TYPE_NOT_ALLOWED');
    expect((await attach(id, Buffer.from('plain text'), 'notes.txt')).json().code).toBe(
      'FILE_TYPE_NOT_ALLOWED',
    );
    const tooBig = await attach(id, Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]), 'big.pdf');
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().code).toBe('FILE_TOO_LARGE');
    const list = await t.call({ method: 'GET', url: '/api/v1/sales/requests/tickets', token: demo });
    expect(list.json()[0].attachments.map((a: { fileName: string }) => a.fileName)).toEqual([
      'ecrã.png',
      'extract.pdf',
    ]);
  });

  it("never lets one user attach to another's ticket, and caps files per ticket", async () => {
    const created = await t.call({
      method: 'POST',
      url: '/api/v1/sales/requests/tickets',
      token: demo,
      payload: { subject: 'Limits', message: 'Five files' },
    });
    const id = created.json().id as number;
    const cash = await t.signin('cash@fluxo.example');
    expect((await attach(id, PNG, 'x.png', cash)).statusCode).toBe(404);
    for (let i = 0; i < 5; i++) expect((await attach(id, PNG, `${i}.png`)).statusCode).toBe(201);
    expect((await attach(id, PNG, '6.png')).json().code).toBe('TOO_MANY_FILES');
  });
});
