import type { Organization } from '@fluxo/domain/organizations/contracts';

type Menu = Organization['menus'][number];

import { DESKTOP_ONLY_PATHS } from '../../module-pages.ts';

const byOrder = <T extends { order: number }>(items: readonly T[]) =>
  [...items].sort((a, b) => a.order - b.order);

/**
 * The organization's menu as the phone shows it (spec §2): sorted by order, without the portfolio
 * entry, without desktop-only pages, without empty groups. The manage-organization entry is apart.
 */
export function mobileMenus(menus: readonly Menu[]): { groups: Menu[]; managePath: string | null } {
  const groups = byOrder(menus)
    .filter((menu) => menu.key !== 'portfolio')
    .map((menu) => ({
      ...menu,
      subMenus: byOrder(menu.subMenus).filter((sub) => !DESKTOP_ONLY_PATHS.includes(sub.path)),
    }))
    .filter((menu) => menu.subMenus.length > 0);
  const manage = groups.find((menu) => menu.key === 'organization');
  return {
    groups: groups.filter((menu) => menu.key !== 'organization'),
    managePath: manage?.subMenus[0]?.path ?? null,
  };
}
