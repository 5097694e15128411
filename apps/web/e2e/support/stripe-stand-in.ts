import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import Stripe from 'stripe';

/**
 * A local stand-in for Stripe, started once per browser run as a second webServer (playwright.config.ts):
 * the API the server's `stripe` library calls (STRIPE_API_BASE) to open Checkout Sessions, and the
 * hosted Checkout page the browser is sent to. Its "Pay" button does what Stripe does on a paid
 * session: POST a signed `checkout.session.completed` event to Fluxo's webhook, then send the
 * customer to the session's success_url; GET /stand-in/deliveries lists the webhooks sent and Fluxo's
 * answers. `POST /stand-in/hold?payment=<id>` makes Stripe late for that payment: the customer is sent
 * back first, and the event goes out on `POST /stand-in/release?payment=<id>`. Run as a script:
 * STRIPE_STAND_IN_PORT, FLUXO_URL and STRIPE_WEBHOOK_SECRET say where it listens, whom it calls and
 * how it signs.
 */

interface CheckoutSession {
  id: string;
  amountTotal: number;
  currency: string;
  clientReferenceId: string | null;
  metadata: Record<string, string>;
  successUrl: string;
  cancelUrl: string;
}

const port = Number(process.env.STRIPE_STAND_IN_PORT);
const fluxoUrl = process.env.FLUXO_URL ?? '';
const webhookSecret = process.env.STRIPE_WEBHOOK_SECRET ?? '';
if (!port || !fluxoUrl || !webhookSecret) {
  throw new Error('STRIPE_STAND_IN_PORT, FLUXO_URL and STRIPE_WEBHOOK_SECRET are required');
}
const origin = `http://127.0.0.1:${port}`;
const sessions = new Map<string, CheckoutSession>();
/** Each webhook delivered and what Fluxo answered, for tests to read (GET /stand-in/deliveries). */
const deliveries: { sessionId: string; paymentId: string | null; status: number; answer: string }[] = [];
// Used only to sign webhook payloads exactly as Stripe does.
const signer = new Stripe('sk_test_stand_in_signer');
let counter = 0;

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
    });
    request.on('end', () => resolve(body));
    request.on('error', reject);
  });
}

function send(response: ServerResponse, status: number, type: string, body: string): void {
  response.writeHead(status, { 'content-type': type });
  response.end(body);
}

/** POST /v1/checkout/sessions: the form the library sends, answered as a Checkout Session. */
function createSession(form: URLSearchParams): CheckoutSession & { url: string } {
  counter += 1;
  const id = `cs_test_stand_in_${Date.now().toString(36)}_${counter}`;
  const metadata: Record<string, string> = {};
  for (const [key, value] of form) {
    const name = /^metadata\[(\w+)\]$/.exec(key)?.[1];
    if (name) metadata[name] = value;
  }
  const session: CheckoutSession = {
    id,
    amountTotal: Number(form.get('line_items[0][price_data][unit_amount]')),
    currency: form.get('line_items[0][price_data][currency]') ?? '',
    clientReferenceId: form.get('client_reference_id'),
    metadata,
    successUrl: form.get('success_url') ?? '',
    cancelUrl: form.get('cancel_url') ?? '',
  };
  sessions.set(id, session);
  return { ...session, url: `${origin}/c/pay/${id}` };
}

function checkoutPage(session: CheckoutSession): string {
  const amount = `${(session.amountTotal / 100).toFixed(2)} ${session.currency.toUpperCase()}`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Stripe Checkout (stand-in)</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body><main>
<h1>Pay ${amount}</h1>
<form method="post" action="/c/pay/${session.id}"><button type="submit">Pay ${amount}</button></form>
<p><a href="${session.cancelUrl.replace(/"/g, '&quot;')}">Cancel</a></p>
</main></body></html>`;
}

/** What Stripe posts once the customer has paid the session. */
function completedEvent(session: CheckoutSession): string {
  return JSON.stringify({
    id: `evt_stand_in_${session.id}`,
    object: 'event',
    type: 'checkout.session.completed',
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: session.id,
        object: 'checkout.session',
        mode: 'payment',
        status: 'complete',
        payment_status: 'paid',
        amount_total: session.amountTotal,
        currency: session.currency,
        client_reference_id: session.clientReferenceId,
        metadata: session.metadata,
      },
    },
  });
}

/** Payments whose event Stripe is late with: the customer is sent back first (POST /stand-in/hold). */
const held = new Set<string>();
/** Paid sessions whose event waits for POST /stand-in/release, by payment id. */
const waiting = new Map<string, CheckoutSession>();

/** Posts the signed event to Fluxo's webhook and records the answer. */
async function deliver(session: CheckoutSession): Promise<{ ok: boolean; status: number; answer: string }> {
  const payload = completedEvent(session);
  const delivered = await fetch(`${fluxoUrl}/api/v1/payments/stripe/webhook`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }),
    },
    body: payload,
  });
  const answer = await delivered.text();
  deliveries.push({
    sessionId: session.id,
    paymentId: session.clientReferenceId,
    status: delivered.status,
    answer,
  });
  return { ok: delivered.ok, status: delivered.status, answer };
}

async function pay(session: CheckoutSession, response: ServerResponse): Promise<void> {
  if (session.clientReferenceId && held.has(session.clientReferenceId)) {
    waiting.set(session.clientReferenceId, session);
  } else {
    const delivered = await deliver(session);
    if (!delivered.ok) {
      send(response, 502, 'text/plain', `Fluxo's webhook answered ${delivered.status}: ${delivered.answer}`);
      return;
    }
  }
  response.writeHead(303, { location: session.successUrl });
  response.end();
}

const server = createServer((request, response) => {
  const url = new URL(request.url ?? '/', origin);
  const pagePath = /^\/c\/pay\/([\w-]+)$/.exec(url.pathname);
  const session = pagePath ? sessions.get(pagePath[1]!) : undefined;
  readBody(request)
    .then(async (body) => {
      if (request.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        const created = createSession(new URLSearchParams(body));
        send(
          response,
          200,
          'application/json',
          JSON.stringify({
            id: created.id,
            object: 'checkout.session',
            mode: 'payment',
            url: created.url,
            expires_at: Math.floor(Date.now() / 1000) + 24 * 3600,
            amount_total: created.amountTotal,
            currency: created.currency,
            client_reference_id: created.clientReferenceId,
            metadata: created.metadata,
          }),
        );
      } else if (request.method === 'GET' && url.pathname === '/health') {
        send(response, 200, 'text/plain', 'ok');
      } else if (request.method === 'GET' && url.pathname === '/stand-in/deliveries') {
        send(response, 200, 'application/json', JSON.stringify(deliveries));
      } else if (request.method === 'POST' && url.pathname === '/stand-in/hold') {
        held.add(url.searchParams.get('payment') ?? '');
        send(response, 204, 'text/plain', '');
      } else if (request.method === 'POST' && url.pathname === '/stand-in/release') {
        const paymentId = url.searchParams.get('payment') ?? '';
        const paid = waiting.get(paymentId);
        if (!paid) {
          send(response, 404, 'text/plain', `No paid session waits for payment ${paymentId}`);
          return;
        }
        waiting.delete(paymentId);
        held.delete(paymentId);
        const delivered = await deliver(paid);
        send(response, delivered.ok ? 200 : 502, 'application/json', delivered.answer);
      } else if (session && request.method === 'GET') {
        send(response, 200, 'text/html; charset=utf-8', checkoutPage(session));
      } else if (session && request.method === 'POST') {
        await pay(session, response);
      } else {
        send(
          response,
          404,
          'application/json',
          JSON.stringify({ error: { type: 'invalid_request_error', message: `No route ${url.pathname}` } }),
        );
      }
    })
    .catch((error: unknown) => send(response, 500, 'text/plain', String(error)));
});

server.listen(port, '127.0.0.1');
