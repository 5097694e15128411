import {
  isMobilePath,
  isSafeRedirect,
  MOBILE_PREFIX,
  paths,
  toDesktopPath,
  toMobileHref,
} from '../lib/paths.ts';

/**
 * Spec §2 and §4's routing rules as plain functions of what the guards know. Each answers where to
 * go, or null to stay. Paths are compared in their desktop form; the guards put the answer back in
 * the tree (desktop or `/m`) the user is in.
 */

/** Pages outside the desktop↔mobile mirroring: they look the same on every device. */
const DEVICE_NEUTRAL = [paths.maintenance.path, paths.playground.path, paths.printable.root.path];

function isUnder(pathname: string, base: string): boolean {
  return pathname === base || pathname.startsWith(`${base}/`);
}

function isSignUpComplete(pathname: string, search: string): boolean {
  return (
    (pathname === '/' || pathname === MOBILE_PREFIX) &&
    new URLSearchParams(search).get('signup') === 'complete'
  );
}

/**
 * Mobile ↔ desktop: on a phone every non-/m URL goes to its /m twin (a visitor to /m/auth); on a
 * desktop every /m URL goes to its desktop twin (a visitor to /auth). Auth pages keep their place
 * and query (redirect_url, f), as does the root's signup=complete.
 */
export function deviceRedirect(
  location: { pathname: string; search: string },
  mobile: boolean,
  signedIn: boolean,
): string | null {
  const { pathname, search } = location;
  const onMobileTree = isMobilePath(pathname);
  if (mobile === onMobileTree) return null;
  const desktopPath = toDesktopPath(pathname);
  if (DEVICE_NEUTRAL.some((base) => isUnder(desktopPath, base))) return null;
  const keepsPlace =
    signedIn ||
    isUnder(desktopPath, paths.auth.root.path) ||
    // An invitation link keeps its token on the other device's tree.
    isUnder(desktopPath, paths.invitations.accept.path) ||
    isSignUpComplete(pathname, search);
  if (mobile)
    return keepsPlace ? toMobileHref(desktopPath + search) : `${MOBILE_PREFIX}${paths.auth.root.path}`;
  return keepsPlace ? desktopPath + search : paths.auth.root.getHref();
}

/** The maintenance flag sends every route to /maintenance; without it /maintenance goes to the root. */
export function maintenanceRedirect(pathname: string, maintenanceOn: boolean): string | null {
  const onMaintenance = pathname === paths.maintenance.path;
  if (maintenanceOn && !onMaintenance) return paths.maintenance.getHref();
  if (!maintenanceOn && onMaintenance) return paths.root.getHref();
  return null;
}

/** Organizations as the subscription guard reads them. */
interface LockableOrganization {
  id: string;
  locked: boolean;
}

/** Locked when every organization of the user is locked, or the one in use is. */
export function isSubscriptionLocked(
  organizations: readonly LockableOrganization[],
  selected: LockableOrganization | null,
): boolean {
  if (selected?.locked) return true;
  return organizations.length > 0 && organizations.every((organization) => organization.locked);
}

// The plan page is Fluxo's own billing (plan, payments to make): a locked owner needs it as much as
// the locked and checkout pages, which link to it.
const LOCK_FREE_PAGES = [paths.locked.path, paths.checkout.path, paths.app.settings.plan.path];

/** A locked subscription leaves only the locked, checkout and plan pages; once unlocked, /locked goes to /. */
export function subscriptionRedirect(desktopPath: string, locked: boolean): string | null {
  const onLockFreePage = LOCK_FREE_PAGES.some((base) => isUnder(desktopPath, base));
  if (locked && !onLockFreePage) return paths.locked.getHref();
  if (!locked && isUnder(desktopPath, paths.locked.path)) return paths.root.getHref();
  return null;
}

const TREASURY_ROOT = '/treasury';

/**
 * Treasury needs VIEW on cash or on POS (else /unauthorized); with only POS every treasury page is
 * the POS wallet; with only cash the POS wallet gives way to the wallets.
 */
export function treasuryRedirect(
  desktopPath: string,
  access: { cash: boolean; pos: boolean },
): string | null {
  if (!isUnder(desktopPath, TREASURY_ROOT)) return null;
  if (!access.cash && !access.pos) return paths.unauthorized.getHref();
  const onPos = isUnder(desktopPath, paths.app.treasury.pos.path);
  if (access.pos && !access.cash && !onPos) return paths.app.treasury.pos.getHref();
  if (access.cash && !access.pos && onPos) return paths.app.treasury.wallets.getHref();
  return null;
}

/**
 * Spec §2 post-login landing, in its order: every organization locked → welcome; intro_page
 * dashboards → dashboards; the saved redirect_url; the first menu entry; welcome.
 */
export function landingTarget(input: {
  allLocked: boolean;
  introPage: string | null | undefined;
  redirectUrl: string | null | undefined;
  firstMenuPath: string | null | undefined;
}): string {
  if (input.allLocked) return paths.app.welcome.getHref();
  if (input.introPage === 'dashboards') return paths.app.dashboards.getHref();
  const redirect = input.redirectUrl ? toDesktopPathKeepingQuery(input.redirectUrl) : null;
  if (isSafeRedirect(redirect) && !isLanding(redirect)) return redirect;
  return input.firstMenuPath ?? paths.app.welcome.getHref();
}

function toDesktopPathKeepingQuery(href: string): string {
  const [pathname = '', ...rest] = href.split(/(?=[?#])/);
  return toDesktopPath(pathname) + rest.join('');
}

/** Sending the user to the landing or the sign-in pages again would go round in circles. */
function isLanding(href: string): boolean {
  const pathname = href.split(/[?#]/)[0] ?? href;
  return pathname === '/' || isUnder(pathname, paths.auth.root.path);
}
