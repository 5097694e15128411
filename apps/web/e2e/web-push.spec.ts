import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import type { RealtimeMessage } from '@fluxo/domain/realtime/events';
import { pushPayload } from '@fluxo/domain/realtime/push-notification';
import { apiToken, signInNewUser } from './support/signed-in.ts';
import { expect, type Page, test } from './support/test.ts';

/**
 * Web push in the browser: the app registers its service worker once notifications are allowed, and
 * the worker shows a push in the user's language.
 *
 * The browser's own push subscription cannot be made here: Chromium's pushManager.subscribe needs its
 * push service (Google's, over the network) and answers "Registration failed" without it. So the
 * subscription is saved through the API with the shape a browser gives (an FCM endpoint, a P-256 key,
 * a 16-byte secret), and the push is handed to the registered worker through the DevTools protocol
 * (ServiceWorker.deliverPushMessage), carrying the body the server would send this user.
 */

/** The notifications the app's service worker is showing, as the page can see them. */
function shownNotifications(page: Page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      lang: n.lang,
      tag: n.tag,
      url: (n.data as { url?: string } | null)?.url,
    }));
  });
}

test('a push reaches the service worker and is shown in the user’s language', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const origin = new URL(baseURL ?? '').origin;
  await context.grantPermissions(['notifications'], { origin });
  const { user } = await signInNewUser(page, request, 'web-push', 'pt');

  // Signed in with notifications allowed, the app registers its worker at the site's root.
  const registered = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return { scope: registration.scope, script: registration.active?.scriptURL ?? null };
  });
  expect(registered).toEqual({ scope: `${origin}/`, script: `${origin}/sw.js` });

  // The subscription a browser would save, through the API the app calls.
  const token = await apiToken(request, user.email, user.password);
  const subscription = {
    endpoint: `https://fcm.googleapis.com/fcm/send/${randomBytes(12).toString('base64url')}:APA91b${randomBytes(60).toString('base64url')}`,
    expirationTime: null,
    keys: {
      p256dh: createECDH('prime256v1').generateKeys().toString('base64url'),
      auth: randomBytes(16).toString('base64url'),
    },
  };
  const saved = await request.post('/api/v1/pushnotifications', {
    headers: { Authorization: `Bearer ${token}` },
    data: subscription,
  });
  expect(saved.status(), await saved.text()).toBe(200);
  expect(await saved.json()).toEqual({ saved: true });
  const anonymous = await request.post('/api/v1/pushnotifications', { data: subscription });
  expect(anonymous.status()).toBe(401);

  // The worker's registration, as the DevTools protocol names it.
  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL === `${origin}/` && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');

  // What the server pushes to a Portuguese-speaking user when their subscription unlocks.
  const message = {
    messageId: randomUUID(),
    type: 'SUBSCRIPTION_UNLOCKED',
    data: { SubscriptionId: randomUUID() },
    createdAt: new Date().toISOString(),
  } as RealtimeMessage;
  const id = await registrationId;
  // A delivery made while the worker is still settling in was once dropped on a loaded CI machine (the
  // command answered, no push event followed); it is made again until the notification shows. The
  // notification's tag is the message: a second delivery replaces it, never adds another.
  await expect(async () => {
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin,
      registrationId: id,
      data: pushPayload(message, user.language),
    });
    await expect
      .poll(() => shownNotifications(page), { timeout: 3_000 })
      .toEqual([
        {
          title: 'Subscrição desbloqueada',
          body: 'A sua subscrição está novamente ativa.',
          lang: 'pt-PT',
          tag: message.messageId,
          url: '/',
        },
      ]);
  }).toPass({ timeout: 15_000 });
});
