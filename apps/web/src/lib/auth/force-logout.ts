import { paths } from '../paths.ts';
import { clearSession } from './session.ts';

function clearCookies(): void {
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (!name) continue;
    const expired = `${encodeURIComponent(name)}=; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
    // A cookie is removed with the path and domain it was set with; both forms the app uses.
    for (const scope of ['path=/', `path=/; domain=${location.hostname}`]) {
      // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox and Safari; expiring a cookie needs no encoding beyond its name.
      document.cookie = `${expired}; ${scope}`;
    }
  }
}

async function clearCaches(): Promise<void> {
  if (!('caches' in window)) return;
  try {
    await Promise.all((await caches.keys()).map((key) => caches.delete(key)));
  } catch {
    // Cache Storage can be unavailable (insecure context); nothing is kept there then.
  }
}

/**
 * Spec §4 forced logout (the real-time FORCE_LOGOUT event): the session ends, local and session
 * storage, cookies and Cache Storage are emptied, and the page loads sign-in afresh with the time
 * as `f`, so nothing of the old session survives in memory either.
 */
export async function forceLogout(): Promise<void> {
  clearSession('signout');
  try {
    window.localStorage.clear();
    window.sessionStorage.clear();
  } catch {
    // Storage unavailable: nothing was kept there.
  }
  clearCookies();
  await clearCaches();
  window.location.assign(`${paths.auth.signIn.getHref()}?f=${Date.now()}`);
}
