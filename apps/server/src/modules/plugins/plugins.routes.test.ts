import { once } from 'node:events';
import { type AddressInfo, createServer, type Server } from 'node:net';
import type { OrganizationsList, PluginState } from '@fluxo/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { loadConfig } from '../../platform/config.ts';
import { SEALED_PREFIX } from '../../platform/secret-box.ts';
import { alwaysSealingBox } from '../../platform/secrets.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { secretsPlace } from './plugins.service.ts';

let t: TestApp;
let ownerToken: string;
let orgId: string;
let otherOwnerToken: string;
let otherOrgId: string;
let smtp: Server;
let smtpPort: number;

const SMTP_PASSWORD = 'sm7p-Pa55word-never-shown';
const AT_PASSWORD = 'at-Secret-9876';

/** Messages the fake SMTP server took (after a signed-in DATA), raw. */
const delivered: string[] = [];

/** A minimal SMTP server on loopback that accepts AUTH PLAIN with SMTP_PASSWORD only, and takes mail. */
function fakeSmtp(): Server {
  return createServer((socket) => {
    socket.write('220 fake.test ESMTP\r\n');
    let buffer = '';
    let message: string[] | null = null;
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let end = buffer.indexOf('\r\n');
      while (end >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        end = buffer.indexOf('\r\n');
        if (message) {
          if (line === '.') {
            delivered.push(message.join('\n'));
            message = null;
            socket.write('250 queued\r\n');
          } else message.push(line);
          continue;
        }
        const verb = line.split(' ')[0]!.toUpperCase();
        if (verb === 'DATA') {
          message = [];
          socket.write('354 go ahead\r\n');
          continue;
        }
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250-fake.test\r\n250 AUTH PLAIN\r\n');
        else if (verb === 'AUTH') {
          const [, user, pass] = Buffer.from(line.split(' ')[2] ?? '', 'base64')
            .toString('utf8')
            .split('\0');
          socket.write(
            user === 'mailer' && pass === SMTP_PASSWORD ? '235 ok\r\n' : '535 authentication failed\r\n',
          );
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
    socket.on('error', () => {});
  });
}

const call = (
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  payload?: object,
  token = ownerToken,
  org = orgId,
) =>
  t.call({
    method,
    url: `/api/v1/settings/plugins${url}`,
    token,
    orgId: org,
    ...(payload ? { payload } : {}),
  });

const smtpConfig = (port = smtpPort) => ({
  host: '127.0.0.1',
  port,
  secure: false,
  user: 'mailer',
  fromAddress: 'facturas@fluxo-demo.example',
});

async function stored(organizationId: string, plugin: string) {
  const [row] = await rows<{ id: string; enabled: boolean; config: unknown; secrets: string | null }>(
    t.database.db,
    sql`SELECT id, enabled, config, secrets FROM organization_plugins
        WHERE organization_id = ${organizationId} AND plugin = ${plugin}`,
  );
  return row ?? null;
}

async function auditText(organizationId: string): Promise<string> {
  await t.app.auditLog.flush();
  const list = await rows<Record<string, unknown>>(
    t.database.db,
    sql`SELECT * FROM audit_log WHERE organization_id = ${organizationId}`,
  );
  return JSON.stringify(list);
}

beforeAll(async () => {
  smtp = fakeSmtp();
  smtp.listen(0, '127.0.0.1');
  await once(smtp, 'listening');
  smtpPort = (smtp.address() as AddressInfo).port;
  t = await createTestApp({ demoTreasury: false, demoAccounting: false });
  ownerToken = await t.signin('demo@fluxo.example');
  const list = (await t.call({ method: 'GET', url: '/api/v1/organizations/all', token: ownerToken })).json();
  orgId = (list as OrganizationsList).myOrgs.find((o) => o.name === 'Fluxo Demo, Lda')!.id;
  otherOwnerToken = await t.signin('accountant@fluxo.example');
  const other = (
    await t.call({ method: 'GET', url: '/api/v1/organizations/all', token: otherOwnerToken })
  ).json() as OrganizationsList;
  otherOrgId = other.myOrgs[0]!.id;
});
afterAll(async () => {
  await t?.close();
  smtp?.close();
});

describe('plugins catalogue and configuration', () => {
  it('lists every integration of the catalogue, none configured at first', async () => {
    const response = await call('GET', '');
    expect(response.statusCode).toBe(200);
    const { plugins } = response.json() as { plugins: PluginState[] };
    expect(plugins.map((p) => p.key)).toEqual(['bank-aggregator', 'smtp', 'multibanco', 'tax-authority']);
    expect(plugins.every((p) => !p.enabled && !p.configured && p.config === null)).toBe(true);
    expect(plugins.find((p) => p.key === 'smtp')!.secrets).toEqual({ password: false });
  });

  it('stores SMTP secrets sealed, answers only that they are set, and never audits them', async () => {
    const saved = await call('PUT', '/smtp', { config: smtpConfig(), secrets: { password: SMTP_PASSWORD } });
    expect(saved.statusCode).toBe(200);
    expect(saved.body).not.toContain(SMTP_PASSWORD);
    expect(saved.json()).toMatchObject({
      key: 'smtp',
      configured: true,
      enabled: false,
      secrets: { password: true },
      config: smtpConfig(),
    });

    // At rest: AES-256-GCM, bound to the row; the column is not the plaintext.
    const row = await stored(orgId, 'smtp');
    expect(row!.secrets).not.toContain(SMTP_PASSWORD);
    expect(row!.secrets!.startsWith(SEALED_PREFIX)).toBe(true);
    expect(JSON.stringify(row!.config)).not.toContain(SMTP_PASSWORD);
    const box = await alwaysSealingBox(t.database.db, loadConfig({}).keys);
    expect(JSON.parse(box.open(row!.secrets!, secretsPlace(row!.id)))).toEqual({ password: SMTP_PASSWORD });

    // Every read answer: never the secret.
    for (const response of [await call('GET', ''), await call('GET', '/smtp')]) {
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain(SMTP_PASSWORD);
    }
    expect((await call('GET', '/smtp')).json()).toMatchObject({ secrets: { password: true } });

    // A save without the secret keeps it; the audit names the change, masked.
    const again = await call('PUT', '/smtp', { config: { ...smtpConfig(), port: smtpPort } });
    expect(again.json()).toMatchObject({ secrets: { password: true } });
    const audit = await auditText(orgId);
    expect(audit).not.toContain(SMTP_PASSWORD);
    const [record] = await rows<{ action: string; entity: string; entity_id: string; changes: unknown }>(
      t.database.db,
      sql`SELECT action, entity, entity_id, changes FROM audit_log
          WHERE organization_id = ${orgId} AND entity = 'settings.plugins' AND action = 'secret.change'
          ORDER BY at LIMIT 1`,
    );
    expect(record).toMatchObject({ entity_id: 'smtp' });
    expect(JSON.stringify(record!.changes)).toContain('"password"');
    expect(JSON.stringify(record!.changes)).toContain('***');
  });

  it('tests SMTP with a real connection: signs in with the stored password, and says why it fails', async () => {
    const ok = await call('POST', '/smtp/test');
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ ok: true, code: 'SMTP_OK', formatOnly: false });

    // A wrong password is refused by the server.
    await call('PUT', '/smtp', { config: smtpConfig(), secrets: { password: 'not-the-password' } });
    expect((await call('POST', '/smtp/test')).json()).toMatchObject({ ok: false, code: 'SMTP_AUTH_FAILED' });

    // Nobody listening.
    const closed = createServer();
    closed.listen(0, '127.0.0.1');
    await once(closed, 'listening');
    const deadPort = (closed.address() as AddressInfo).port;
    closed.close();
    await call('PUT', '/smtp', { config: smtpConfig(deadPort), secrets: { password: SMTP_PASSWORD } });
    const failed = await call('POST', '/smtp/test');
    expect(failed.json()).toMatchObject({ ok: false, code: 'SMTP_UNREACHABLE' });
    expect(failed.body).not.toContain(SMTP_PASSWORD);
    await call('PUT', '/smtp', { config: smtpConfig() });
    expect(await auditText(orgId)).not.toContain(SMTP_PASSWORD);
  });

  it('clears a secret with null', async () => {
    const cleared = await call('PUT', '/smtp', { config: smtpConfig(), secrets: { password: null } });
    expect(cleared.json()).toMatchObject({ secrets: { password: false } });
    expect((await stored(orgId, 'smtp'))!.secrets).toBeNull();
    await call('PUT', '/smtp', { config: smtpConfig(), secrets: { password: SMTP_PASSWORD } });
  });

  it("sends the organization's documents through its SMTP plugin when it is on, from its address", async () => {
    const [document] = await rows<{ id: string }>(
      t.database.db,
      sql`SELECT id FROM billing_documents WHERE organization_id = ${orgId} AND state = 'issued'
            AND document_type = 'FT' ORDER BY document_date DESC LIMIT 1`,
    );
    const send = () =>
      t.call({
        method: 'POST',
        url: `/api/v1/billing/documents/${document!.id}/send`,
        token: ownerToken,
        orgId,
        payload: { to: 'cliente@example.com' },
      });
    // Off: the server's own mailer (the outbox here).
    const outboxBefore = (await t.outbox()).length;
    expect((await send()).statusCode).toBe(200);
    expect((await t.outbox()).length).toBe(outboxBefore + 1);
    // On: through the organization's SMTP server, signed in, from its address.
    await call('PUT', '/smtp', { config: smtpConfig(), secrets: { password: SMTP_PASSWORD } });
    expect((await call('PUT', '/smtp/enabled', { enabled: true })).statusCode).toBe(200);
    const sentBefore = delivered.length;
    const sent = await send();
    expect(sent.statusCode, sent.body).toBe(200);
    expect(delivered.length).toBe(sentBefore + 1);
    expect(delivered.at(-1)).toMatch(/^From: facturas@fluxo-demo\.example$/m);
    expect(delivered.at(-1)).toMatch(/^To: cliente@example\.com$/m);
    expect((await t.outbox()).length).toBe(outboxBefore + 1);
    expect((await call('PUT', '/smtp/enabled', { enabled: false })).statusCode).toBe(200);
  });

  it('enables Multibanco only once configured; billing then reads its entity from the plugin', async () => {
    const early = await call('PUT', '/multibanco/enabled', { enabled: true });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'PLUGIN_NOT_CONFIGURED' });

    const saved = await call('PUT', '/multibanco', { config: { entity: '21800', subEntity: '' } });
    expect(saved.statusCode).toBe(200);
    const enabled = await call('PUT', '/multibanco/enabled', { enabled: true });
    expect(enabled.statusCode).toBe(200);
    expect(enabled.json()).toMatchObject({ enabled: true, configured: true });
    const settings = await t.call({
      method: 'GET',
      url: '/api/v1/billing/settings',
      token: ownerToken,
      orgId,
    });
    expect(settings.json()).toMatchObject({ multibancoEntity: '21800' });
    expect((await call('POST', '/multibanco/test')).json()).toEqual({
      ok: true,
      code: 'MULTIBANCO_OK',
      formatOnly: true,
    });

    // The organization's members are told (REFRESH_PLUGIN).
    const messages = await rows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM realtime_messages
          WHERE type = 'REFRESH_PLUGIN' AND data->>'OrganizationId' = ${orgId}`,
    );
    expect(messages[0]!.n).toBeGreaterThan(0);

    // Turned off, billing's own field is back.
    await call('PUT', '/multibanco/enabled', { enabled: false });
    const back = await t.call({ method: 'GET', url: '/api/v1/billing/settings', token: ownerToken, orgId });
    expect(back.json().multibancoEntity).not.toBe('21800');
  });

  it('checks the AT credentials for form only, and needs the password to enable them', async () => {
    const username = '508332150/1';
    const saved = await call('PUT', '/tax-authority', { config: { username } });
    expect(saved.json()).toMatchObject({ configured: false, secrets: { password: false } });
    expect((await call('PUT', '/tax-authority/enabled', { enabled: true })).statusCode).toBe(409);
    await call('PUT', '/tax-authority', { config: { username }, secrets: { password: AT_PASSWORD } });
    expect((await call('PUT', '/tax-authority/enabled', { enabled: true })).json()).toMatchObject({
      enabled: true,
    });
    const test = await call('POST', '/tax-authority/test');
    expect(test.json()).toEqual({ ok: true, code: 'TAX_AUTHORITY_FORMAT_OK', formatOnly: true });
    // Clearing a secret the enabled plugin needs is refused.
    const clearing = await call('PUT', '/tax-authority', {
      config: { username },
      secrets: { password: null },
    });
    expect(clearing.statusCode).toBe(409);
    expect((await call('GET', '')).body).not.toContain(AT_PASSWORD);
    expect(await auditText(orgId)).not.toContain(AT_PASSWORD);
  });

  it('bank aggregator: the test says whether this server offers the provider; connections follow it', async () => {
    await call('PUT', '/bank-aggregator', { config: { provider: 'gocardless' } });
    expect((await call('POST', '/bank-aggregator/test')).json()).toMatchObject({
      ok: false,
      code: 'PROVIDER_UNAVAILABLE',
    });
    await call('PUT', '/bank-aggregator', { config: { provider: 'sandbox' } });
    expect((await call('POST', '/bank-aggregator/test')).json()).toMatchObject({ ok: true });
    await call('PUT', '/bank-aggregator/enabled', { enabled: true });
    const institutions = await t.call({
      method: 'GET',
      url: '/api/v1/connections/institutions',
      token: ownerToken,
      orgId,
    });
    expect(institutions.statusCode).toBe(200);
    await call('PUT', '/bank-aggregator/enabled', { enabled: false });
  });
});

describe('bad input, permissions and tenant isolation', () => {
  it('refuses invalid configurations with a translated 400 and changes nothing', async () => {
    const before = await stored(orgId, 'smtp');
    for (const payload of [
      { config: { ...smtpConfig(), port: 70000 } },
      { config: { ...smtpConfig(), fromAddress: 'not-an-email' } },
      { config: { ...smtpConfig(), extra: 'x' } },
      { config: smtpConfig(), secrets: { apiKey: 'x' } },
      { config: smtpConfig(), secrets: { password: '' } },
    ]) {
      const response = await call('PUT', '/smtp', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        messageKey: 'ERRORS.VALIDATION_FAILED',
      });
      expect(response.json().details[0].messageKey).toMatch(/^VALIDATION\./);
    }
    const wrongEntity = await call('PUT', '/multibanco', { config: { entity: '123', subEntity: '' } });
    expect(wrongEntity.json().details[0].path).toBe('body.config.entity');
    const wrongNif = await call('PUT', '/tax-authority', { config: { username: '123456780/1' } });
    expect(wrongNif.statusCode).toBe(400);
    expect((await call('GET', '/not-a-plugin')).statusCode).toBe(400);
    expect(await stored(orgId, 'smtp')).toEqual(before);
  });

  it('keeps each organization’s plugins to itself', async () => {
    // Another organization's owner, naming this organization: refused.
    expect((await call('GET', '', undefined, otherOwnerToken, orgId)).statusCode).toBe(403);
    expect((await call('PUT', '/smtp', { config: smtpConfig() }, otherOwnerToken, orgId)).statusCode).toBe(
      403,
    );
    // Their own organization has none of this one's settings.
    const theirs = await call('GET', '', undefined, otherOwnerToken, otherOrgId);
    expect(theirs.statusCode).toBe(200);
    const plugins = (theirs.json() as { plugins: PluginState[] }).plugins;
    expect(plugins.every((p) => p.config === null && !p.enabled)).toBe(true);
    expect(await stored(otherOrgId, 'smtp')).toBeNull();
  });

  it('needs settings.plugins: a member without it is refused', async () => {
    const pos = await t.signin('pos@fluxo.example');
    expect((await call('GET', '', undefined, pos)).statusCode).toBe(403);
    expect(
      (await call('PUT', '/multibanco', { config: { entity: '11111', subEntity: '' } }, pos)).statusCode,
    ).toBe(403);
    expect((await call('POST', '/smtp/test', undefined, pos)).statusCode).toBe(403);
    expect((await t.call({ method: 'GET', url: '/api/v1/settings/plugins' })).statusCode).toBe(401);
  });
});
