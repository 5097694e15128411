import { expect, type Locator, type Page } from '@playwright/test';
import { type Language, t } from '../../support/i18n.ts';

/** Accounting › Reconciliation, on a desktop or on a phone (the same queue, in one column). */
export class ReconciliationPage {
  constructor(
    readonly page: Page,
    readonly phone: boolean,
    readonly language: Language = 'pt',
  ) {}

  t(key: string, values: Record<string, string> = {}): string {
    return t(this.language, key, values);
  }

  async goto(): Promise<void> {
    await this.page.goto(this.phone ? '/m/accounting/reconciliation' : '/accounting/reconciliation');
    await expect(
      this.page.getByRole('heading', { level: 1, name: this.t('MENU.ACCOUNTING.RECONCILIATION') }),
    ).toBeVisible();
  }

  get queue(): Locator {
    return this.page.getByRole('list', { name: this.t('ACCOUNTING.RECONCILIATION.QUEUE') });
  }

  get accountSelect(): Locator {
    return this.page.getByRole('textbox', { name: this.t('ACCOUNTING.RECONCILIATION.ACCOUNT') });
  }

  /** Suggestions of the exact amount (one click confirms them; a near amount asks for a write-off). */
  get exactSuggestions(): Locator {
    return this.page
      .getByLabel(new RegExp(`^${this.t('ACCOUNTING.RECONCILIATION.SUGGESTION', { number: '' })}`))
      .filter({ hasText: this.t('ACCOUNTING.RECONCILIATION.REASON.EXACT_AMOUNT') });
  }

  /** The first movement of the queue that has a suggestion, trying each account in turn. */
  async movementWithSuggestion(): Promise<Locator> {
    await expect(this.queue.getByRole('listitem').first()).toBeVisible();
    const withSuggestion = this.queue.getByRole('listitem').filter({ has: this.exactSuggestions });
    if ((await withSuggestion.count()) > 0) return withSuggestion.first();
    await this.accountSelect.click();
    const count = await this.page.getByRole('option').count();
    await this.page.keyboard.press('Escape');
    for (let index = 0; index < count; index += 1) {
      await this.accountSelect.click();
      await this.page.getByRole('option').nth(index).click();
      await expect(this.queue.getByRole('listitem').first()).toBeVisible();
      if ((await withSuggestion.count()) > 0) return withSuggestion.first();
    }
    throw new Error('No movement with a suggestion in any account');
  }
}
