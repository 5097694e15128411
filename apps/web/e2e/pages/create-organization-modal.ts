import { expect, type Locator, type Page } from '@playwright/test';
import { type Language, t } from '../support/i18n.ts';

export class CreateOrganizationModal {
  readonly dialog: Locator;

  constructor(
    readonly page: Page,
    readonly language: Language = 'gb',
  ) {
    this.dialog = page.getByRole('dialog', { name: t(language, 'ORGANIZATIONS.CREATE.TITLE') });
  }

  async create(organization: { name: string; vatNumber: string; country: string }): Promise<void> {
    const { dialog, language } = this;
    await expect(dialog).toBeVisible();
    await dialog
      .getByRole('textbox', { name: t(language, 'ORGANIZATIONS.FIELDS.NAME') })
      .fill(organization.name);
    const country = dialog.getByRole('textbox', { name: t(language, 'ORGANIZATIONS.FIELDS.COUNTRY') });
    await country.click();
    await country.fill(organization.country);
    await this.page.getByRole('option', { name: organization.country, exact: true }).click();
    await dialog
      .getByRole('textbox', { name: t(language, 'ORGANIZATIONS.FIELDS.VAT_NUMBER') })
      .fill(organization.vatNumber);
    await dialog
      .getByRole('button', { name: t(language, 'ORGANIZATIONS.CREATE.SUBMIT'), exact: true })
      .click();
    await expect(dialog).toBeHidden();
  }
}
