import { expect, type Locator, type Page } from '@playwright/test';
import { type Language, t } from '../../support/i18n.ts';

/** The statement import wizard (a dialog on desktop, a full-screen sheet on a phone). */
export class ImportWizard {
  constructor(
    readonly page: Page,
    readonly language: Language = 'gb',
  ) {}

  private t(key: string, values?: Record<string, string>): string {
    return t(this.language, key, values);
  }

  get dialog(): Locator {
    return this.page.getByRole('dialog', { name: this.t('TREASURY.IMPORT.TITLE') });
  }

  button(key: string): Locator {
    return this.dialog.getByRole('button', { name: this.t(key), exact: true });
  }

  /** Chooses the file through the drop zone's file input. */
  async chooseFile(filePath: string): Promise<void> {
    await this.dialog.locator('input[type="file"]').setInputFiles(filePath);
    await expect(this.dialog.getByTestId('import-file')).toContainText(filePath.split('/').at(-1) ?? '');
  }

  async continue(): Promise<void> {
    await this.button('TREASURY.IMPORT.NEXT').click();
  }

  /** Picks an option of one of the mapping step's selects, by their labels. */
  async select(labelKey: string, option: string): Promise<void> {
    await this.dialog.getByRole('textbox', { name: this.t(labelKey), exact: true }).click();
    await this.page.getByRole('option', { name: option, exact: true }).click();
  }

  get uploadProgress(): Locator {
    return this.dialog.getByRole('progressbar', { name: this.t('TREASURY.IMPORT.UPLOADING') });
  }

  get processingProgress(): Locator {
    return this.dialog.getByRole('progressbar', { name: this.t('TREASURY.IMPORT.PROCESSING') });
  }

  get summary(): Locator {
    return this.dialog.getByRole('region', { name: this.t('TREASURY.IMPORT.SUMMARY_TITLE') });
  }

  figure(name: 'imported' | 'duplicates' | 'rejected'): Locator {
    return this.summary.getByTestId(`import-${name}`);
  }

  get preview(): Locator {
    return this.dialog.getByRole('table', { name: this.t('TREASURY.IMPORT.PREVIEW_TITLE') });
  }
}
