import type { HttpErrorAction } from './http-error-action.ts';

/**
 * The API client reports the failures the whole app reacts to (spec §8); the error handling
 * mounted in the root layout listens. Kept free of React and Mantine so the client stays small.
 */
export interface ApiErrorEvent {
  action: Exclude<HttpErrorAction, 'none'>;
  status: number;
  /** The server's id for the request, when the answer carried one (shown for support). */
  requestId: string | null;
}

type Listener = (event: ApiErrorEvent) => void;
const listeners = new Set<Listener>();

/** Tells the listeners; answers false when nobody listens (the caller then does the minimum itself). */
export function reportApiError(event: ApiErrorEvent): boolean {
  for (const listener of listeners) listener(event);
  return listeners.size > 0;
}

export function onApiError(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
