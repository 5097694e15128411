import {
  getNotificationPreferencesContract,
  listNotificationsContract,
  type NotificationPreference,
  readAllNotificationsContract,
  readNotificationContract,
  saveNotificationPreferencesContract,
} from '@fluxo/domain/notifications/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client.ts';
import { useSelectedOrganizationId, useSession } from '../../../lib/auth/session.ts';
import { realtimeQueryKeys } from '../../../lib/realtime/query-keys.ts';

/** Under the real-time key: REFRESH_NOTIFICATIONS invalidates every notifications query. */
export const notificationsKeys = {
  list: (userId: string | null, organizationId: string | null) =>
    [...realtimeQueryKeys.notifications, 'list', userId, organizationId] as const,
  preferences: (userId: string | null) =>
    [...realtimeQueryKeys.notifications, 'preferences', userId] as const,
};

/** The bell's notifications: the organization in use's and those of no organization, newest first. */
export function useNotifications() {
  const userId = useSession()?.claims.sub ?? null;
  const organizationId = useSelectedOrganizationId();
  return useQuery({
    queryKey: notificationsKeys.list(userId, organizationId),
    queryFn: () => apiRequest(listNotificationsContract, { query: { limit: 20 } }),
    enabled: !!userId,
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: realtimeQueryKeys.notifications });
}

export function useMarkRead() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => apiRequest(readNotificationContract, { params: { id } }),
    onSuccess: refresh,
  });
}

export function useMarkAllRead() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: () => apiRequest(readAllNotificationsContract), onSuccess: refresh });
}

export function useNotificationPreferences() {
  const userId = useSession()?.claims.sub ?? null;
  return useQuery({
    queryKey: notificationsKeys.preferences(userId),
    queryFn: () => apiRequest(getNotificationPreferencesContract),
    enabled: !!userId,
  });
}

export function useSaveNotificationPreferences() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (preferences: NotificationPreference[]) =>
      apiRequest(saveNotificationPreferencesContract, { body: { preferences } }),
    onSuccess: refresh,
  });
}
