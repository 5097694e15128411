import Stripe from 'stripe';
import type { Config } from '../../platform/config.ts';

type StripeSettings = Pick<Config['billing'], 'stripeSecretKey' | 'stripeWebhookSecret' | 'stripeApiBase'> & {
  stripeKey: string;
};

/**
 * Card payments need all three: the public key (the web app's configuration), the secret key
 * (creating Checkout Sessions) and the webhook secret (without it no payment could ever be marked
 * paid, so the card is not offered).
 */
export function cardPaymentsEnabled(config: StripeSettings): boolean {
  return config.stripeKey !== '' && config.stripeSecretKey !== '' && config.stripeWebhookSecret !== '';
}

/** A Stripe client, pointed at STRIPE_API_BASE when set (tests run a local stand-in for the API). */
export function createStripeClient(config: StripeSettings): Stripe | null {
  if (!cardPaymentsEnabled(config)) return null;
  const base = config.stripeApiBase ? new URL(config.stripeApiBase) : null;
  const protocol = base?.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(config.stripeSecretKey, {
    maxNetworkRetries: 1,
    timeout: 10_000,
    telemetry: false,
    ...(base ? { host: base.hostname, port: base.port || (protocol === 'http' ? 80 : 443), protocol } : {}),
  });
}

export interface CardCheckout {
  sessionId: string;
  url: string;
  expiresAt: Date;
}

/**
 * Opens a hosted Stripe Checkout page for one payment: one line of the payment's total (VAT
 * included) in integer cents, its ids in the metadata so the webhook can find it again. Which
 * methods the page offers (cards) is the Stripe account's payment-method configuration.
 */
export async function openCardCheckout(
  stripe: Stripe,
  input: {
    paymentId: string;
    subscriptionId: string;
    purpose: string;
    description: string;
    totalCents: number;
    currency: string;
    customerEmail: string | null;
    successUrl: string;
    cancelUrl: string;
  },
): Promise<CardCheckout> {
  const metadata = {
    paymentId: input.paymentId,
    subscriptionId: input.subscriptionId,
    purpose: input.purpose,
  };
  const session = await stripe.checkout.sessions.create({
    mode: 'payment',
    client_reference_id: input.paymentId,
    ...(input.customerEmail ? { customer_email: input.customerEmail } : {}),
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: input.currency.toLowerCase(),
          unit_amount: input.totalCents,
          product_data: { name: input.description },
        },
      },
    ],
    metadata,
    payment_intent_data: { metadata, description: input.description },
    success_url: input.successUrl,
    cancel_url: input.cancelUrl,
  });
  if (!session.url) throw new Error(`Stripe returned Checkout Session ${session.id} without a URL`);
  return { sessionId: session.id, url: session.url, expiresAt: new Date(session.expires_at * 1000) };
}
