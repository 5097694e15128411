// @vitest-environment node
import { signinContract, tokenRefreshContract } from '@fluxo/domain/auth/contracts';
import { getOrganizationContract } from '@fluxo/domain/organizations/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, getSession, setSelectedOrganizationId, setSession } from '../auth/session.ts';
import { onApiError } from '../errors/api-error-events.ts';
import { apiRequest, DEFAULT_TIMEOUT_MS } from './client.ts';
import { ApiError, errorReferenceOf, fieldErrorsOf, toApiError } from './errors.ts';

function token(claims: Record<string, unknown>): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}.signature`;
}

const claims = {
  sub: 'u1',
  uname: 'Ana Demo',
  uem: 'demo@fluxo.example',
  ucon: '',
  vat: '',
  pid: 2,
  dis: false,
  currency: 'EUR',
  lang: 'pt',
  country: 'PT',
  defaultOrg: '',
  ucreds: 0,
  ocreds: 0,
  tri: false,
  uacti: true,
  aco: true,
  avatar: '',
  role: 'user',
  permissions: {},
  iat: Math.floor(Date.now() / 1000),
  exp: Math.floor(Date.now() / 1000) + 3600,
};

function stubFetch(status: number, body: unknown, headers: Record<string, string> = {}) {
  const mock = vi.fn(
    async (_url: string, _init?: RequestInit) =>
      new Response(body === undefined ? '' : JSON.stringify(body), { status, headers }),
  );
  vi.stubGlobal('fetch', mock);
  return mock;
}

describe('api client', () => {
  afterEach(() => {
    clearSession();
    vi.unstubAllGlobals();
  });

  it('sends JSON, the timeout, and fills the contract path', async () => {
    const fetchMock = stubFetch(200, { auth_token: 't', id: 'u' });
    await apiRequest(signinContract, { body: { email: 'a@b.pt', password: 'x'.repeat(20) } });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/auth/signin');
    expect(init?.method).toBe('POST');
    const headers = init?.headers as Record<string, string>;
    expect(headers['Content-Type']).toBe('application/json');
    expect(headers.Timeout).toBe(String(DEFAULT_TIMEOUT_MS));
    expect(headers.Authorization).toBeUndefined();

    const id = '7d5a3b0e-8d2c-4a51-9b1e-2f3c4d5e6f70';
    const second = stubFetch(200, {});
    await apiRequest(getOrganizationContract, { params: { id } });
    expect(second.mock.calls[0]![0]).toBe(`/api/v1/organizations/${id}`);
  });

  it('sends the bearer token and the selected organization as OrgId', async () => {
    setSession({ auth_token: token(claims), id: 'u1' });
    setSelectedOrganizationId('org-1');
    const fetchMock = stubFetch(200, { auth_token: token(claims), id: 'u1' });
    await apiRequest(tokenRefreshContract);
    const headers = fetchMock.mock.calls[0]![1]?.headers as Record<string, string>;
    expect(headers.Authorization).toMatch(/^Bearer /);
    expect(headers.OrgId).toBe('org-1');
  });

  it("turns an error answer into an ApiError carrying the server's ErrorBody", async () => {
    stubFetch(400, {
      code: 'VALIDATION_FAILED',
      messageKey: 'ERRORS.VALIDATION_FAILED',
      message: 'The request is not valid.',
      statusCode: 400,
      details: [{ path: 'body.email', messageKey: 'VALIDATION.EMAIL', message: 'Invalid email' }],
    });
    const error = await apiRequest(signinContract, { body: { email: 'x', password: 'y' } }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('VALIDATION_FAILED');
    expect(fieldErrorsOf(error)).toEqual({ email: 'VALIDATION.EMAIL' });
  });

  it("carries the server's request id (the body's requestId); the reference is shown for the server's failures", async () => {
    stubFetch(400, {
      code: 'VALIDATION_FAILED',
      messageKey: 'ERRORS.VALIDATION_FAILED',
      message: 'x',
      statusCode: 400,
      requestId: 'req-1',
    });
    const error = await apiRequest(tokenRefreshContract).catch((e: unknown) => e);
    expect((error as ApiError).code).toBe('VALIDATION_FAILED');
    expect((error as ApiError).requestId).toBe('req-1');
    // A field to fix is the user's to act on: no reference shown.
    expect(errorReferenceOf(error)).toBeNull();

    stubFetch(500, {
      code: 'INTERNAL',
      messageKey: 'ERRORS.INTERNAL',
      message: 'x',
      statusCode: 500,
      requestId: 'req-2',
    });
    expect(errorReferenceOf(await apiRequest(tokenRefreshContract).catch((e: unknown) => e))).toBe('req-2');
  });

  it('takes the request id from the X-Request-Id header when the body has none, and reports it with a generic toast', async () => {
    const events: unknown[] = [];
    const stop = onApiError((event) => events.push(event));
    try {
      stubFetch(502, undefined, { 'x-request-id': '0b7c6a1e-4a51-4c9e-9d2e-3f1f0c2a9e11' });
      const error = await apiRequest(tokenRefreshContract).catch((e: unknown) => e);
      expect(errorReferenceOf(error)).toBe('0b7c6a1e-4a51-4c9e-9d2e-3f1f0c2a9e11');
      expect(events).toEqual([
        { action: 'generic-toast', status: 502, requestId: '0b7c6a1e-4a51-4c9e-9d2e-3f1f0c2a9e11' },
      ]);
    } finally {
      stop();
    }
  });

  it('shows no reference for a malformed id, or for a failure the client saw itself', async () => {
    expect(toApiError(500, { code: 'INTERNAL', requestId: '<script>' }).requestId).toBeNull();
    expect(toApiError(500, undefined, 'a b').requestId).toBeNull();
    expect(toApiError(500, undefined, null).requestId).toBeNull();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('offline');
      }),
    );
    expect(errorReferenceOf(await apiRequest(tokenRefreshContract).catch((e: unknown) => e))).toBeNull();
    expect(errorReferenceOf(new Error('not an api error'))).toBeNull();
  });

  it('makes an answer without an ErrorBody a generic INTERNAL error', async () => {
    stubFetch(502, undefined);
    const error = (await apiRequest(tokenRefreshContract).catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(502);
    expect(error.messageKey).toBe('ERRORS.INTERNAL');
  });

  it('ends the session on a 401 to a signed-in call', async () => {
    setSession({ auth_token: token(claims), id: 'u1' });
    stubFetch(401, { code: 'UNAUTHENTICATED', messageKey: 'ERRORS.UNAUTHENTICATED', message: 'ended' });
    await apiRequest(tokenRefreshContract).catch(() => {});
    expect(getSession()).toBeNull();
  });

  it('reports a lost connection as NETWORK', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('fetch failed'))),
    );
    const error = (await apiRequest(tokenRefreshContract).catch((e: unknown) => e)) as ApiError;
    expect(error.code).toBe('NETWORK');
    expect(error.messageKey).toBe('ERRORS.NETWORK');
  });
});
