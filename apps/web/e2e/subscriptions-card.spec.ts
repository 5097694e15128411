import type { Payment } from '@fluxo/domain/payments/contracts';
import { AppShell } from './pages/app-shell.ts';
import { StripeCheckoutPage } from './pages/stripe-checkout-page.ts';
import { LockedPage, SubscriptionsPage } from './pages/subscriptions-page.ts';
import { t } from './support/i18n.ts';
import { keepScreenshot } from './support/screenshots.ts';
import { api, apiToken, devicePath, organizationsOf, signInAs, urlOf } from './support/session.ts';
import { expect, type TestInfo, test } from './support/test.ts';

// One locked demo account per project (not the ones the transfer journey unlocks), so the two runs
// never pay each other's invoice.
const ACCOUNTS = {
  desktop: { email: 'locked3@fluxo.example', organization: 'Bloqueada Três, Lda' },
  mobile: { email: 'locked4@fluxo.example', organization: 'Bloqueada Quatro, Lda' },
};
/** Back in Fluxo from the card page: `/locked?card=<outcome>&payment=<id>`. */
const backFromCard = (testInfo: TestInfo, outcome: 'paid' | 'cancelled', paymentId: string) => (url: URL) =>
  url.pathname === devicePath(testInfo, '/locked') &&
  url.searchParams.get('card') === outcome &&
  url.searchParams.get('payment') === paymentId;
/** On the (stand-in) Stripe Checkout page. */
const onCardPage = (url: URL) => url.href.startsWith(`${StripeCheckoutPage.origin()}/c/pay/`);

const LATE_EVENT_ACCOUNTS = {
  desktop: { email: 'locked5@fluxo.example', organization: 'Bloqueada Cinco, Lda' },
  mobile: { email: 'locked6@fluxo.example', organization: 'Bloqueada Seis, Lda' },
};

test('a locked user cancels on Stripe Checkout, comes back still locked, then pays by card and comes back unlocked', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  const account = testInfo.project.name === 'mobile' ? ACCOUNTS.mobile : ACCOUNTS.desktop;
  await signInAs(page, account.email);
  await expect(page).toHaveURL(urlOf(testInfo, '/locked'));
  const locked = new LockedPage(page);
  await expect(locked.heading).toBeVisible();

  const token = await apiToken(request, account.email);
  const subscription = await api<{ id: string; status: number }>(
    request,
    token,
    'GET',
    '/api/v1/subscription',
  );
  const pendingUrl = `/api/v1/subscription/${subscription.id}/payments/pending`;
  const [payment] = await api<Payment[]>(request, token, 'GET', pendingUrl);
  expect(payment?.totalCents).toBeGreaterThan(0);

  // The card is offered (Stripe is configured for the suite's server) and sends the browser to Stripe.
  const chosen = page.waitForRequest(
    (sent) => sent.method() === 'PUT' && sent.url().endsWith(`/payments/${payment!.id}`),
  );
  await locked.payByCard();
  expect((await chosen).postDataJSON()).toEqual({ type: 4, returnPath: devicePath(testInfo, '/locked') });
  const checkout = new StripeCheckoutPage(page);
  await expect(page).toHaveURL(onCardPage);
  // Stripe charges exactly the payment's total, VAT included.
  await expect(checkout.pay).toHaveAccessibleName(`Pay ${(payment!.totalCents / 100).toFixed(2)} EUR`);
  await keepScreenshot(page, testInfo, 'card-checkout');

  // Changing one's mind on Stripe's page: back in Fluxo, told so, still locked, the payment still due.
  await checkout.cancel.click();
  await expect(page).toHaveURL(backFromCard(testInfo, 'cancelled', payment!.id));
  await expect(locked.cardCancelled).toBeVisible();
  await expect(locked.heading).toBeVisible();
  expect((await api<Payment[]>(request, token, 'GET', pendingUrl)).map((p) => p.id)).toEqual([payment!.id]);
  expect((await organizationsOf(request, token)).map((organization) => organization.locked)).toEqual([true]);

  // The card page is still open for this payment: going back to it, the customer pays after all.
  await locked.goBackToCard();
  await expect(page).toHaveURL(onCardPage);

  // Paying makes Stripe post the signed event to Fluxo, then send the customer back to Fluxo.
  const back = page.waitForURL(backFromCard(testInfo, 'paid', payment!.id), { waitUntil: 'commit' });
  await checkout.pay.click();
  await back;
  const deliveries = (await (
    await request.get(`${StripeCheckoutPage.origin()}/stand-in/deliveries`)
  ).json()) as { paymentId: string; status: number; answer: string }[];
  const delivered = deliveries.filter((delivery) => delivery.paymentId === payment!.id);
  expect(delivered).toHaveLength(1);
  expect(delivered[0]!.status).toBe(200);
  expect(JSON.parse(delivered[0]!.answer)).toEqual({ received: true, duplicate: false, outcome: 'paid' });

  // Back in Fluxo the subscription is unlocked: the locked page gives way, the organization opens.
  await expect(page).not.toHaveURL(/\/locked/);
  await expect(locked.heading).toBeHidden();
  const shell = new AppShell(page, 'pt');
  if (shell.isPhone) await shell.openNavigation();
  await expect(shell.organizationSwitcher(account.organization)).toBeVisible();
  expect((await organizationsOf(request, token)).map((organization) => organization.locked)).toEqual([false]);

  // The plan page shows the subscription active and nothing left to pay.
  const plan = new SubscriptionsPage(page, 'pt');
  await plan.goto();
  await expect(page.getByText(t('pt', 'SUBSCRIPTION.STATUS.ACTIVE'), { exact: true })).toBeVisible();
  await expect(page.getByText(t('pt', 'BILLING.PAYMENTS.NONE_PENDING'))).toBeVisible();
  expect(await api<Payment[]>(request, token, 'GET', pendingUrl)).toEqual([]);
  await keepScreenshot(page, testInfo, 'card-paid');
});

test('back from Stripe before its event, the customer is told the payment is being confirmed, and the page unlocks by itself when it comes', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  const account =
    testInfo.project.name === 'mobile' ? LATE_EVENT_ACCOUNTS.mobile : LATE_EVENT_ACCOUNTS.desktop;
  await signInAs(page, account.email);
  await expect(page).toHaveURL(urlOf(testInfo, '/locked'));
  const locked = new LockedPage(page);
  await expect(locked.heading).toBeVisible();
  const token = await apiToken(request, account.email);
  const subscription = await api<{ id: string }>(request, token, 'GET', '/api/v1/subscription');
  const pendingUrl = `/api/v1/subscription/${subscription.id}/payments/pending`;
  const [payment] = await api<Payment[]>(request, token, 'GET', pendingUrl);

  // Stripe is late with this payment's event: the customer comes back first.
  const stripe = StripeCheckoutPage.origin();
  expect((await request.post(`${stripe}/stand-in/hold?payment=${payment!.id}`)).status()).toBe(204);
  await locked.payByCard();
  const checkout = new StripeCheckoutPage(page);
  await expect(checkout.pay).toBeVisible();
  await checkout.pay.click();
  await expect(page).toHaveURL(backFromCard(testInfo, 'paid', payment!.id));
  await expect(locked.cardBeingConfirmed).toBeVisible();
  await expect(locked.heading).toBeVisible();
  expect((await organizationsOf(request, token)).map((organization) => organization.locked)).toEqual([true]);

  // The event comes: the server records the payment and tells the browser, which leaves /locked without
  // being reloaded.
  let documentLoads = 0;
  page.on('load', () => {
    documentLoads += 1;
  });
  const released = await request.post(`${stripe}/stand-in/release?payment=${payment!.id}`);
  expect(released.status(), await released.text()).toBe(200);
  await expect(page).not.toHaveURL(/\/locked/);
  await expect(locked.heading).toBeHidden();
  const shell = new AppShell(page, 'pt');
  if (shell.isPhone) await shell.openNavigation();
  await expect(shell.organizationSwitcher(account.organization)).toBeVisible();
  expect(await api<Payment[]>(request, token, 'GET', pendingUrl)).toEqual([]);
  // Left by the app itself (the real-time message), not by a reload.
  expect(documentLoads).toBe(0);
});
