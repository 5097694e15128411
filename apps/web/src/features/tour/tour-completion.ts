import { updateUserSettingsContract, userSettingsContract } from '@fluxo/domain/account/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api/client.ts';

/** Spec §3: the completion flag per tour is also kept on this device. */
export function localTourKey(tourId: string): string {
  return `tour_completed_${tourId}`;
}

export function isTourCompletedLocally(tourId: string): boolean {
  try {
    return window.localStorage.getItem(localTourKey(tourId)) === 'true';
  } catch {
    return false;
  }
}

function markTourCompletedLocally(tourId: string): void {
  try {
    window.localStorage.setItem(localTourKey(tourId), 'true');
  } catch {
    // Storage unavailable: the account keeps it.
  }
}

export const userSettingsKeys = { all: ['account', 'settings'] as const };

export const userSettingsQueryOptions = () =>
  queryOptions({
    queryKey: userSettingsKeys.all,
    queryFn: () => apiRequest(userSettingsContract),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** Whether the tour was completed, here or on the account; undefined while the account is read. */
export function useTourCompleted(tourId: string): boolean | undefined {
  const local = isTourCompletedLocally(tourId);
  const settings = useQuery({ ...userSettingsQueryOptions(), enabled: !local });
  if (local) return true;
  if (settings.isError) return true; // Unknown: better no tour than one every visit.
  if (!settings.data) return undefined;
  return settings.data.tours_completed?.[tourId] === true;
}

/** Marks a tour complete here and in the account's `tours_completed` (merged with the others). */
export function useCompleteTour() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (tourId: string) => {
      markTourCompletedLocally(tourId);
      const current = await queryClient.fetchQuery(userSettingsQueryOptions()).catch(() => undefined);
      return apiRequest(updateUserSettingsContract, {
        body: { tours_completed: { ...current?.tours_completed, [tourId]: true } },
      });
    },
    onSuccess: (settings) => queryClient.setQueryData(userSettingsKeys.all, settings),
  });
}
