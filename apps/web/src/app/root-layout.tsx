import { Outlet } from 'react-router';
import { AppErrorHandling } from '../components/widgets/app-error-handling.tsx';
import { BackgroundTasks } from '../components/widgets/background-tasks.tsx';
import { CookieBanner } from '../components/widgets/cookie-banner.tsx';
import { RealtimeRoot } from '../lib/realtime/realtime-root.tsx';

/** The root of every route: what all screens share (spec §8 error handling, background checks, cookie banner). */
export function RootLayout() {
  return (
    <>
      <Outlet />
      <AppErrorHandling />
      <BackgroundTasks />
      <CookieBanner />
      <RealtimeRoot />
    </>
  );
}
