import { constants, publicEncrypt } from 'node:crypto';
import { type APIRequestContext, expect, type Page, type TestInfo } from '@playwright/test';
import { SignInPage } from '../pages/sign-in-page.ts';
import { DEMO_PASSWORD } from './data.ts';

/** Whether the test runs in the phone project, where every signed-in page lives under /m. */
export function onPhone(testInfo: TestInfo): boolean {
  return testInfo.project.name.startsWith('mobile');
}

/** A desktop path as the device shows it: `/welcome` on desktop, `/m/welcome` on a phone. */
export function devicePath(testInfo: TestInfo, path: string): string {
  if (!onPhone(testInfo)) return path;
  return path === '/' ? '/m' : `/m${path}`;
}

/** A URL matcher for a desktop path (and query) in the device's tree, nothing after it. */
export function urlOf(testInfo: TestInfo, pathAndQuery: string): RegExp {
  const escaped = devicePath(testInfo, pathAndQuery).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^https?://[^/]+${escaped}$`);
}

/** Signs a demo (or any) account in through the sign-in page. */
export async function signInAs(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  const signIn = new SignInPage(page);
  await signIn.goto();
  await signIn.signIn(email, password);
  await expect(page).not.toHaveURL(/\/auth\/signin/);
}

async function encrypt(request: APIRequestContext, password: string): Promise<string> {
  const pem = await (await request.get('/assets/keys/public.pem')).text();
  return publicEncrypt(
    { key: pem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(password),
  ).toString('base64');
}

/** A session token for API calls made by the test itself (setting up data, flags). */
export async function apiToken(
  request: APIRequestContext,
  email: string,
  password = DEMO_PASSWORD,
): Promise<string> {
  const response = await request.post('/api/v1/auth/signin', {
    data: { email, password: await encrypt(request, password) },
  });
  if (!response.ok()) throw new Error(`sign-in of ${email} answered ${response.status()}`);
  return ((await response.json()) as { auth_token: string }).auth_token;
}

/** Calls the API as a user; throws on any failure so set-up problems are loud. */
export async function api<T>(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  url: string,
  options: { data?: unknown; organizationId?: string } = {},
): Promise<T> {
  const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
  if (options.organizationId) headers.OrgId = options.organizationId;
  const response = await request.fetch(url, { method, headers, data: options.data });
  if (!response.ok())
    throw new Error(`${method} ${url} answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as T;
}

interface OrganizationSummary {
  id: string;
  name: string;
  locked: boolean;
}

/** The user's organizations, owned first. */
export async function organizationsOf(
  request: APIRequestContext,
  token: string,
): Promise<OrganizationSummary[]> {
  const list = await api<{ myOrgs: OrganizationSummary[]; memberOrgs: OrganizationSummary[] }>(
    request,
    token,
    'GET',
    '/api/v1/organizations/all',
  );
  return [...list.myOrgs, ...list.memberOrgs];
}
