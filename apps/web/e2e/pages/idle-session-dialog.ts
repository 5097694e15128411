import type { Locator, Page } from '@playwright/test';
import { type Language, t } from '../support/i18n.ts';

/** Spec §2/§8: the dialog a visitor without a session meets on a signed-in page. */
export class IdleSessionDialog {
  readonly dialog: Locator;
  readonly confirm: Locator;

  constructor(page: Page, language: Language = 'gb') {
    this.dialog = page.getByRole('dialog', { name: t(language, 'SESSION.IDLE.TITLE') });
    this.confirm = this.dialog.getByRole('button', { name: t(language, 'SESSION.IDLE.BTN') });
  }
}
