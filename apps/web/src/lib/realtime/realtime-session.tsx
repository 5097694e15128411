import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { io } from 'socket.io-client';
import { TOAST_MS } from '../../components/widgets/toasts.ts';
import { TwoFactorHost } from '../../features/connections/components/two-factor-host.tsx';
import { onConnectionStatusChanged } from '../../features/connections/two-factor-store.ts';
import { onSubscriptionUnlocked } from '../../features/subscriptions/realtime.ts';
import { forceLogout } from '../auth/force-logout.ts';
import { refreshSession } from '../auth/refresh-session.ts';
import { getSession, subscribeSession } from '../auth/session.ts';
import { MOBILE_PREFIX, paths } from '../paths.ts';
import { subscribeToPush } from '../push/push.ts';
import { fetchAppConfiguration } from '../version-check/version-check.ts';
import { createRealtimeConnection, type RealtimeConnection } from './connection.ts';
import { handleRealtimeMessage, type RealtimeContext, type ToastKind } from './handlers.ts';
import { createSeenIds, type SeenIds } from './seen-ids.ts';

const TOAST_COLORS: Record<ToastKind, string> = {
  info: 'blue',
  success: 'teal',
  warning: 'yellow',
  error: 'red',
};

/** Ids already handled, per user, kept across reconnections and remounts. */
const seenByUser = new Map<string, SeenIds>();

/** The signed-in user's channel: connection, handlers, the two-factor toasts and the push subscription. */
export function RealtimeSession({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { t } = useTranslation();
  const contextRef = useRef<RealtimeContext | null>(null);
  const pathnameRef = useRef(pathname);
  pathnameRef.current = pathname;

  const toast = (kind: ToastKind, key: string, values?: Record<string, string | number>) =>
    notifications.show({
      closeButtonProps: { 'aria-label': t('COMMON.CLOSE') },
      color: TOAST_COLORS[kind],
      message: t(key, values),
      autoClose: TOAST_MS,
    });

  contextRef.current = {
    queryClient,
    userId,
    toast,
    refreshToken: async () => {
      await refreshSession();
    },
    forceLogout,
    onSubscriptionUnlocked: () => onSubscriptionUnlocked(queryClient),
    leaveLocked: () => {
      const current = pathnameRef.current;
      if (current === paths.locked.path) void navigate(paths.root.getHref(), { replace: true });
      else if (current === `${MOBILE_PREFIX}${paths.locked.path}`)
        void navigate(MOBILE_PREFIX, { replace: true });
    },
    connectionStatusChanged: (data) => onConnectionStatusChanged(data, toast),
  };

  useEffect(() => {
    let cancelled = false;
    let connection: RealtimeConnection | null = null;
    let seen = seenByUser.get(userId);
    if (!seen) {
      seen = createSeenIds();
      seenByUser.set(userId, seen);
    }
    const seenIds = seen;
    fetchAppConfiguration()
      .then((configuration) => {
        if (cancelled) return;
        connection = createRealtimeConnection({
          gatewayUrl: typeof configuration?.gatewayUrl === 'string' ? configuration.gatewayUrl : null,
          userId,
          getToken: () => getSession()?.token ?? null,
          // A refused token: a new one reconnects (through subscribeSession below); none to be had is
          // a 401, which the app answers by ending the session.
          refreshToken: refreshSession,
          createSocket: io,
          seenIds,
          onMessage: (message) => {
            const context = contextRef.current;
            if (!context) return;
            handleRealtimeMessage(message, context).catch((error: unknown) =>
              console.error(`[realtime] ${message.type} handler failed`, error),
            );
          },
        });
        void subscribeToPush(
          typeof configuration?.publicVapidKey === 'string' ? configuration.publicVapidKey : null,
        );
      })
      .catch((error: unknown) => console.error('[realtime] configuration unavailable: no connection', error));
    // A new token (REFRESH_TOKEN, organization change, …): connect again with it.
    let token = getSession()?.token;
    const unsubscribe = subscribeSession(() => {
      const next = getSession()?.token;
      if (next && next !== token) {
        token = next;
        connection?.reconnect();
      }
    });
    return () => {
      cancelled = true;
      unsubscribe();
      connection?.close();
    };
  }, [userId]);

  return <TwoFactorHost />;
}
