import { constants, publicEncrypt } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { validationCode } from './outbox.ts';

export async function encrypt(request: APIRequestContext, password: string): Promise<string> {
  const pem = await (await request.get('/assets/keys/public.pem')).text();
  return publicEncrypt(
    { key: pem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(password),
  ).toString('base64');
}

async function ok<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  if (!response.ok())
    throw new Error(`${response.url()} answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * An active account made through the API (sign-up, mailed code, onboarding), for tests whose
 * subject is not the sign-up itself.
 */
export async function createActiveUser(
  request: APIRequestContext,
  user: { name: string; email: string; password: string; language: string; country: string },
): Promise<void> {
  await ok(
    await request.post('/api/v1/auth/signup', {
      data: { ...user, profile: 2, password: await encrypt(request, user.password) },
    }),
  );
  const code = await validationCode(user.email);
  await ok(await request.get('/api/v1/account/validate', { params: { code, email: user.email } }));
  const { auth_token } = await ok<{ auth_token: string }>(
    await request.post('/api/v1/auth/signin', {
      data: { email: user.email, password: await encrypt(request, user.password) },
    }),
  );
  await ok(
    await request.post('/api/v1/account/onboarding', {
      headers: { Authorization: `Bearer ${auth_token}` },
      data: { acceptTerms: true },
    }),
  );
}

/** Signs in through the API and returns the bearer token (for tests that act behind the browser). */
export async function apiToken(request: APIRequestContext, email: string, password: string): Promise<string> {
  const { auth_token } = await ok<{ auth_token: string }>(
    await request.post('/api/v1/auth/signin', {
      data: { email, password: await encrypt(request, password) },
    }),
  );
  return auth_token;
}

/** GET/POST with a bearer token, failing loudly on an error answer. */
export async function apiCall<T>(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST',
  url: string,
): Promise<T> {
  const headers = { Authorization: `Bearer ${token}` };
  return ok<T>(method === 'GET' ? await request.get(url, { headers }) : await request.post(url, { headers }));
}
