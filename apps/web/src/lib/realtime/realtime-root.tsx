import { lazy, Suspense } from 'react';
import { useSession } from '../auth/session.ts';

// The channel, its handlers and socket.io load only once someone is signed in (off the sign-in budget).
const RealtimeSession = lazy(() =>
  import('./realtime-session.tsx').then((m) => ({ default: m.RealtimeSession })),
);

/** The real-time channel for the signed-in user (spec §4): none for visitors. */
export function RealtimeRoot() {
  const userId = useSession()?.claims.sub;
  if (!userId) return null;
  return (
    <Suspense fallback={null}>
      <RealtimeSession key={userId} userId={userId} />
    </Suspense>
  );
}
