import { expect, type Locator, type Page } from '@playwright/test';
import { type Language, t } from '../support/i18n.ts';

/** Organization management › /organization (one screen for desktop and /m): identity and fiscal settings. */
export class OrganizationPage {
  constructor(
    readonly page: Page,
    readonly language: Language,
    readonly prefix = '',
  ) {}

  private t(key: string, values?: Record<string, string>) {
    return t(this.language, key, values);
  }

  async goto(): Promise<void> {
    await this.page.goto(`${this.prefix}/organization`);
    await expect(this.identity).toBeVisible();
  }

  get identity(): Locator {
    return this.page.getByRole('form', { name: this.t('ORGANIZATION_PAGE.IDENTITY.TITLE') });
  }

  get fiscal(): Locator {
    return this.page.getByRole('form', { name: this.t('ORGANIZATION_PAGE.FISCAL.TITLE') });
  }

  field(labelKey: string): Locator {
    return this.identity.getByRole('textbox', { name: this.t(labelKey), exact: true });
  }

  async saveIdentity(): Promise<void> {
    await this.identity.getByRole('button', { name: this.t('ORGANIZATION_PAGE.IDENTITY.SAVE') }).click();
    await expect(this.page.getByText(this.t('ORGANIZATION_PAGE.SAVED'))).toBeVisible();
  }
}
