import type { Locator, Page } from '@playwright/test';

/** Where the card is paid: the stand-in for Stripe's hosted Checkout page (support/stripe-stand-in.ts). */
export class StripeCheckoutPage {
  readonly pay: Locator;
  readonly cancel: Locator;

  constructor(readonly page: Page) {
    this.pay = page.getByRole('button', { name: /^Pay / });
    this.cancel = page.getByRole('link', { name: 'Cancel' });
  }

  /** The stand-in's address (STRIPE_API_BASE of the suite's server, see playwright.config.ts). */
  static origin(): string {
    const port = process.env.FLUXO_E2E_STRIPE_PORT;
    if (!port) throw new Error('FLUXO_E2E_STRIPE_PORT is not set (see playwright.config.ts)');
    return `http://127.0.0.1:${port}`;
  }
}
