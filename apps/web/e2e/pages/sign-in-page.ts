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

  /** The second step of an account with two-factor on: the code field. */
  get twoFactorCode(): Locator {
    return this.page.getByRole('textbox', { name: t(this.language, 'AUTH.TWO_FACTOR.CODE') });
  }

  /** Answers the second step with a code from the app or a recovery code. */
  async enterTwoFactorCode(code: string): Promise<void> {
    await expect(
      this.page.getByRole('heading', { name: t(this.language, 'AUTH.TWO_FACTOR.TITLE') }),
    ).toBeVisible();
    await this.twoFactorCode.fill(code);
    await this.page.getByRole('button', { name: t(this.language, 'AUTH.TWO_FACTOR.SUBMIT') }).click();
  }
}
