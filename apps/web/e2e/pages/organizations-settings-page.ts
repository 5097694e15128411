import { expect, type Locator, type Page } from '@playwright/test';
import { type Language, t } from '../support/i18n.ts';

/** User settings › My organizations: one card per organization with its role and actions. */
export class OrganizationsSettingsPage {
  constructor(
    readonly page: Page,
    readonly language: Language,
    readonly prefix = '',
  ) {}

  private t(key: string, values?: Record<string, string>) {
    return t(this.language, key, values);
  }

  async goto(): Promise<void> {
    await this.page.goto(`${this.prefix}/settings/organizations`);
    await expect(
      this.page.getByRole('heading', { name: this.t('SHELL.PAGES.SETTINGS_ORGANIZATIONS.TITLE') }),
    ).toBeVisible();
  }

  card(name: string): Locator {
    return this.page.getByRole('region', { name, exact: true });
  }

  removeButton(name: string): Locator {
    return this.card(name).getByRole('button', {
      name: this.t('DIALOGS.REMOVE_ORGANIZATION.ACTION', { name }),
    });
  }
}
