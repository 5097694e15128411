import { expect, type Locator, type Page } from '@playwright/test';
import { type Language, t } from '../support/i18n.ts';

/** /settings/plan ("Plan and billing"): Fluxo's own plan, checks, credits, add-ons, payments. */
export class SubscriptionsPage {
  constructor(
    readonly page: Page,
    readonly language: Language = 'pt',
  ) {}

  get mobile(): boolean {
    return (this.page.viewportSize()?.width ?? 1280) < 768;
  }

  async goto(): Promise<void> {
    await this.page.goto(`${this.mobile ? '/m' : ''}/settings/plan`);
    await expect(
      this.page.getByRole('heading', { level: 1, name: t(this.language, 'SUBSCRIPTION.TITLE') }),
    ).toBeVisible();
  }

  get checks(): Locator {
    return this.page.getByRole('list', { name: t(this.language, 'SUBSCRIPTION.CHECKS.LABEL') });
  }

  check(name: string): Locator {
    return this.checks
      .getByRole('listitem')
      .filter({ hasText: t(this.language, `SUBSCRIPTION.CHECKS.${name}`) });
  }

  buyAddonButton(nameKey: string): Locator {
    return this.page.getByRole('button', {
      name: t(this.language, 'ADDONS.BUY_NAMED', { name: t(this.language, nameKey) }),
    });
  }

  purchaseDialog(nameKey: string): Locator {
    return this.page.getByRole('dialog', {
      name: t(this.language, 'ADDONS.PURCHASE.TITLE', { name: t(this.language, nameKey) }),
    });
  }

  get toast(): Locator {
    return this.page.getByText(t(this.language, 'ADDONS.PURCHASE.DONE_TITLE'));
  }
}

/** /locked: what happened, the payments to make, and the way out once unlocked. */
export class LockedPage {
  constructor(
    readonly page: Page,
    readonly language: Language = 'pt',
  ) {}

  get heading(): Locator {
    return this.page.getByRole('heading', { level: 1, name: t(this.language, 'LOCKED.TITLE') });
  }

  /** The first payment to make. */
  get step(): Locator {
    return this.page.getByTestId('payment-step').first();
  }

  /** Direct debit with a wrong IBAN: the form says so and signs nothing. */
  async checkIbanValidation(wrongIban: string): Promise<void> {
    await this.step
      .getByRole('radio', { name: t(this.language, 'BILLING.PAYMENT_TYPE.DIRECT_DEBIT') })
      .check();
    await this.step
      .getByRole('textbox', { name: t(this.language, 'CHECKOUT.DIRECT_DEBIT.IBAN') })
      .fill(wrongIban);
    await this.step
      .getByRole('textbox', { name: t(this.language, 'CHECKOUT.DIRECT_DEBIT.HOLDER') })
      .fill('Titular');
    await this.step.getByRole('button', { name: t(this.language, 'CHECKOUT.DIRECT_DEBIT.SIGN') }).click();
    await expect(this.step.getByText(t(this.language, 'CHECKOUT.DIRECT_DEBIT.INVALID_IBAN'))).toBeVisible();
  }

  /** What the payment step says when the customer comes back from the card page without paying. */
  get cardCancelled(): Locator {
    return this.cardReturnNotice('BILLING.CARD.RETURN_CANCELLED');
  }

  /** What the payment step says when the customer is back from the card page before Stripe confirms. */
  get cardBeingConfirmed(): Locator {
    return this.cardReturnNotice('BILLING.CARD.RETURN_PAID');
  }

  private cardReturnNotice(key: string): Locator {
    return this.step.getByRole('status').filter({ hasText: t(this.language, key) });
  }

  /** Back to the card page of a payment already set to be paid by card. */
  async goBackToCard(): Promise<void> {
    await this.step.getByRole('link', { name: t(this.language, 'BILLING.CARD.GO') }).click();
  }

  /** Chooses the card, which sends the browser to the card payment page (Stripe Checkout). */
  async payByCard(): Promise<void> {
    const card = t(this.language, 'BILLING.PAYMENT_TYPE.CREDIT_CARD');
    await this.step.getByRole('radio', { name: card }).check();
    await this.step
      .getByRole('button', { name: t(this.language, 'CHECKOUT.PAY_WITH', { method: card }) })
      .click();
  }

  async payByTransfer(): Promise<void> {
    await this.step.getByRole('radio', { name: t(this.language, 'BILLING.PAYMENT_TYPE.TRANSFER') }).check();
    await this.step
      .getByRole('button', {
        name: t(this.language, 'CHECKOUT.PAY_WITH', {
          method: t(this.language, 'BILLING.PAYMENT_TYPE.TRANSFER'),
        }),
      })
      .click();
    await expect(
      this.step.getByRole('region', { name: t(this.language, 'BILLING.TRANSFER.TITLE') }),
    ).toBeVisible();
  }
}
