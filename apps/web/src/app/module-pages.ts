import { buildMenus, type MenuKey } from '@fluxo/domain/menus';
import { allGrants } from '@fluxo/domain/permissions';

/** A page reached from the menu: its path and the i18n keys of its group, title and purpose. */
export interface ModulePage {
  path: string;
  menuKey: MenuKey;
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

export function modulePageFor(path: string): ModulePage | undefined {
  return MODULE_PAGES.find((page) => page.path === path);
}
