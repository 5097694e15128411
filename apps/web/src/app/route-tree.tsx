import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { FullPageLoader } from '../components/full-page-loader.tsx';
import { MOBILE_PREFIX, paths } from '../lib/paths.ts';
import { GuestOnly, RequireAuth, RequireInactive, RouteRules } from './guards.tsx';
import { isUserSettingsPage, type ModuleKey, type ModulePage, modulePagesOf } from './module-pages.ts';
import { RootLayout } from './root-layout.tsx';
import { RouteError } from './route-error.tsx';

/** A route module loaded on first visit: each screen is its own chunk. */
function screen<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async () => ({ Component: pick(await load()) });
}

/** Spec §2: the playground exists only when development routes are enabled. */
const DEV_ROUTES = import.meta.env.DEV || import.meta.env.VITE_DEV_ROUTES === '1';

export type Variant = 'desktop' | 'mobile';

/** A path of the table as a route path inside its tree (`/auth` → `auth` under `/m`). */
const at = (path: string) => path.replace(/^\//, '');

const appGuard = (name: 'RequireUnlockedSubscription' | 'RequireTreasuryAccess' | 'RequireTwoFactor') =>
  screen(
    () => import('./app-guards.tsx'),
    (m) => m[name],
  );

// The subscriptions feature brings its own locked and checkout pages; until it does, simple status
// pages stand in. The glob is resolved at build time: an absent file is simply not in it.
const subscriptionPages = import.meta.glob<Record<string, unknown>>(
  '../features/subscriptions/routes/{locked,checkout}.tsx',
);

function subscriptionPage(name: 'locked' | 'checkout'): RouteObject['lazy'] {
  const load = subscriptionPages[`../features/subscriptions/routes/${name}.tsx`];
  const fallback = name === 'locked' ? 'LockedRoute' : 'CheckoutRoute';
  if (!load) {
    return screen(
      () => import('./routes/status-page.tsx'),
      (m) => m[fallback],
    );
  }
  return screen(load, (m) => {
    const component =
      m[fallback] ?? m.default ?? Object.values(m).find((value) => typeof value === 'function');
    return component as ComponentType;
  });
}

/** Menu pages whose feature has landed: their own screen (one chunk each) instead of the placeholder. */
const FEATURE_SCREENS: Record<string, RouteObject['lazy']> = {
  [paths.app.settings.plan.path]: screen(
    () => import('../features/subscriptions/routes/plan.tsx'),
    (m) => m.PlanRoute,
  ),
  [paths.app.billing.documents.path]: screen(
    () => import('../features/billing/routes/documents.tsx'),
    (m) => m.BillingDocumentsRoute,
  ),
  [paths.app.billing.subscriptions.path]: screen(
    () => import('../features/billing/routes/subscriptions.tsx'),
    (m) => m.BillingSchedulesRoute,
  ),
  [paths.app.treasury.wallets.path]: screen(
    () => import('../features/treasury/routes/wallets.tsx'),
    (m) => m.WalletsRoute,
  ),
  [paths.app.treasury.pos.path]: screen(
    () => import('../features/treasury/routes/pos.tsx'),
    (m) => m.PosRoute,
  ),
  [paths.app.settings.security.path]: screen(
    () => import('../features/two-factor/routes/security.tsx'),
    (m) => m.SecuritySettingsRoute,
  ),
  [paths.app.treasury.inOut.path]: screen(
    () => import('../features/treasury/routes/in-out.tsx'),
    (m) => m.InOutRoute,
  ),
  [paths.app.settings.audit.path]: screen(
    () => import('../features/audit/routes/audit.tsx'),
    (m) => m.AuditRoute,
  ),
  [paths.app.settings.notifications.path]: screen(
    () => import('../features/notifications/routes/notification-settings.tsx'),
    (m) => m.NotificationSettingsRoute,
  ),
  [paths.app.accounting.saft.path]: screen(
    () => import('../features/accounting/saft/routes/saft.tsx'),
    (m) => m.SaftRoute,
  ),
  [paths.app.accounting.reconciliation.path]: screen(
    () => import('../features/accounting/reconciliation/routes/reconciliation.tsx'),
    (m) => m.ReconciliationRoute,
  ),
  [paths.app.accounting.entries.path]: screen(
    () => import('../features/accounting/routes/entries.tsx'),
    (m) => m.EntriesRoute,
  ),
  [paths.app.billing.currentAccount.path]: screen(
    () => import('../features/billing/routes/current-account.tsx'),
    (m) => m.CurrentAccountRoute,
  ),
  // One screen for both trees: on the phone a single column of widgets.
  [paths.app.dashboards.path]: screen(
    () => import('../features/dashboards/routes/dashboards.tsx'),
    (m) => m.DashboardsRoute,
  ),
  // One screen for both trees: on the phone it lists members as cards.
  [paths.app.settings.teams.path]: screen(
    () => import('../features/teams/routes/teams.tsx'),
    (m) => m.TeamsRoute,
  ),
  // One screen for both trees: on the phone the cards stack in one column.
  [paths.app.settings.pluginsManagement.path]: screen(
    () => import('../features/plugins/routes/plugins.tsx'),
    (m) => m.PluginsRoute,
  ),
  // One screen each for both trees: their forms and cards stack in one column on the phone.
  [paths.app.organization.path]: screen(
    () => import('../features/organizations/routes/organization.tsx'),
    (m) => m.OrganizationRoute,
  ),
  [paths.app.settings.organizations.path]: screen(
    () => import('../features/organizations/routes/organizations-settings.tsx'),
    (m) => m.OrganizationsSettingsRoute,
  ),
};

/** Feature pages with a phone screen of their own (their desktop screen serves /m otherwise). */
const MOBILE_FEATURE_SCREENS: Record<string, RouteObject['lazy']> = {
  [paths.app.billing.subscriptions.path]: screen(
    () => import('../features/billing/routes/subscriptions-mobile.tsx'),
    (m) => m.MobileBillingSchedulesRoute,
  ),
  [paths.app.billing.documents.path]: screen(
    () => import('../features/billing/routes/documents-mobile.tsx'),
    (m) => m.MobileBillingDocumentsRoute,
  ),
  [paths.app.treasury.inOut.path]: screen(
    () => import('../features/treasury/routes/in-out-mobile.tsx'),
    (m) => m.MobileInOutRoute,
  ),
  [paths.app.treasury.wallets.path]: screen(
    () => import('../features/treasury/routes/wallets-mobile.tsx'),
    (m) => m.MobileWalletsRoute,
  ),
  [paths.app.treasury.pos.path]: screen(
    () => import('../features/treasury/routes/pos-mobile.tsx'),
    (m) => m.MobilePosRoute,
  ),
  [paths.app.accounting.saft.path]: screen(
    () => import('../features/accounting/saft/routes/saft-mobile.tsx'),
    (m) => m.MobileSaftRoute,
  ),
  [paths.app.accounting.reconciliation.path]: screen(
    () => import('../features/accounting/reconciliation/routes/reconciliation-mobile.tsx'),
    (m) => m.MobileReconciliationRoute,
  ),
  [paths.app.accounting.entries.path]: screen(
    () => import('../features/accounting/routes/entries-mobile.tsx'),
    (m) => m.MobileEntriesRoute,
  ),
  [paths.app.billing.currentAccount.path]: screen(
    () => import('../features/billing/routes/current-account-mobile.tsx'),
    (m) => m.MobileCurrentAccountRoute,
  ),
};

// Each module's placeholder is a file, hence a chunk, of its own: the module, when it lands, replaces
// its chunk without touching the others. The globs are resolved at build time, one lazy import per file.
const MODULE_PLACEHOLDERS: Record<Variant, Record<string, () => Promise<{ default: ComponentType }>>> = {
  desktop: import.meta.glob<{ default: ComponentType }>('./routes/app/module-placeholders/*.tsx'),
  mobile: import.meta.glob<{ default: ComponentType }>('./routes/mobile/module-placeholders/*.tsx'),
};

/** The empty-state page of a module not built yet, from that module's own chunk. */
export function modulePlaceholder(
  variant: Variant,
  module: ModuleKey,
): () => Promise<{ Component: ComponentType }> {
  const files = MODULE_PLACEHOLDERS[variant];
  const file = Object.keys(files).find((path) => path.endsWith(`/${module}.tsx`));
  if (!file) throw new Error(`No ${variant} placeholder for the ${module} module`);
  return screen(files[file]!, (m) => m.default);
}

/** The signed-out pages: sign in, sign up, and the sign-up steps of an account not yet active. */
function authRoutes(): RouteObject[] {
  const authLayout = screen(
    () => import('./layouts/auth-layout.tsx'),
    (m) => m.AuthLayout,
  );
  return [
    {
      path: at(paths.auth.signUpSteps.path),
      element: <RequireInactive />,
      children: [
        {
          lazy: authLayout,
          children: [
            {
              index: true,
              lazy: screen(
                () => import('./routes/auth/sign-up-steps.tsx'),
                (m) => m.SignUpStepsRoute,
              ),
            },
          ],
        },
      ],
    },
    {
      path: at(paths.auth.root.path),
      element: <GuestOnly />,
      children: [
        {
          lazy: authLayout,
          children: [
            { index: true, element: <Navigate to="signin" replace /> },
            {
              path: 'signin',
              lazy: screen(
                () => import('./routes/auth/sign-in.tsx'),
                (m) => m.SignInRoute,
              ),
            },
            {
              path: 'signup',
              lazy: screen(
                () => import('./routes/auth/sign-up.tsx'),
                (m) => m.SignUpRoute,
              ),
            },
          ],
        },
      ],
    },
  ];
}

/** The invitation link: open to visitors (who sign up or in there) and to signed-in users alike. */
function invitationRoutes(): RouteObject[] {
  return [
    {
      lazy: screen(
        () => import('./layouts/auth-layout.tsx'),
        (m) => m.AuthLayout,
      ),
      children: [
        {
          path: at(paths.invitations.accept.path),
          lazy: screen(
            () => import('../features/teams/routes/accept-invitation.tsx'),
            (m) => m.AcceptInvitationRoute,
          ),
        },
      ],
    },
  ];
}

/**
 * The signed-in pages of one tree. Desktop and mobile share the paths and the guards; the layout
 * and the screens are switched here, at the route, never inside a component.
 */
function signedInRoutes(variant: Variant): RouteObject[] {
  const mobile = variant === 'mobile';
  const pages = modulePagesOf(variant).filter((page) => page.path !== paths.app.welcome.path);
  const pageRoute = (page: ModulePage): RouteObject => ({
    path: at(page.path),
    lazy:
      (mobile ? MOBILE_FEATURE_SCREENS[page.path] : undefined) ??
      FEATURE_SCREENS[page.path] ??
      modulePlaceholder(variant, page.module),
  });
  const treasury = pages.filter((page) => page.menuKey === 'treasury');
  const settings = pages.filter((page) => isUserSettingsPage(page.path));
  const others = pages.filter((page) => page.menuKey !== 'treasury' && !isUserSettingsPage(page.path));

  return [
    {
      element: <RequireAuth />,
      children: [
        {
          lazy: appGuard('RequireUnlockedSubscription'),
          children: [
            {
              lazy: screen(
                () => import('./layouts/standalone-layout.tsx'),
                (m) => m.StandaloneLayout,
              ),
              children: [
                { path: at(paths.locked.path), lazy: subscriptionPage('locked') },
                { path: at(paths.checkout.path), lazy: subscriptionPage('checkout') },
              ],
            },
            ...(mobile
              ? []
              : [
                  {
                    path: at(paths.printable.organization.path),
                    lazy: screen(
                      () => import('./routes/printable/organization.tsx'),
                      (m) => m.PrintableOrganizationRoute,
                    ),
                  },
                  {
                    path: at(paths.printable.billingDocument.path),
                    lazy: screen(
                      () => import('../features/billing/pdf/routes/printable-document.tsx'),
                      (m) => m.PrintableBillingDocumentRoute,
                    ),
                  },
                ]),
            {
              lazy: mobile
                ? screen(
                    () => import('./layouts/mobile/mobile-layout.tsx'),
                    (m) => m.MobileLayout,
                  )
                : screen(
                    () => import('./layouts/app-layout.tsx'),
                    (m) => m.AppLayout,
                  ),
              children: [
                {
                  index: true,
                  lazy: screen(
                    () => import('./routes/app/landing.tsx'),
                    (m) => m.LandingRoute,
                  ),
                },
                {
                  // The welcome page shows the organization in use: it too waits for two-factor when required.
                  lazy: appGuard('RequireTwoFactor'),
                  children: [
                    {
                      path: at(paths.app.welcome.path),
                      lazy: mobile
                        ? screen(
                            () => import('./routes/mobile/welcome.tsx'),
                            (m) => m.MobileWelcomeRoute,
                          )
                        : screen(
                            () => import('./routes/app/welcome.tsx'),
                            (m) => m.WelcomeRoute,
                          ),
                    },
                  ],
                },
                ...settings.map(pageRoute),
                {
                  // Module pages need an organization in use; without one the user starts at welcome.
                  lazy: screen(
                    () => import('./app-guards.tsx'),
                    (m) => m.RequireOrganization,
                  ),
                  children: [
                    {
                      // An organization that requires two-factor sign-in opens only to members who have it.
                      lazy: appGuard('RequireTwoFactor'),
                      children: [
                        {
                          lazy: appGuard('RequireTreasuryAccess'),
                          children: treasury.map(pageRoute),
                        },
                        ...others.map(pageRoute),
                      ],
                    },
                  ],
                },
              ],
            },
          ],
        },
      ],
    },
    {
      path: at(paths.unauthorized.path),
      lazy: screen(
        () => import('./routes/status-page.tsx'),
        (m) => m.UnauthorizedRoute,
      ),
    },
    {
      path: at(paths.notFound.path),
      lazy: screen(
        () => import('./routes/status-page.tsx'),
        (m) => m.NotFoundRoute,
      ),
    },
  ];
}

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <FullPageLoader />,
    children: [
      {
        element: <RouteRules />,
        children: [
          {
            path: paths.maintenance.path,
            lazy: screen(
              () => import('./routes/status-page.tsx'),
              (m) => m.MaintenanceRoute,
            ),
          },
          ...(DEV_ROUTES
            ? [
                {
                  path: paths.playground.path,
                  lazy: screen(
                    () => import('./routes/playground.tsx'),
                    (m) => m.PlaygroundRoute,
                  ),
                },
              ]
            : []),
          { path: '/', children: [...authRoutes(), ...invitationRoutes(), ...signedInRoutes('desktop')] },
          {
            path: MOBILE_PREFIX,
            children: [...authRoutes(), ...invitationRoutes(), ...signedInRoutes('mobile')],
          },
          // Spec §2: any unknown path goes to /auth (which passes a signed-in user on to the app).
          { path: '*', element: <Navigate to={paths.auth.root.getHref()} replace /> },
        ],
      },
    ],
  },
];
