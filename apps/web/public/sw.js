/* Fluxo service worker: shows the server's web pushes (spec §8); a click opens (or focuses) the app. */
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

/** The server sends the real-time envelope { messageId, type, data, createdAt }: a text for each push event. */
const TEXTS = {
  SUBSCRIPTION_UNLOCKED: {
    title: 'Subscription unlocked',
    body: 'Your subscription is active again.',
    url: '/',
  },
  ORGANIZATION_UNLOCKED: {
    title: 'Organization unlocked',
    body: 'Your organization is available again.',
    url: '/',
  },
  BILLING_DOCUMENT_CREATED: { title: 'New document', body: 'A billing document was created.', url: '/' },
  CONNECTION_STATUS_CHANGED: {
    title: 'Your bank is waiting for you',
    body: 'Open Fluxo to finish connecting your bank.',
    url: '/treasury/wallets',
  },
};

function describe(payload) {
  const known = TEXTS[payload.type] || {};
  const extra = payload.data?.ExtraData;
  let body = typeof payload.body === 'string' ? payload.body : known.body || '';
  if (!payload.body && extra && extra.InstitutionName)
    body = `${extra.InstitutionName} · ${extra.ConnectionName || ''}`;
  if (!payload.body && payload.type === 'BILLING_DOCUMENT_CREATED' && payload.data?.Number)
    body = `${known.body} ${payload.data.Number}`;
  return {
    title: typeof payload.title === 'string' && payload.title ? payload.title : known.title || 'Fluxo',
    body,
    url: typeof payload.url === 'string' ? payload.url : known.url || '/',
  };
}

self.addEventListener('push', (event) => {
  let payload = {};
  try {
    payload = event.data ? event.data.json() : {};
  } catch {
    payload = { body: event.data ? event.data.text() : '' };
  }
  const { title, body, url } = describe(payload || {});
  const options = { body, icon: '/favicon.svg', tag: payload.messageId, data: { url } };
  event.waitUntil(self.registration.showNotification(title, options).catch(() => undefined));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url || '/', self.location.origin);
  // Only ever opens the app itself.
  if (target.origin !== self.location.origin) return;
  event.waitUntil(
    self.clients
      .matchAll({ type: 'window', includeUncontrolled: true })
      .then((windows) => {
        for (const client of windows) {
          if (new URL(client.url).origin === target.origin && 'focus' in client) {
            if ('navigate' in client && client.url !== target.href)
              client.navigate(target.href).catch(() => undefined);
            return client.focus();
          }
        }
        return self.clients.openWindow(target.href);
      })
      .catch(() => undefined),
  );
});
