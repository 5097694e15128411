import { expect, type Locator, type Page } from '@playwright/test';
import { type Language, t } from '../support/i18n.ts';

export class SignInPage {
  readonly heading: Locator;
  readonly email: Locator;
  readonly password: Locator;
  readonly submit: Locator;
  readonly error: Locator;

  constructor(
    readonly page: Page,
    readonly language: Language = 'gb',
  ) {
    this.heading = page.getByRole('heading', { name: t(language, 'AUTH.SIGNIN.TITLE') });
    this.email = page.getByRole('textbox', { name: t(language, 'AUTH.FIELDS.EMAIL') });
    this.password = page.getByRole('textbox', { name: t(language, 'AUTH.FIELDS.PASSWORD'), exact: true });
    this.submit = page.getByRole('button', { name: t(language, 'AUTH.SIGNIN.SUBMIT'), exact: true });
    this.error = page.getByRole('alert');
  }

  async goto(): Promise<void> {
    await this.page.goto('/auth/signin');
    await expect(this.heading).toBeVisible();
  }

  async signIn(email: string, password: string): Promise<void> {
    await this.email.fill(email);
    await this.password.fill(password);
    await this.submit.click();
  }
}
