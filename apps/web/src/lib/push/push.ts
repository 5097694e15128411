import type { PushSubscriptionInput } from '@fluxo/domain/realtime/contracts';

/**
 * Web push (spec §8): the service worker shows the server's pushes; the browser subscription is saved
 * with POST /api/v1/pushnotifications. Every failure on this side is ignored silently, as the spec says.
 */

function keyBytes(base64Url: string): Uint8Array<ArrayBuffer> {
  const base64 = (base64Url + '='.repeat((4 - (base64Url.length % 4)) % 4))
    .replace(/-/g, '+')
    .replace(/_/g, '/');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'Notification' in window &&
    'serviceWorker' in navigator &&
    'PushManager' in window
  );
}

/** Subscribes this browser (permission already granted) and saves the subscription. */
export async function subscribeToPush(publicVapidKey: string | null | undefined): Promise<void> {
  try {
    if (!pushSupported() || !publicVapidKey || Notification.permission !== 'granted') return;
    const registration = await navigator.serviceWorker.register('/sw.js');
    await navigator.serviceWorker.ready;
    const subscription =
      (await registration.pushManager.getSubscription()) ??
      (await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: keyBytes(publicVapidKey),
      }));
    const [{ apiRequest }, { savePushSubscriptionContract }] = await Promise.all([
      import('../api/client.ts'),
      import('@fluxo/domain/realtime/contracts'),
    ]);
    const body = subscription.toJSON() as PushSubscriptionInput;
    await apiRequest(savePushSubscriptionContract, { body, appErrorHandling: false });
  } catch {
    // Spec §8: push failures on the client are ignored.
  }
}

/** The user asked for notifications (a user action): ask the browser, then subscribe. */
export async function enablePush(
  publicVapidKey: string | null | undefined,
): Promise<NotificationPermission | null> {
  try {
    if (!pushSupported()) return null;
    const permission = await Notification.requestPermission();
    if (permission === 'granted') await subscribeToPush(publicVapidKey);
    return permission;
  } catch {
    return null;
  }
}
