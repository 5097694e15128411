import type { Locator, Page } from '@playwright/test';
import { type Language, t } from '../support/i18n.ts';

/** The contact request modal (subject, message, send). */
export class ContactModal {
  readonly dialog: Locator;
  readonly subject: Locator;
  readonly message: Locator;
  readonly send: Locator;
  readonly cancel: Locator;

  constructor(
    readonly page: Page,
    readonly language: Language = 'gb',
  ) {
    this.dialog = page.getByRole('dialog', { name: t(language, 'CONTACT_US.TITLE') });
    this.subject = this.dialog.getByRole('textbox', { name: t(language, 'CONTACT_US.SUBJECT') });
    this.message = this.dialog.getByRole('textbox', { name: t(language, 'CONTACT_US.MESSAGE') });
    this.send = this.dialog.getByRole('button', { name: t(language, 'CONTACT_US.SUBMIT'), exact: true });
    this.cancel = this.dialog.getByRole('button', { name: t(language, 'COMMON.CANCEL'), exact: true });
  }

  fieldError(key: string): Locator {
    return this.dialog.getByText(t(this.language, key));
  }

  get confirmation(): Locator {
    return this.dialog
      .getByRole('status')
      .filter({ hasText: t(this.language, 'CONTACT_US.REQUEST.SUCCESS.TITLE') });
  }

  get failure(): Locator {
    return this.dialog
      .getByRole('alert')
      .filter({ hasText: t(this.language, 'CONTACT_US.REQUEST.ERROR.TITLE') });
  }
}
