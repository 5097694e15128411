/** The query parameter that marks a reload made after a failed chunk load (and prevents a loop). */
export const CHUNK_RELOAD_PARAM = 'reloaded';

export function isChunkLoadFailure(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|error loading dynamically imported|Failed to fetch dynamically/i.test(
      error.message,
    )
  );
}

/**
 * Spec §8: a screen whose code cannot be loaded (usually a deploy replaced it) clears what the app
 * keeps for this tab and reloads once with a cache-busting query. The query stays in the address,
 * so a second failure shows the error page instead of reloading forever. Returns whether it reloads.
 *
 * The sign-in token in localStorage is kept: a new deploy is no reason to sign the user out.
 */
export function reloadAfterChunkFailure(location: Location = window.location): boolean {
  const url = new URL(location.href);
  if (url.searchParams.has(CHUNK_RELOAD_PARAM)) return false;
  try {
    window.sessionStorage.clear();
  } catch {
    // Storage unavailable: nothing kept to clear.
  }
  if (typeof caches !== 'undefined') {
    void caches
      .keys()
      .then((names) => Promise.all(names.map((name) => caches.delete(name))))
      .catch(() => undefined);
  }
  url.searchParams.set(CHUNK_RELOAD_PARAM, String(Date.now()));
  location.replace(url.toString());
  return true;
}
