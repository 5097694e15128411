import { isLocked } from '@fluxo/domain/subscriptions/checks';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../../../lib/auth/session.ts';
import { paths } from '../../../lib/paths.ts';
import { organizationsQueryOptions } from '../../organizations/api/get-organizations.ts';
import { allOrganizations } from '../../organizations/default-organization.ts';
import { useSubscription } from '../api/get-subscription.ts';
import { useTreeHref } from './use-tree-href.ts';

/** How often /locked asks again whether the subscription was unlocked (besides the real-time event). */
export const UNLOCK_POLL_MS = 10_000;

/**
 * Spec §2: once unlocked, a user on the locked page goes to /. Polls the subscription and the
 * organizations list; the SUBSCRIPTION_UNLOCKED event (onSubscriptionUnlocked) refetches them sooner.
 */
export function useUnlockWatch() {
  const session = useSession();
  const navigate = useNavigate();
  const href = useTreeHref();
  const subscription = useSubscription({ refetchInterval: UNLOCK_POLL_MS });
  const organizations = useQuery({
    ...organizationsQueryOptions(session?.claims.sub ?? ''),
    refetchInterval: UNLOCK_POLL_MS,
  });
  const all = allOrganizations(organizations.data);
  const unlocked = subscription.data
    ? !isLocked(subscription.data)
    : subscription.isError && all.length > 0 && all.some((organization) => !organization.locked);

  useEffect(() => {
    if (unlocked) void navigate(href(paths.root.getHref()), { replace: true });
  }, [unlocked, navigate, href]);

  return { subscription, unlocked };
}
