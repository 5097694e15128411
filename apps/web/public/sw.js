/* Fluxo service worker: shows the server's web pushes (spec §8); a click opens (or focuses) the app. */
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

/**
 * The server sends the real-time envelope { messageId, type, data, createdAt } with the notification to
 * show, { title, body, url, lang }, already in the user's language (pushPayload in @fluxo/domain): the
 * worker has no session to learn the language from, and no texts of its own.
 */
function describe(payload) {
  const shown = payload && typeof payload.notification === 'object' ? payload.notification || {} : {};
  return {
    title: typeof shown.title === 'string' && shown.title ? shown.title : 'Fluxo',
    body: typeof shown.body === 'string' ? shown.body : '',
    url: typeof shown.url === 'string' ? shown.url : '/',
    lang: typeof shown.lang === 'string' ? shown.lang : '',
  };
}

self.addEventListener('push', (event) => {
  let payload = {};
  try {
    payload = event.data ? event.data.json() : {};
  } catch {
    payload = {};
  }
  const { title, body, url, lang } = describe(payload);
  const options = { body, lang, icon: '/favicon.svg', tag: payload?.messageId, data: { url } };
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
