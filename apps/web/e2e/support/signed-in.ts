import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { AppShell } from '../pages/app-shell.ts';
import { SignInPage } from '../pages/sign-in-page.ts';
import { createActiveUser, encrypt } from './api.ts';
import { uniqueEmail } from './data.ts';
import type { Language } from './i18n.ts';

export interface TestUser {
  name: string;
  email: string;
  password: string;
  language: Language;
  country: string;
}

/** A new active account, made through the API. */
export async function newUser(
  request: APIRequestContext,
  prefix: string,
  language: Language = 'gb',
): Promise<TestUser> {
  const user = {
    name: 'Rita Widget',
    email: uniqueEmail(prefix),
    password: 'a-long-secret-9',
    language,
    country: language === 'gb' ? 'GB' : language.toUpperCase(),
  };
  await createActiveUser(request, user);
  return user;
}

/** The session token of an account, for API calls a test makes beside the browser. */
export async function apiToken(request: APIRequestContext, email: string, password: string): Promise<string> {
  const response = await request.post('/api/v1/auth/signin', {
    data: { email, password: await encrypt(request, password) },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { auth_token: string }).auth_token;
}

/** Signs a new account in through the sign-in screen and waits for the signed-in frame. */
export async function signInNewUser(
  page: Page,
  request: APIRequestContext,
  prefix: string,
  language: Language = 'gb',
): Promise<{ user: TestUser; shell: AppShell }> {
  const user = await newUser(request, prefix, language);
  const signIn = new SignInPage(page);
  await signIn.goto();
  await signIn.signIn(user.email, user.password);
  const shell = new AppShell(page, language);
  // A new account lands on the welcome page (/m/welcome on a phone).
  await expect(page).toHaveURL(/\/welcome$/);
  await expect(shell.userMenuButton(user.name)).toBeVisible();
  return { user, shell };
}
