import { expect, type Locator, type Page } from '@playwright/test';
import { type Language, t } from '../../support/i18n.ts';
import { ImportWizard } from './import-wizard.ts';

/** Treasury › Accounts and wallets: accounts by kind, totals, the add-account form and the import wizard. */
export class TreasuryWalletsPage {
  readonly importWizard: ImportWizard;

  constructor(
    readonly page: Page,
    readonly language: Language = 'gb',
  ) {
    this.importWizard = new ImportWizard(page, language);
  }

  private t(key: string, values?: Record<string, string>): string {
    return t(this.language, key, values);
  }

  /** The section of one kind of account (a table on desktop, cards on a phone). */
  group(kind: 'BANK' | 'CASH' | 'CARD' | 'POS'): Locator {
    return this.page.getByRole('region', { name: this.t(`TREASURY.WALLETS.GROUPS.${kind}`) });
  }

  /** An account's row (desktop) or card (phone). */
  account(name: string): Locator {
    return this.page.getByRole('row').filter({ hasText: name }).or(this.page.getByRole('article', { name }));
  }

  actionsOf(name: string): Locator {
    return this.page.getByRole('button', { name: this.t('TREASURY.WALLETS.ACTIONS_FOR', { name }) });
  }

  async openImportFor(name: string): Promise<ImportWizard> {
    await this.actionsOf(name).click();
    await this.page.getByRole('menuitem', { name: this.t('TREASURY.WALLETS.IMPORT_STATEMENT') }).click();
    await expect(this.importWizard.dialog).toBeVisible();
    return this.importWizard;
  }

  button(key: string): Locator {
    return this.page.getByRole('button', { name: this.t(key), exact: true });
  }

  get accountDialog(): Locator {
    return this.page.getByRole('dialog');
  }

  field(key: string): Locator {
    return this.accountDialog.getByRole('textbox', { name: this.t(key), exact: true });
  }

  get total(): Locator {
    return this.page.getByTestId('wallets-total');
  }
}
