import { expect, type Locator, type Page } from '@playwright/test';
import { type Language, t } from '../support/i18n.ts';

export type AuthType = 'token' | 'question' | 'qrcode' | 'app';

/** Treasury › Accounts and wallets: the bank connections and the "Add bank connection" modal. */
export class WalletsPage {
  constructor(
    readonly page: Page,
    readonly language: Language = 'gb',
  ) {}

  get addButton(): Locator {
    return this.page.getByRole('button', { name: t(this.language, 'CONNECTIONS.ADD.ACTION') });
  }

  get modal(): Locator {
    return this.page.getByRole('dialog', { name: t(this.language, 'CONNECTIONS.ADD.TITLE') });
  }

  /** The bank connections: a table on desktop, a list on a phone. */
  get table(): Locator {
    const name = t(this.language, 'CONNECTIONS.LIST.TITLE');
    return this.page.getByRole('table', { name }).or(this.page.getByRole('list', { name }));
  }

  row(name: string): Locator {
    return this.table.getByRole('row').or(this.table.getByRole('listitem')).filter({ hasText: name });
  }

  async expectStatus(name: string, statusKey: string): Promise<void> {
    await expect(this.row(name)).toContainText(t(this.language, `CONNECTIONS.STATUS.${statusKey}`));
  }

  /** Adds a Fluxo Sandbox Bank connection with an auth type; the modal closes when it is set up. */
  async addSandboxConnection(name: string, authType: AuthType): Promise<void> {
    await this.addButton.click();
    await expect(this.modal).toBeVisible();
    await this.modal.getByRole('textbox', { name: t(this.language, 'CONNECTIONS.ADD.INSTITUTION') }).click();
    await this.page.getByRole('option', { name: 'Fluxo Sandbox Bank' }).click();
    await this.modal.getByRole('textbox', { name: t(this.language, 'CONNECTIONS.ADD.AUTH_TYPE') }).click();
    await this.page
      .getByRole('option', { name: t(this.language, `CONNECTIONS.AUTH_TYPES.${authType.toUpperCase()}`) })
      .click();
    await this.modal.getByRole('textbox', { name: t(this.language, 'CONNECTIONS.ADD.NAME') }).fill(name);
    await this.modal.getByRole('button', { name: t(this.language, 'CONNECTIONS.ADD.SUBMIT') }).click();
    await expect(this.modal).toBeHidden();
  }
}
