import type { QueryClient } from '@tanstack/react-query';
import { queryClient as appQueryClient } from '../../app/query-client.ts';
import { organizationsKeys } from '../organizations/api/get-organizations.ts';
import { subscriptionKeys } from './api/get-subscription.ts';

/**
 * For the real-time channel: SUBSCRIPTION_UNLOCKED (and ORGANIZATION_UNLOCKED) refetch the
 * subscription and the organizations, so /locked sees the unlock at once and sends the user on to /.
 * (/locked also polls every 10 s, so it works without the socket.)
 */
export async function onSubscriptionUnlocked(client: QueryClient = appQueryClient): Promise<void> {
  await Promise.all([
    client.invalidateQueries({ queryKey: subscriptionKeys.all }),
    client.invalidateQueries({ queryKey: organizationsKeys.all }),
  ]);
}

/** ORGANIZATION_UNLOCKED reads the same data again. */
export const onOrganizationUnlocked = onSubscriptionUnlocked;
