import { apiRequest } from '../api/client.ts';
import { type Session, setSession } from './session.ts';

/** Asks the server for a fresh token (new claims: permissions, language, activity) and keeps it. */
export async function refreshSession(): Promise<Session> {
  // Imported on first use: contracts bring zod, which the sign-in screen does without.
  const { tokenRefreshContract } = await import('@fluxo/domain/auth/contracts');
  return setSession(await apiRequest(tokenRefreshContract));
}
