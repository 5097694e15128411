import { buildMenus, type MenuKey } from '@fluxo/domain/menus';
import { allGrants } from '@fluxo/domain/permissions';
import { paths, toDesktopPath } from '../lib/paths.ts';

/**
 * A module of the product: a menu group, with the user settings apart (they belong to the user, not
 * to an organization) and the dashboards standing for the welcome group. Until a module lands, its
 * pages show the empty state from a chunk of its own (`routes/{app,mobile}/module-placeholders/`).
 */
export type ModuleKey = Exclude<MenuKey, 'welcome'> | 'dashboards' | 'settings';

export const MODULE_KEYS: readonly ModuleKey[] = [
  'dashboards',
  'portfolio',
  'treasury',
  'financial',
  'billing',
  'accounting',
  'reports',
  'integrations',
  'organization',
  'settings',
  'chat',
];

/** A page reached from the menu: its path, its module and the i18n keys of its group, title and purpose. */
export interface ModulePage {
  path: string;
  menuKey: MenuKey;
  module: ModuleKey;
  groupTitleKey: string;
  titleKey: string;
  descriptionKey: string;
}

/**
 * Every page any organization's menu can point at, read from the domain's menu builder with every
 * grant, every module, both home countries and a portfolio user, so the router covers each entry.
 */
function collectModulePages(): ModulePage[] {
  const pages = new Map<string, ModulePage>();
  for (const country of ['PT', 'AO']) {
    const menus = buildMenus({ grants: allGrants(), planName: 'special', country, isPortfolioUser: true });
    for (const menu of menus) {
      for (const sub of menu.subMenus) {
        if (pages.has(sub.path)) continue;
        pages.set(sub.path, {
          path: sub.path,
          menuKey: menu.key,
          module: menu.key === 'welcome' ? 'dashboards' : menu.key,
          groupTitleKey: menu.title,
          titleKey: sub.title,
          descriptionKey: sub.title.replace(/^MENU\./, 'MODULES.'),
        });
      }
    }
  }
  return [...pages.values()];
}

export const MODULE_PAGES: readonly ModulePage[] = collectModulePages();

/** Pages of a module reached from inside it rather than from the menu (spec §2). */
export const EXTRA_MODULE_PAGES: readonly ModulePage[] = [
  {
    path: paths.app.portfolio.addClient.path,
    menuKey: 'portfolio',
    module: 'portfolio',
    groupTitleKey: 'MENU.PORTFOLIO.TITLE',
    titleKey: 'SHELL.PAGES.PORTFOLIO_ADD_CLIENT.TITLE',
    descriptionKey: 'SHELL.PAGES.PORTFOLIO_ADD_CLIENT.PURPOSE',
  },
  {
    path: paths.app.portfolio.invites.path,
    menuKey: 'portfolio',
    module: 'portfolio',
    groupTitleKey: 'MENU.PORTFOLIO.TITLE',
    titleKey: 'SHELL.PAGES.PORTFOLIO_INVITES.TITLE',
    descriptionKey: 'SHELL.PAGES.PORTFOLIO_INVITES.PURPOSE',
  },
  {
    path: paths.app.portfolio.clientsSettings.path,
    menuKey: 'portfolio',
    module: 'portfolio',
    groupTitleKey: 'MENU.PORTFOLIO.TITLE',
    titleKey: 'SHELL.PAGES.PORTFOLIO_CLIENTS_SETTINGS.TITLE',
    descriptionKey: 'SHELL.PAGES.PORTFOLIO_CLIENTS_SETTINGS.PURPOSE',
  },
  ...(
    [
      ['organizations', paths.app.settings.organizations.path],
      ['teams', paths.app.settings.teams.path],
      ['manageAssociation', paths.app.settings.manageAssociation.path],
      ['pluginsManagement', paths.app.settings.pluginsManagement.path],
      ['security', paths.app.settings.security.path],
      ['plan', paths.app.settings.plan.path],
      ['audit', paths.app.settings.audit.path],
      ['notifications', paths.app.settings.notifications.path],
    ] as const
  ).map(([key, path]) => {
    const section = `SHELL.PAGES.SETTINGS_${key.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`;
    return {
      path,
      menuKey: 'organization' as const,
      module: 'settings' as const,
      groupTitleKey: 'SHELL.PAGES.SETTINGS_GROUP',
      titleKey: `${section}.TITLE`,
      descriptionKey: `${section}.PURPOSE`,
    };
  }),
];

/** User settings belong to the user, not to an organization: they open without one. */
export function isUserSettingsPage(path: string): boolean {
  return path.startsWith('/settings/');
}

/** Spec §2: these exist on the phone only (/m/portfolio/invites, /m/portfolio/clients-settings). */
export const MOBILE_ONLY_PATHS: readonly string[] = [
  paths.app.portfolio.invites.path,
  paths.app.portfolio.clientsSettings.path,
];
/** Spec §2: of financial management, the phone has budget and cash flow only. */
export const DESKTOP_ONLY_PATHS: readonly string[] = [
  paths.app.financial.agenda.path,
  paths.app.financial.realEstate.path,
];

/** The module pages of one tree, in the desktop form of their paths. */
export function modulePagesOf(variant: 'desktop' | 'mobile'): ModulePage[] {
  const excluded = variant === 'mobile' ? DESKTOP_ONLY_PATHS : MOBILE_ONLY_PATHS;
  return [...MODULE_PAGES, ...EXTRA_MODULE_PAGES].filter((page) => !excluded.includes(page.path));
}

/** The page at a path of either tree (`/m/…` included). */
export function modulePageFor(path: string): ModulePage | undefined {
  const desktopPath = toDesktopPath(path);
  return [...MODULE_PAGES, ...EXTRA_MODULE_PAGES].find((page) => page.path === desktopPath);
}
