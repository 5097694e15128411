/**
 * Every route of the app in one table (spec §2). Links and redirects use `getHref`; the router uses
 * `path`. Mobile routes are the same paths under MOBILE_PREFIX.
 */
const route = <const P extends string>(path: P) => ({ path, getHref: () => path });

export const MOBILE_PREFIX = '/m';

/** A redirect target is followed only when it is a path on this site. */
export function isSafeRedirect(url: string | null | undefined): url is string {
  return !!url && url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\');
}

export const paths = {
  root: route('/'),
  auth: {
    root: route('/auth'),
    signIn: {
      path: '/auth/signin',
      getHref: (redirectUrl?: string | null) =>
        isSafeRedirect(redirectUrl) && redirectUrl !== '/'
          ? `/auth/signin?redirect_url=${encodeURIComponent(redirectUrl)}`
          : '/auth/signin',
    },
    signUp: {
      path: '/auth/signup',
      /** With an e-mail, the sign-up page opens at its validation-code step. */
      getHref: (validateEmail?: string) =>
        validateEmail
          ? `/auth/signup?step=validate&email=${encodeURIComponent(validateEmail)}`
          : '/auth/signup',
    },
    signUpSteps: route('/auth/signup/steps'),
  },
  maintenance: route('/maintenance'),
  playground: route('/playground'),
  printable: {
    root: route('/printable'),
    organization: {
      path: '/printable/organization/:id',
      getHref: (id: string) => `/printable/organization/${encodeURIComponent(id)}`,
    },
    /** A billing document's PDF, full page, with print and download. */
    billingDocument: {
      path: '/printable/billing/documents/:id',
      getHref: (id: string) => `/printable/billing/documents/${encodeURIComponent(id)}`,
    },
  },
  /** The link of an invitation to join an organization (?token=…), signed in or not. */
  invitations: { accept: route('/invitations/accept') },
  locked: route('/locked'),
  checkout: route('/checkout'),
  unauthorized: route('/unauthorized'),
  notFound: route('/404notfound'),
  app: {
    welcome: route('/welcome'),
    dashboards: route('/dashboards'),
    chat: route('/chat'),
    portfolio: {
      clients: route('/portfolio/clients'),
      extras: route('/portfolio/extras'),
      manageAddons: route('/portfolio/manage-addons'),
      addClient: route('/portfolio/clients/add'),
      /** Mobile only (spec §2): /m/portfolio/invites and /m/portfolio/clients-settings. */
      invites: route('/portfolio/invites'),
      clientsSettings: route('/portfolio/clients-settings'),
    },
    treasury: {
      wallets: route('/treasury/wallets'),
      pos: route('/treasury/wallets/pos'),
      inOut: route('/treasury/in-out'),
      financing: route('/treasury/financing'),
    },
    financial: {
      agenda: route('/financial-management/agenda/timeline'),
      budget: route('/financial-management/budget'),
      cashflow: route('/financial-management/cashflow'),
      realEstate: route('/financial-management/real-estate'),
    },
    integrations: {
      ptBankPortugal: route('/integrations/pt/bank-portugal'),
      ptFiscalSituation: route('/integrations/pt/fiscal-situation'),
      ptSocialSecurity: route('/integrations/pt/seg-social'),
      ptEfatura: route('/integrations/pt/efatura'),
      aoContributorPortal: route('/integrations/ao/portal-contribuinte'),
      aoSocialSecurity: route('/integrations/ao/seg-social'),
    },
    billing: {
      documents: route('/billing/documents'),
      /** Recurring billing: the organization bills its own customers on a schedule (not Fluxo's plan). */
      subscriptions: route('/billing/subscriptions'),
      currentAccount: route('/billing/current-account'),
    },
    accounting: {
      reconciliation: route('/accounting/reconciliation'),
      entries: route('/accounting/entries'),
      saft: route('/accounting/saft'),
    },
    reports: {
      businessEvaluation: route('/reports/business-evaluation'),
      ptSaftBoard: route('/reports/pt/saftboard'),
      aoSaftBoard: route('/reports/ao/saftboard'),
    },
    organization: route('/organization'),
    settings: {
      organizations: route('/settings/organizations'),
      teams: route('/settings/teams'),
      manageAssociation: route('/settings/manage-association'),
      pluginsManagement: route('/settings/plugins-management'),
      /** Fluxo's own plan for the organization in use: plan, credits, add-ons, payments ("Plan and billing"). */
      plan: route('/settings/plan'),
      /** The audit log of the organization in use (owners, organization.settings ADMIN). */
      audit: route('/settings/audit'),
      /** The user's notification preferences per kind (in the app, web push, e-mail digest). */
      notifications: route('/settings/notifications'),
      /** Sign-in security: two-factor sign-in. `required`: sent here by an organization that requires it. */
      security: {
        path: '/settings/security',
        getHref: (required?: boolean) => (required ? '/settings/security?required=1' : '/settings/security'),
      },
    },
  },
} as const;

/** Whether a path belongs to the mobile tree (`/m` or below it). */
export function isMobilePath(pathname: string): boolean {
  return pathname === MOBILE_PREFIX || pathname.startsWith(`${MOBILE_PREFIX}/`);
}

/** The desktop form of a path: `/m/treasury/wallets` → `/treasury/wallets`, `/m` → `/`. */
export function toDesktopPath(pathname: string): string {
  if (!isMobilePath(pathname)) return pathname;
  return pathname.slice(MOBILE_PREFIX.length) || '/';
}

/** The mobile form of a desktop href (path, query and all): `/treasury/wallets` → `/m/treasury/wallets`. */
export function toMobileHref(href: string): string {
  if (isMobilePath(href.split(/[?#]/)[0] ?? href)) return href;
  return href === '/' || href.startsWith('/?') || href.startsWith('/#')
    ? `${MOBILE_PREFIX}${href.slice(1)}`
    : `${MOBILE_PREFIX}${href}`;
}

/** A desktop href in the tree the user is in: unchanged on desktop, under `/m` on the mobile tree. */
export function hrefFor(href: string, mobile: boolean): string {
  return mobile ? toMobileHref(href) : href;
}

interface PathEntry {
  path: string;
}

/** Every path in the table, for the router and its tests. */
export function allPaths(node: unknown = paths): string[] {
  if (node && typeof node === 'object') {
    if (typeof (node as PathEntry).path === 'string') return [(node as PathEntry).path];
    return Object.values(node).flatMap((child) => allPaths(child));
  }
  return [];
}
