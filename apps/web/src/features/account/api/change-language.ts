import type { Language } from '@fluxo/domain/languages';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client.ts';
import { refreshSession } from '../../../lib/auth/refresh-session.ts';
import { getSession } from '../../../lib/auth/session.ts';
import { switchLanguage } from '../../../lib/i18n/i18n.ts';

/**
 * Switches the interface language at once, without a reload. Signed in, the account keeps it too,
 * and the token is refreshed so its `lang` claim (the language the next visit starts in) agrees.
 */
export async function changeLanguage(language: Language): Promise<void> {
  await switchLanguage(language);
  if (!getSession()) return;
  // Imported on first use: the sign-in screen offers this menu without loading zod.
  const { changeLanguageContract } = await import('@fluxo/domain/account/contracts');
  await apiRequest(changeLanguageContract, { query: { language } });
  await refreshSession();
}

export function useChangeLanguage() {
  return useMutation({ mutationFn: changeLanguage });
}
