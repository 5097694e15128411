import type { Locator, Page } from '@playwright/test';
import { type Language, t } from '../support/i18n.ts';

/** The dialog that asks for the organization's VAT number (or the owner's e-mail) before deleting it. */
export class RemoveOrganizationDialog {
  readonly dialog: Locator;
  readonly confirm: Locator;

  constructor(
    readonly page: Page,
    readonly name: string,
    readonly language: Language = 'gb',
  ) {
    this.dialog = page.getByRole('dialog', {
      name: t(language, 'DIALOGS.REMOVE_ORGANIZATION.TITLE', { name }),
    });
    this.confirm = this.dialog.getByRole('button', {
      name: t(language, 'DIALOGS.REMOVE_ORGANIZATION.CONFIRM'),
      exact: true,
    });
  }

  input(kind: 'vat' | 'email'): Locator {
    const label =
      kind === 'vat' ? 'DIALOGS.REMOVE_ORGANIZATION.VAT_LABEL' : 'DIALOGS.REMOVE_ORGANIZATION.EMAIL_LABEL';
    return this.dialog.getByRole('textbox', { name: t(this.language, label) });
  }

  error(key: string): Locator {
    return this.dialog.getByText(t(this.language, key));
  }
}
