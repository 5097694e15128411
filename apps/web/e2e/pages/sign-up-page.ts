import { expect, type Locator, type Page } from '@playwright/test';
import { type Language, t } from '../support/i18n.ts';

export interface SignUpDetails {
  name: string;
  email: string;
  password: string;
  /** Visible profile name, e.g. "Company". */
  profile: string;
  /** Visible country name, e.g. "Portugal". */
  country: string;
  /** Visible language name, e.g. "English". */
  language: string;
}

export class SignUpPage {
  readonly heading: Locator;
  readonly codeHeading: Locator;

  constructor(
    readonly page: Page,
    readonly language: Language = 'gb',
  ) {
    this.heading = page.getByRole('heading', { name: t(language, 'AUTH.SIGNUP.TITLE') });
    this.codeHeading = page.getByRole('heading', { name: t(language, 'AUTH.VALIDATE.TITLE') });
  }

  async goto(): Promise<void> {
    await this.page.goto('/auth/signup');
    await expect(this.heading).toBeVisible();
  }

  async signUp(details: SignUpDetails): Promise<void> {
    const { page, language } = this;
    await page.getByRole('textbox', { name: t(language, 'AUTH.FIELDS.NAME') }).fill(details.name);
    await page.getByRole('textbox', { name: t(language, 'AUTH.FIELDS.EMAIL') }).fill(details.email);
    await page
      .getByRole('textbox', { name: t(language, 'AUTH.FIELDS.PASSWORD'), exact: true })
      .fill(details.password);
    await page
      .getByRole('combobox', { name: t(language, 'AUTH.FIELDS.PROFILE') })
      .selectOption({ label: details.profile });
    const country = page.getByRole('textbox', { name: t(language, 'AUTH.FIELDS.COUNTRY') });
    await country.click();
    await country.fill(details.country);
    await page.getByRole('option', { name: details.country, exact: true }).click();
    await page
      .getByRole('combobox', { name: t(language, 'AUTH.FIELDS.LANGUAGE') })
      .selectOption({ label: details.language });
    await page.getByRole('button', { name: t(language, 'AUTH.SIGNUP.SUBMIT') }).click();
    await expect(this.codeHeading).toBeVisible();
  }

  async enterCode(code: string): Promise<void> {
    await this.page.getByRole('textbox', { name: t(this.language, 'AUTH.VALIDATE.CODE') }).fill(code);
    await this.page.getByRole('button', { name: t(this.language, 'AUTH.VALIDATE.SUBMIT') }).click();
  }
}
