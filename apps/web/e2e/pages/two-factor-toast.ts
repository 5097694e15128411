import type { Locator, Page } from '@playwright/test';
import { type Language, t } from '../support/i18n.ts';

/** The persistent bank two-factor toast (bottom right). */
export class TwoFactorToast {
  readonly root: Locator;

  constructor(
    readonly page: Page,
    readonly institution = 'Fluxo Sandbox Bank',
    readonly language: Language = 'gb',
  ) {
    this.root = page.getByRole('alertdialog', {
      name: t(language, 'CONNECTIONS.TWO_FACTOR.TITLE', { institution }),
    });
  }

  field(key: 'TOKEN_LABEL' | 'ANSWER_LABEL'): Locator {
    return this.root.getByRole('textbox', { name: t(this.language, `CONNECTIONS.TWO_FACTOR.${key}`) });
  }

  button(key: string): Locator {
    return this.root.getByRole('button', { name: t(this.language, `CONNECTIONS.TWO_FACTOR.${key}`) });
  }

  get qrCode(): Locator {
    return this.root.getByRole('img', { name: t(this.language, 'CONNECTIONS.TWO_FACTOR.QR_ALT') });
  }

  get progress(): Locator {
    return this.root.getByRole('progressbar');
  }

  /** An outcome toast (connected, invalid token, timeout) of a connection. */
  outcome(key: 'CONNECTED' | 'INVALID_TOKEN' | 'TIMEOUT', connection: string): Locator {
    return this.page.getByText(
      t(this.language, `CONNECTIONS.TOASTS.${key}`, { institution: this.institution, connection }),
    );
  }
}
