import type { Locator, Page } from '@playwright/test';
import { type Language, t } from '../../support/i18n.ts';

/** Treasury › Point of sale: terminals, batches (a table on desktop, cards on a phone) and their dialogs. */
export class PosPage {
  constructor(
    readonly page: Page,
    readonly language: Language = 'gb',
  ) {}

  private t(key: string, values?: Record<string, string>): string {
    return t(this.language, key, values);
  }

  button(key: string, values?: Record<string, string>): Locator {
    return this.page.getByRole('button', { name: this.t(key, values), exact: true });
  }

  get dialog(): Locator {
    return this.page.getByRole('dialog');
  }

  field(key: string): Locator {
    return this.dialog.getByRole('textbox', { name: this.t(key), exact: true });
  }

  batch(reference: string): Locator {
    return this.page
      .getByRole('row')
      .filter({ hasText: reference })
      .or(this.page.getByRole('article').filter({ hasText: reference }));
  }

  total(figure: 'gross' | 'fees' | 'net' | 'settled' | 'pending'): Locator {
    return this.page.getByTestId(`pos-total-${figure}`);
  }
}
