import { MENU_PATHS } from '@fluxo/domain/menus';
import { describe, expect, it } from 'vitest';
import { MODULE_PAGES } from '../app/module-pages.ts';
import { allPaths, isSafeRedirect, paths } from './paths.ts';

describe('paths table', () => {
  it('holds every path a menu can point at, and the router has a page for each', () => {
    const table = new Set(allPaths());
    expect(MENU_PATHS.filter((path) => !table.has(path))).toEqual([]);
    const pages = new Set(MODULE_PAGES.map((page) => page.path));
    expect(MENU_PATHS.filter((path) => !pages.has(path))).toEqual([]);
  });

  it('has no path twice', () => {
    const list = allPaths();
    expect(new Set(list).size).toBe(list.length);
  });

  it('keeps the redirect_url of sign-in on this site', () => {
    expect(paths.auth.signIn.getHref('/treasury/wallets?x=1')).toBe(
      '/auth/signin?redirect_url=%2Ftreasury%2Fwallets%3Fx%3D1',
    );
    expect(paths.auth.signIn.getHref('https://evil.example')).toBe('/auth/signin');
    expect(isSafeRedirect('//evil.example')).toBe(false);
    expect(isSafeRedirect('/\\evil.example')).toBe(false);
  });
});
