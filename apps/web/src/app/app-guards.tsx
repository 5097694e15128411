import { canFromStrings, PermissionFlag } from '@fluxo/domain/permissions';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { SectionLoader } from '../components/full-page-loader.tsx';
import { useOrganizations } from '../features/organizations/hooks/use-organizations.ts';
import { isShutOut, useTwoFactorStatus } from '../features/two-factor/api/two-factor.ts';
import { useSession } from '../lib/auth/session.ts';
import { hrefFor, paths, toDesktopPath } from '../lib/paths.ts';
import { useOnMobileTree } from './guards.tsx';
import { isSubscriptionLocked, subscriptionRedirect, treasuryRedirect } from './routing-rules.ts';

/*
 * The guards of signed-in pages. They read the organizations list (and with it the domain's
 * contracts), so they load with the signed-in routes, never with sign-in.
 */

function GuardLoader() {
  const { t } = useTranslation();
  return <SectionLoader label={t('COMMON.LOADING')} />;
}

/**
 * Spec §2: with a locked subscription (every organization locked, or the one in use) only the
 * locked and checkout pages open; once unlocked, the locked page gives way to the root.
 */
export function RequireUnlockedSubscription() {
  const { pathname } = useLocation();
  const mobile = useOnMobileTree();
  const { all, selected, isPending, isError } = useOrganizations();
  if (isPending && !isError) return <GuardLoader />;
  const target = subscriptionRedirect(toDesktopPath(pathname), isSubscriptionLocked(all, selected));
  if (target) return <Navigate to={hrefFor(target, mobile)} replace />;
  return <Outlet />;
}

/** Spec §2: a user without a selected organization goes to the route's fallback; a visitor to the root. */
export function RequireOrganization({ fallback = paths.app.welcome.getHref() }: { fallback?: string }) {
  const session = useSession();
  const mobile = useOnMobileTree();
  const { selected, isPending, isError } = useOrganizations();
  if (!session) return <Navigate to={hrefFor(paths.root.getHref(), mobile)} replace />;
  if (isPending && !isError) return <GuardLoader />;
  if (!selected) return <Navigate to={hrefFor(fallback, mobile)} replace />;
  return <Outlet />;
}

/** Spec §2 treasury guard: VIEW on cash or POS in the organization in use, and the right wallet page. */
export function RequireTreasuryAccess() {
  const { pathname } = useLocation();
  const mobile = useOnMobileTree();
  const { selected } = useOrganizations();
  const permissions = selected?.permissions ?? [];
  const target = treasuryRedirect(toDesktopPath(pathname), {
    cash: canFromStrings(permissions, 'treasury.cash', PermissionFlag.VIEW),
    pos: canFromStrings(permissions, 'treasury.pos', PermissionFlag.VIEW),
  });
  if (target) return <Navigate to={hrefFor(target, mobile)} replace />;
  return <Outlet />;
}

/**
 * An organization that requires two-factor sign-in opens only to members who have it on: the others
 * go to enrolment first (the server refuses them the organization's data anyway: TWO_FACTOR_REQUIRED).
 */
export function RequireTwoFactor() {
  const mobile = useOnMobileTree();
  const { selected } = useOrganizations();
  const status = useTwoFactorStatus();
  if (status.isPending && !status.isError) return <GuardLoader />;
  if (isShutOut(status.data, selected?.id ?? null))
    return <Navigate to={hrefFor(paths.app.settings.security.getHref(true), mobile)} replace />;
  return <Outlet />;
}
