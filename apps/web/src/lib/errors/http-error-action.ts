/**
 * Spec §8: what the app does with a failed call, beyond what the caller shows itself.
 * - `idle`: a signed-in call answered 401 — the idle-session dialog, then sign-in.
 * - `unauthorized` / `not-found`: 403 / 402 for a signed-in user — a page change.
 * - `two-factor`: 403 TWO_FACTOR_REQUIRED — the organization in use requires two-factor sign-in, which
 *   the user has not turned on: to the enrolment page.
 * - `generic-toast`: an error answer without the server's error body (a proxy, a crash page…).
 * - `none`: the caller handles it (500 is passed through, answers with a body are the caller's).
 */
export type HttpErrorAction = 'idle' | 'unauthorized' | 'two-factor' | 'not-found' | 'generic-toast' | 'none';

export interface HttpFailure {
  status: number;
  /** The answer carried the server's ErrorBody. */
  hasErrorBody: boolean;
  /** A session existed when the call was made. */
  signedIn: boolean;
  /** The error body's code, when there is one. */
  code?: string;
}

export function httpErrorAction({ status, hasErrorBody, signedIn, code }: HttpFailure): HttpErrorAction {
  if (status === 401) return signedIn ? 'idle' : 'none';
  if (status === 403 && signedIn && code === 'TWO_FACTOR_REQUIRED') return 'two-factor';
  if (status === 403) return signedIn ? 'unauthorized' : 'none';
  if (status === 402) return signedIn ? 'not-found' : 'none';
  if (status === 500) return 'none';
  if (status >= 400 && !hasErrorBody) return 'generic-toast';
  return 'none';
}
