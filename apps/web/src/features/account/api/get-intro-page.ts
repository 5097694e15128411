import { userSettingValueContract } from '@fluxo/domain/account/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client.ts';

/**
 * The `intro_page` setting (spec §2 post-login landing); null when unset or unreadable, so that a
 * failure never stops the user from landing.
 */
export const introPageQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['account', userId, 'settings', 'intro_page'],
    queryFn: async () => {
      try {
        const setting = await apiRequest(userSettingValueContract, { query: { s: 'intro_page' } });
        return setting.name === 'intro_page' ? setting.value : null;
      } catch {
        return null;
      }
    },
    staleTime: 60_000,
  });

export function useIntroPage(userId: string) {
  return useQuery(introPageQueryOptions(userId));
}
