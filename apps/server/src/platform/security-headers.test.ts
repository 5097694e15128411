import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { loadConfig } from './config.ts';
import { configuredConnectOrigins, HSTS, httpOrigin, PERMISSIONS_POLICY } from './security-headers.ts';

/** A built web app in miniature: the server serves whatever Vite wrote, so the headers are the same. */
function webBuild(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'fluxo-web-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><script type="module" src="/assets/index-AbCdEf12.js"></script>',
  );
  writeFileSync(path.join(dir, 'assets/index-AbCdEf12.js'), 'console.log(1)');
  return dir;
}

/** The policy as directive → sources. */
function policy(response: LightMyRequestResponse): Map<string, string[]> {
  const header = response.headers['content-security-policy'];
  expect(typeof header, 'content-security-policy').toBe('string');
  const directives = new Map<string, string[]>();
  for (const part of String(header).split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) {
      expect(directives.has(name), `directive ${name} given once`).toBe(false);
      directives.set(name, sources);
    }
  }
  return directives;
}

function expectSecurityHeaders(response: LightMyRequestResponse): void {
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['x-frame-options']).toBe('DENY');
  expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(response.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
  const csp = policy(response);
  expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  expect(csp.get('script-src')).toEqual(["'self'"]);
  expect(csp.get('script-src-attr')).toEqual(["'none'"]);
  expect(csp.get('object-src')).toEqual(["'none'"]);
  expect(csp.get('default-src')).toEqual(["'self'"]);
  for (const [name, sources] of csp) {
    if (name.startsWith('script') || name === 'default-src') {
      expect(sources, name).not.toContain("'unsafe-inline'");
      expect(sources, name).not.toContain("'unsafe-eval'");
    }
  }
  // Plain http (inject's default), no proxy believed: no HSTS.
  expect(response.headers['strict-transport-security']).toBeUndefined();
}

describe('security headers on every response', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ demo: false, env: { WEB_DIST: webBuild() } });
  });
  afterAll(() => t.close());

  it('the web app (index.html, also for a client-side route)', async () => {
    for (const url of ['/', '/auth/signin']) {
      const response = await t.call({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expectSecurityHeaders(response);
    }
  });

  it('a built asset', async () => {
    const response = await t.call({ method: 'GET', url: '/assets/index-AbCdEf12.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expectSecurityHeaders(response);
  });

  it('an API JSON answer', async () => {
    const response = await t.call({ method: 'GET', url: '/home/configuration' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expectSecurityHeaders(response);
  });

  it('errors: unknown route, unknown file, malformed body', async () => {
    const notFound = await t.call({ method: 'GET', url: '/api/v1/nothing-here' });
    expect(notFound.statusCode).toBe(404);
    expectSecurityHeaders(notFound);
    const noFile = await t.call({ method: 'GET', url: '/assets/missing-AbCdEf12.js' });
    expect(noFile.statusCode).toBe(404);
    expectSecurityHeaders(noFile);
    const malformed = await t.call({
      method: 'POST',
      url: '/api/v1/auth/signin',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(malformed.statusCode).toBe(400);
    expectSecurityHeaders(malformed);
  });

  it('the API documentation page (swagger-ui) and its script', async () => {
    const page = await t.call({ method: 'GET', url: '/documentation/' });
    expect(page.statusCode).toBe(200);
    expectSecurityHeaders(page);
    // swagger-ui's page loads its scripts as files: the strict script-src holds there too.
    expect(page.body).not.toMatch(/<script>(?!\s*<\/script>)/);
    const script = await t.call({ method: 'GET', url: '/documentation/static/swagger-initializer.js' });
    expect(script.statusCode).toBe(200);
    expectSecurityHeaders(script);
  });

  it('the real-time channel may connect back to the same host over ws (plain http)', async () => {
    const response = await t.call({ method: 'GET', url: '/', headers: { host: 'fluxo.test:8080' } });
    const connect = policy(response).get('connect-src');
    expect(connect).toEqual(["'self'", 'ws://fluxo.test:8080']);
    expect(policy(response).get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
    // Previews of a movement's documents: object URLs the page made, in an image or a frame; nothing wider.
    expect(policy(response).get('frame-src')).toEqual(["'self'", 'blob:']);
    expect(policy(response).get('worker-src')).toEqual(["'self'"]);
  });

  it('X-Forwarded-Proto is not believed without TRUST_PROXY: no HSTS, ws not wss', async () => {
    const response = await t.call({
      method: 'GET',
      url: '/',
      headers: { host: 'fluxo.test', 'x-forwarded-proto': 'https' },
    });
    expect(response.headers['strict-transport-security']).toBeUndefined();
    expect(policy(response).get('connect-src')).toContain('ws://fluxo.test');
  });

  it('a Host header cannot add sources or directives to the policy (property)', async () => {
    const clean = [...policy(await t.call({ method: 'GET', url: '/' })).keys()];
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: fc.constantFrom(...'ab.-:;[]1 *\'"/,'.split('')), minLength: 1, maxLength: 24 }),
        async (host) => {
          const response = await t.call({ method: 'GET', url: '/', headers: { host } });
          const csp = policy(response);
          expect([...csp.keys()]).toEqual(clean);
          const connect = csp.get('connect-src') ?? [];
          expect(connect.length).toBeLessThanOrEqual(2);
          for (const source of connect) expect(source).toMatch(/^('self'|wss?:\/\/[A-Za-z0-9.:[\]-]+)$/);
        },
      ),
      { numRuns: 60, seed: 20261124 },
    );
  });
});

describe('security headers behind a trusted TLS proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      demo: false,
      env: {
        TRUST_PROXY: 'true',
        GATEWAY_URL: 'https://realtime.fluxo.example',
        APM_SERVER_URL: 'https://apm.fluxo.example:8200/intake',
        LOCATION_API: 'https://geo.example.net/country',
      },
    });
  });
  afterAll(() => t.close());

  it('HSTS when the proxy says https, not when it says http', async () => {
    const secure = await t.call({
      method: 'GET',
      url: '/home/configuration',
      headers: { host: 'fluxo.example', 'x-forwarded-proto': 'https' },
    });
    expect(secure.headers['strict-transport-security']).toBe(HSTS);
    expectSecurityHeaders({
      ...secure,
      headers: { ...secure.headers, 'strict-transport-security': undefined },
    });
    const plain = await t.call({
      method: 'GET',
      url: '/home/configuration',
      headers: { host: 'fluxo.example', 'x-forwarded-proto': 'http' },
    });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });

  it('HSTS on errors too, and wss for the same-origin socket', async () => {
    const response = await t.call({
      method: 'GET',
      url: '/api/v1/nothing-here',
      headers: { host: 'fluxo.example', 'x-forwarded-proto': 'https' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.headers['strict-transport-security']).toBe(HSTS);
    expect(policy(response).get('connect-src')).toEqual([
      "'self'",
      'wss://fluxo.example',
      'https://realtime.fluxo.example',
      'wss://realtime.fluxo.example',
      'https://apm.fluxo.example:8200',
      'https://geo.example.net',
    ]);
  });
});

describe('configured origins', () => {
  it('only absolute http(s) URLs count, as their origin', () => {
    expect(httpOrigin('https://apm.example:8200/intake/v2')).toBe('https://apm.example:8200');
    expect(httpOrigin('HTTP://Geo.Example/x')).toBe('http://geo.example');
    for (const value of [
      '',
      null,
      undefined,
      '/api/v1/avatars',
      'javascript:alert(1)',
      'data:,x',
      'https://',
    ]) {
      expect(httpOrigin(value), String(value)).toBeNull();
    }
  });

  it('nothing configured adds nothing to connect-src', () => {
    expect(configuredConnectOrigins(loadConfig({}).app)).toEqual([]);
  });

  it('any configured value yields only URL origins (property)', () => {
    fc.assert(
      fc.property(
        fc.option(fc.webUrl()),
        fc.oneof(fc.webUrl(), fc.string()),
        fc.string(),
        (gateway, apm, geo) => {
          const app = { ...loadConfig({}).app, gatewayUrl: gateway, apmServerUrl: apm, locationAPI: geo };
          for (const origin of configuredConnectOrigins(app)) {
            expect(origin).toMatch(/^(https?|wss?):\/\/[^\s;,/]+$/);
          }
        },
      ),
      { numRuns: 200, seed: 20261124 },
    );
  });
});
