import { type APIRequestContext, expect, type Page, type TestInfo } from '@playwright/test';
import { AppShell } from '../pages/app-shell.ts';
import { SignInPage } from '../pages/sign-in-page.ts';
import { randomPtNif } from './data.ts';
import { devicePath } from './session.ts';
import { apiToken, newUser, type TestUser } from './signed-in.ts';

/** A new user who owns a new Portuguese organization, signed in and on Treasury › Accounts and wallets. */
export async function signInOwnerOnWallets(
  page: Page,
  request: APIRequestContext,
  testInfo: TestInfo,
  prefix: string,
): Promise<{ user: TestUser; token: string; organizationId: string }> {
  const user = await newUser(request, prefix);
  const token = await apiToken(request, user.email, user.password);
  const created = await request.post('/api/v1/organizations', {
    headers: { Authorization: `Bearer ${token}` },
    data: { name: `Bank ${Date.now().toString(36)}`, vatNumber: randomPtNif(), country: 'PT' },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const organizationId = ((await created.json()) as { id: string }).id;
  const signIn = new SignInPage(page);
  await signIn.goto();
  await signIn.signIn(user.email, user.password);
  await expect(new AppShell(page, 'gb').userMenuButton(user.name)).toBeVisible();
  await page.goto(devicePath(testInfo, '/treasury/wallets'));
  return { user, token, organizationId };
}

/** The user id (`sub`) of a token. */
export function userIdOf(token: string): string {
  const payload = token.split('.')[1] ?? '';
  return (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { sub: string }).sub;
}
