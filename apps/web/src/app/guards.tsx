import { lazy, Suspense } from 'react';
import { Navigate, Outlet, useLocation, useNavigate, useSearchParams } from 'react-router';
import { FullPageLoader } from '../components/full-page-loader.tsx';
import { useFeatureFlags } from '../features/home/api/get-feature-flags.ts';
import { clearSession, getSessionEnd, useSession } from '../lib/auth/session.ts';
import { useIsMobileDevice } from '../lib/device.ts';
import { hrefFor, isMobilePath, isSafeRedirect, paths, toDesktopPath } from '../lib/paths.ts';
import { STORAGE_KEYS, writeStorage } from '../lib/storage.ts';
import { deviceRedirect, maintenanceRedirect } from './routing-rules.ts';

// Both load on first need: the sign-in screen never pays for a modal.
const IdleSessionDialog = lazy(() =>
  import('../components/dialogs/idle-session-dialog.tsx').then((m) => ({ default: m.IdleSessionDialog })),
);
const SignUpCompleteDialog = lazy(() =>
  import('./routes/sign-up-complete.tsx').then((m) => ({ default: m.SignUpCompleteRoute })),
);

/** Whether the current URL is in the `/m` tree; guards answer in the tree the user is in. */
export function useOnMobileTree(): boolean {
  return isMobilePath(useLocation().pathname);
}

/**
 * The rules every route obeys before anything else (spec §2): the maintenance flag, then the
 * device (a phone lives under /m, a desktop outside it).
 */
export function RouteRules() {
  const location = useLocation();
  const session = useSession();
  const mobile = useIsMobileDevice();
  const flags = useFeatureFlags({ poll: location.pathname === paths.maintenance.path });
  if (flags.isPending) return <FullPageLoader />;
  const maintenance = maintenanceRedirect(location.pathname, flags.data?.maintenanceFlag === true);
  if (maintenance) return <Navigate to={maintenance} replace />;
  const device = deviceRedirect(location, mobile, !!session);
  // The state goes along: a page that navigates to a desktop path on a phone still hands it over.
  if (device) return <Navigate to={device} replace state={location.state} />;
  return <Outlet />;
}

/**
 * Sign-in and sign-up are for visitors. Once a session exists the visitor moves on: an inactive
 * account to the sign-up steps, anyone else to the landing, which honours the redirect_url they
 * came with (kept in storage so the landing can weigh it against the other rules).
 */
export function GuestOnly() {
  const session = useSession();
  const mobile = useOnMobileTree();
  const [search] = useSearchParams();
  if (!session) return <Outlet />;
  if (!session.claims.uacti)
    return <Navigate to={hrefFor(paths.auth.signUpSteps.getHref(), mobile)} replace />;
  const redirectUrl = search.get('redirect_url');
  if (isSafeRedirect(redirectUrl)) writeStorage(STORAGE_KEYS.redirectUrl, redirectUrl);
  return <Navigate to={hrefFor(paths.root.getHref(), mobile)} replace />;
}

/**
 * The app needs a session of an active account. A visitor who signed out on purpose goes straight
 * to sign-in; any other visitor sees the idle-session dialog, and on confirming the page they
 * wanted is kept as redirect_url, the session is cleared and sign-in opens. An inactive account is
 * held at the sign-up steps. The root's ?signup=complete greets a new account instead.
 */
export function RequireAuth() {
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const mobile = useOnMobileTree();
  if (!session) {
    const signUpComplete =
      toDesktopPath(location.pathname) === paths.root.path &&
      new URLSearchParams(location.search).get('signup') === 'complete';
    if (signUpComplete) {
      return (
        <Suspense fallback={<FullPageLoader />}>
          <SignUpCompleteDialog />
        </Suspense>
      );
    }
    if (getSessionEnd() === 'signout')
      return <Navigate to={hrefFor(paths.auth.signIn.getHref(), mobile)} replace />;
    const wanted = location.pathname + location.search;
    return (
      <Suspense fallback={<FullPageLoader />}>
        <IdleSessionDialog
          opened
          onConfirm={() => {
            writeStorage(STORAGE_KEYS.redirectUrl, wanted);
            clearSession('expired');
            void navigate(hrefFor(paths.auth.signIn.getHref(wanted), mobile), { replace: true });
          }}
        />
      </Suspense>
    );
  }
  if (!session.claims.uacti)
    return <Navigate to={hrefFor(paths.auth.signUpSteps.getHref(), mobile)} replace />;
  return <Outlet />;
}

/** The sign-up steps are for a signed-in account that is not active yet. */
export function RequireInactive() {
  const session = useSession();
  const mobile = useOnMobileTree();
  if (!session) return <Navigate to={hrefFor(paths.auth.signIn.getHref(), mobile)} replace />;
  if (session.claims.uacti) return <Navigate to={hrefFor(paths.root.getHref(), mobile)} replace />;
  return <Outlet />;
}
