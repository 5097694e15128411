import type { Locator, Page } from '@playwright/test';
import { type Language, t } from '../support/i18n.ts';

/** The guided tour's tooltip and backdrop. */
export class Tour {
  constructor(
    readonly page: Page,
    readonly language: Language = 'gb',
  ) {}

  step(titleKey: string): Locator {
    return this.page.getByRole('heading', { name: t(this.language, titleKey) });
  }

  button(key: string): Locator {
    return this.page.getByRole('button', { name: t(this.language, key), exact: true });
  }

  /** Joyride's overlay (the backdrop), the one element of the tour without a role. */
  get backdrop(): Locator {
    return this.page.locator('[data-test-id="overlay"], .react-joyride__overlay');
  }
}
