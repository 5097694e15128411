import { expect, type Locator, type Page } from '@playwright/test';
import { type Language, t } from '../../support/i18n.ts';

/** Billing › Documents, "purchases" tab: supplier documents, the form, and reading a file's QR code. */
export class PurchasesPanel {
  constructor(
    readonly page: Page,
    readonly language: Language = 'gb',
  ) {}

  private t(key: string, values?: Record<string, string>): string {
    return t(this.language, key, values);
  }

  get dialog(): Locator {
    return this.page.getByRole('dialog', { name: this.t('BILLING.PURCHASES.FORM.TITLE') });
  }

  button(key: string): Locator {
    return this.page.getByRole('button', { name: this.t(key), exact: true });
  }

  field(key: string): Locator {
    return this.dialog.getByRole('textbox', { name: this.t(key) });
  }

  /** A purchase's row (desktop) or card (phone). */
  purchase(documentNumber: string): Locator {
    return this.page
      .getByRole('row')
      .filter({ hasText: documentNumber })
      .or(this.page.getByRole('article', { name: documentNumber }));
  }

  /** The purchases tab of Billing › Documents. */
  async openTab(): Promise<void> {
    await this.page.getByRole('tab', { name: this.t('BILLING.TABS.PURCHASES') }).click();
  }

  /** Picks a file through "Read from file", as a person would in the file chooser. */
  async readFromFile(file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
    await this.pick('BILLING.PURCHASES.READ_FROM_FILE', file);
  }

  /** The phone's "Take a photo": the file chooser stands for the camera. */
  async takePhoto(file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
    await this.pick('BILLING.PURCHASES.TAKE_PHOTO', file);
  }

  private async pick(key: string, file: { name: string; mimeType: string; buffer: Buffer }) {
    const chooser = this.page.waitForEvent('filechooser');
    await this.button(key).click();
    await (await chooser).setFiles(file);
    await expect(this.dialog).toBeVisible({ timeout: 20_000 });
  }
}
