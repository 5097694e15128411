import { type Grants, hasFlag, PermissionFlag, type Resource, type ResourceGroup } from './permissions.ts';
import { planIncludes } from './plans.ts';

export type MenuKey =
  | 'welcome'
  | 'portfolio'
  | 'treasury'
  | 'financial'
  | 'billing'
  | 'accounting'
  | 'reports'
  | 'integrations'
  | 'organization'
  | 'chat';

export const MENU_ORDER: Record<MenuKey, number> = {
  welcome: 10,
  portfolio: 20,
  treasury: 30,
  financial: 40,
  billing: 50,
  accounting: 60,
  reports: 70,
  integrations: 80,
  organization: 90,
  chat: 300,
};

export interface SubMenu {
  key: string;
  /** i18n key of the title. */
  title: string;
  path: string;
  order: number;
}
export interface Menu {
  key: MenuKey;
  title: string;
  order: number;
  subMenus: SubMenu[];
}

interface SubMenuDefinition {
  key: string;
  path: string;
  /** Resource needing VIEW; null means always shown. */
  resource: Resource | null;
  /** Restricts the entry to organizations of one country. */
  country?: 'PT' | 'AO';
}
interface MenuDefinition {
  key: MenuKey;
  group: ResourceGroup | null;
  subMenus: SubMenuDefinition[];
}

const DEFINITIONS: MenuDefinition[] = [
  {
    key: 'welcome',
    group: null,
    subMenus: [
      { key: 'welcome', path: '/welcome', resource: null },
      { key: 'dashboards', path: '/dashboards', resource: 'dashboards.dashboards' },
    ],
  },
  {
    key: 'portfolio',
    group: 'portfolio',
    subMenus: [
      { key: 'clients', path: '/portfolio/clients', resource: 'portfolio.clients' },
      { key: 'extras', path: '/portfolio/extras', resource: 'portfolio.extras' },
      { key: 'manageAddons', path: '/portfolio/manage-addons', resource: 'portfolio.configAddons' },
    ],
  },
  {
    key: 'treasury',
    group: 'treasury',
    subMenus: [
      { key: 'wallets', path: '/treasury/wallets', resource: 'treasury.cash' },
      { key: 'pos', path: '/treasury/wallets/pos', resource: 'treasury.pos' },
      { key: 'inOut', path: '/treasury/in-out', resource: 'treasury.inOut' },
      { key: 'financing', path: '/treasury/financing', resource: 'treasury.financing' },
    ],
  },
  {
    key: 'financial',
    group: 'financial',
    subMenus: [
      { key: 'agenda', path: '/financial-management/agenda/timeline', resource: 'financial.agenda' },
      { key: 'budget', path: '/financial-management/budget', resource: 'financial.budget' },
      { key: 'cashflow', path: '/financial-management/cashflow', resource: 'financial.cashflow' },
      { key: 'realEstate', path: '/financial-management/real-estate', resource: 'financial.realEstate' },
    ],
  },
  {
    key: 'billing',
    group: 'billing',
    subMenus: [
      { key: 'documents', path: '/billing/documents', resource: 'billing.documents' },
      { key: 'subscriptions', path: '/billing/subscriptions', resource: 'billing.subscriptions' },
      { key: 'currentAccount', path: '/billing/current-account', resource: 'billing.outstandingInvoices' },
    ],
  },
  {
    key: 'accounting',
    group: 'accounting',
    subMenus: [
      { key: 'reconciliation', path: '/accounting/reconciliation', resource: 'accounting.reconciliation' },
      { key: 'entries', path: '/accounting/entries', resource: 'accounting.entries' },
      { key: 'saft', path: '/accounting/saft', resource: 'accounting.saft' },
    ],
  },
  {
    key: 'reports',
    group: 'reports',
    subMenus: [
      {
        key: 'businessEvaluation',
        path: '/reports/business-evaluation',
        resource: 'reports.businessEvaluation',
      },
      { key: 'ptSaftBoard', path: '/reports/pt/saftboard', resource: 'reports.saftPt', country: 'PT' },
      { key: 'aoSaftBoard', path: '/reports/ao/saftboard', resource: 'reports.saftAo', country: 'AO' },
    ],
  },
  {
    key: 'integrations',
    group: 'integrations',
    subMenus: [
      {
        key: 'ptBankPortugal',
        path: '/integrations/pt/bank-portugal',
        resource: 'integrations.ptCreditResponsibility',
        country: 'PT',
      },
      {
        key: 'ptFiscalSituation',
        path: '/integrations/pt/fiscal-situation',
        resource: 'integrations.ptTax',
        country: 'PT',
      },
      {
        key: 'ptSocialSecurity',
        path: '/integrations/pt/seg-social',
        resource: 'integrations.ptSocialSecurity',
        country: 'PT',
      },
      {
        key: 'ptEfatura',
        path: '/integrations/pt/efatura',
        resource: 'integrations.ptEInvoicing',
        country: 'PT',
      },
      {
        key: 'aoContributorPortal',
        path: '/integrations/ao/portal-contribuinte',
        resource: 'integrations.aoContributorPortal',
        country: 'AO',
      },
      {
        key: 'aoSocialSecurity',
        path: '/integrations/ao/seg-social',
        resource: 'integrations.aoSocialSecurity',
        country: 'AO',
      },
    ],
  },
  {
    key: 'organization',
    group: 'organization',
    subMenus: [{ key: 'organization', path: '/organization', resource: 'organization.orgs' }],
  },
  { key: 'chat', group: 'chat', subMenus: [{ key: 'chat', path: '/chat', resource: 'chat.chat' }] },
];

export interface MenuContext {
  grants: Grants;
  planName: string | null;
  country: string;
  /** Portfolio menus are only for portfolio (Expert) users. */
  isPortfolioUser: boolean;
}

/** The menus an organization shows its member: permitted, included in the plan, for its country. */
export function buildMenus(context: MenuContext): Menu[] {
  const country = context.country.toUpperCase();
  const menus: Menu[] = [];
  for (const definition of DEFINITIONS) {
    if (definition.key === 'portfolio' && !context.isPortfolioUser) continue;
    if (definition.group && !planIncludes(context.planName, definition.group)) continue;
    const subMenus = definition.subMenus
      .filter((sub) => !sub.country || sub.country === country)
      .filter((sub) => {
        if (!sub.resource) return true;
        const granted = context.grants[sub.resource];
        return granted !== undefined && hasFlag(granted, PermissionFlag.VIEW);
      })
      .map((sub, index) => ({
        key: sub.key,
        title: `MENU.${definition.key.toUpperCase()}.${sub.key.toUpperCase()}`,
        path: sub.path,
        order: MENU_ORDER[definition.key] + index + 1,
      }));
    if (subMenus.length === 0) continue;
    menus.push({
      key: definition.key,
      title: `MENU.${definition.key.toUpperCase()}.TITLE`,
      order: MENU_ORDER[definition.key],
      subMenus,
    });
  }
  return menus.sort((a, b) => a.order - b.order);
}

/** Every path a menu can point at, for the router and tests. */
export const MENU_PATHS: readonly string[] = DEFINITIONS.flatMap((d) => d.subMenus.map((s) => s.path));
export const MENU_DEFINITIONS: readonly MenuDefinition[] = DEFINITIONS;
