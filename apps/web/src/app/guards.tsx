import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router';
import { getSessionEnd, useSession } from '../lib/auth/session.ts';
import { isSafeRedirect, paths } from '../lib/paths.ts';

/**
 * Sign-in and sign-up are for visitors. Once a session exists the visitor moves on: an inactive
 * account to the sign-up steps, anyone else to the redirect_url they came from, else the landing.
 */
export function GuestOnly() {
  const session = useSession();
  const [search] = useSearchParams();
  if (!session) return <Outlet />;
  if (!session.claims.uacti) return <Navigate to={paths.auth.signUpSteps.getHref()} replace />;
  const redirectUrl = search.get('redirect_url');
  return <Navigate to={isSafeRedirect(redirectUrl) ? redirectUrl : paths.root.getHref()} replace />;
}

/**
 * The app needs a session of an active account. A visitor goes to sign-in with the page they
 * wanted as redirect_url (not after signing out on purpose); an inactive account to the steps.
 */
export function RequireAuth() {
  const session = useSession();
  const location = useLocation();
  if (!session) {
    const wanted = getSessionEnd() === 'signout' ? null : location.pathname + location.search;
    return <Navigate to={paths.auth.signIn.getHref(wanted)} replace />;
  }
  if (!session.claims.uacti) return <Navigate to={paths.auth.signUpSteps.getHref()} replace />;
  return <Outlet />;
}

/** The sign-up steps are for a signed-in account that is not active yet. */
export function RequireInactive() {
  const session = useSession();
  if (!session) return <Navigate to={paths.auth.signIn.getHref()} replace />;
  if (session.claims.uacti) return <Navigate to={paths.root.getHref()} replace />;
  return <Outlet />;
}
