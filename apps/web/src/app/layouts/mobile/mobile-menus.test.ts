import { describe, expect, it } from 'vitest';
import { mobileMenus } from './mobile-menus.ts';

const sub = (path: string, order: number) => ({ key: path, title: path, path, order });

describe('mobile menus', () => {
  it('sorts by order, drops portfolio and desktop-only pages, keeps organization apart', () => {
    const { groups, managePath } = mobileMenus([
      { key: 'chat', title: 'c', order: 300, subMenus: [sub('/chat', 1)] },
      { key: 'portfolio', title: 'p', order: 20, subMenus: [sub('/portfolio/clients', 1)] },
      {
        key: 'financial',
        title: 'f',
        order: 40,
        subMenus: [sub('/financial-management/cashflow', 3), sub('/financial-management/agenda/timeline', 1)],
      },
      { key: 'organization', title: 'o', order: 90, subMenus: [sub('/organization', 1)] },
      { key: 'welcome', title: 'w', order: 10, subMenus: [sub('/welcome', 1)] },
    ]);
    expect(groups.map((g) => g.key)).toEqual(['welcome', 'financial', 'chat']);
    expect(groups[1]?.subMenus.map((s) => s.path)).toEqual(['/financial-management/cashflow']);
    expect(managePath).toBe('/organization');
  });
});
