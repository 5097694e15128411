/** Spec §9: the server's version is compared every 10 minutes; a different one reloads 2 s later. */
export const VERSION_CHECK_INTERVAL_MS = 600_000;
export const VERSION_RELOAD_DELAY_MS = 2_000;

/** The version this build was made from (the root package.json's, injected by Vite). */
export const BUILT_VERSION: string = typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : '0.0.0';

export interface VersionCheckOptions {
  builtVersion: string;
  /** The version the server runs now; null when it cannot be read (then nothing happens). */
  fetchVersion: () => Promise<string | null>;
  reload: () => void;
  intervalMs?: number;
  reloadDelayMs?: number;
}

/**
 * Starts the periodic check; returns a function that stops it. A failed read is ignored (the next
 * tick tries again); once a difference is seen the reload is scheduled and the checks stop.
 */
export function startVersionCheck({
  builtVersion,
  fetchVersion,
  reload,
  intervalMs = VERSION_CHECK_INTERVAL_MS,
  reloadDelayMs = VERSION_RELOAD_DELAY_MS,
}: VersionCheckOptions): () => void {
  let reloadTimer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const interval = setInterval(async () => {
    const version = await fetchVersion().catch(() => null);
    if (stopped || !version || version === builtVersion) return;
    stopped = true;
    clearInterval(interval);
    reloadTimer = setTimeout(reload, reloadDelayMs);
  }, intervalMs);
  return () => {
    stopped = true;
    clearInterval(interval);
    clearTimeout(reloadTimer);
  };
}

/** The server's configuration, read without the typed client so this stays off the zod path. */
export async function fetchAppConfiguration(): Promise<Record<string, unknown> | null> {
  const response = await fetch('/home/configuration', {
    cache: 'no-store',
    headers: { Accept: 'application/json' },
  });
  if (!response.ok) return null;
  const body = (await response.json()) as unknown;
  return body && typeof body === 'object' ? (body as Record<string, unknown>) : null;
}

export async function fetchServerVersion(): Promise<string | null> {
  const configuration = await fetchAppConfiguration();
  return typeof configuration?.appVersion === 'string' ? configuration.appVersion : null;
}
