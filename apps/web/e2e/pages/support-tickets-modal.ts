import type { Locator, Page } from '@playwright/test';
import { type Language, t } from '../support/i18n.ts';

/** The support tickets modal: a form to open a ticket, and the user's tickets with their files. */
export class SupportTicketsModal {
  readonly dialog: Locator;
  readonly subject: Locator;
  readonly message: Locator;
  readonly open: Locator;
  readonly tickets: Locator;

  constructor(
    readonly page: Page,
    readonly language: Language = 'gb',
  ) {
    this.dialog = page.getByRole('dialog', { name: t(language, 'SUPPORT.TICKETS.TITLE') });
    this.subject = this.dialog.getByRole('textbox', { name: t(language, 'CONTACT_US.SUBJECT') });
    this.message = this.dialog.getByRole('textbox', { name: t(language, 'CONTACT_US.MESSAGE') });
    this.open = this.dialog.getByRole('button', { name: t(language, 'SUPPORT.TICKETS.OPEN'), exact: true });
    this.tickets = this.dialog.getByRole('list', { name: t(language, 'SUPPORT.TICKETS.MINE') });
  }

  ticket(subject: string): Locator {
    return this.tickets.getByRole('listitem', { name: subject });
  }

  async attach(subject: string, file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
    const chooser = this.page.waitForEvent('filechooser');
    await this.ticket(subject)
      .getByRole('button', { name: t(this.language, 'SUPPORT.TICKETS.ATTACH_TO', { subject }) })
      .click();
    await (await chooser).setFiles(file);
  }
}
