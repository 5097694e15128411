import { expect, type Locator, type Page } from '@playwright/test';
import { type Language, t } from '../support/i18n.ts';

export class OnboardingPage {
  readonly heading: Locator;

  constructor(
    readonly page: Page,
    readonly language: Language = 'gb',
  ) {
    this.heading = page.getByRole('heading', { name: t(language, 'AUTH.ONBOARDING.TITLE') });
  }

  async finish(): Promise<void> {
    await expect(this.heading).toBeVisible();
    const submit = this.page.getByRole('button', { name: t(this.language, 'AUTH.ONBOARDING.SUBMIT') });
    // The terms are required: the form says so before anything is sent.
    await submit.click();
    await expect(this.page.getByText(t(this.language, 'VALIDATION.ACCEPT_TERMS'))).toBeVisible();
    await this.page.getByRole('checkbox', { name: t(this.language, 'AUTH.ONBOARDING.ACCEPT_TERMS') }).check();
    await submit.click();
  }
}
