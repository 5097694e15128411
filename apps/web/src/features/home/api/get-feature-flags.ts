import { allFlagsOff, type FeatureFlags, isFeatureFlagName } from '@fluxo/domain/feature-flags';
import { queryOptions, useQuery } from '@tanstack/react-query';

export const featureFlagsKeys = { all: ['feature-flags'] as const };

/**
 * GET /featureflags (spec §7): the flags the server knows, each on or off. Read with a bare fetch,
 * not the contract, because every screen (sign-in too) asks before it shows; spec §8: when the
 * flags cannot be read, every flag is off.
 */
export async function getFeatureFlags(): Promise<FeatureFlags> {
  const flags = allFlagsOff();
  try {
    const response = await fetch('/featureflags', {
      headers: { Accept: 'application/json' },
      cache: 'no-store',
    });
    if (!response.ok) return flags;
    const body: unknown = await response.json();
    if (body && typeof body === 'object') {
      for (const [name, value] of Object.entries(body)) {
        if (isFeatureFlagName(name) && typeof value === 'boolean') flags[name] = value;
      }
    }
  } catch {
    // Spec §8: flags off.
  }
  return flags;
}

export const featureFlagsQueryOptions = () =>
  queryOptions({ queryKey: featureFlagsKeys.all, queryFn: getFeatureFlags, staleTime: 60_000 });

/** While maintenance is on, the flags are asked for again now and then, so the app comes back by itself. */
export const MAINTENANCE_POLL_MS = 30_000;

export function useFeatureFlags({ poll = false }: { poll?: boolean } = {}) {
  return useQuery({ ...featureFlagsQueryOptions(), refetchInterval: poll ? MAINTENANCE_POLL_MS : false });
}
