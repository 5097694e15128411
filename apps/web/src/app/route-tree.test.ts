import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { allPaths, paths, toMobileHref } from '../lib/paths.ts';
import { DESKTOP_ONLY_PATHS, MOBILE_ONLY_PATHS, MODULE_KEYS, modulePagesOf } from './module-pages.ts';
import { modulePlaceholder, routes, type Variant } from './route-tree.tsx';

/** The deepest route a URL reaches; the catch-all means the router has no page for it. */
function reaches(url: string): string | undefined {
  return matchRoutes(routes, url)?.at(-1)?.route.path;
}

const NOT_MIRRORED = [
  paths.maintenance.path,
  paths.playground.path,
  paths.printable.root.path,
  paths.printable.organization.path,
  paths.printable.billingDocument.path,
];

describe('route tree', () => {
  it('has a page for every desktop path of the table', () => {
    const missing = allPaths()
      .filter((path) => !MOBILE_ONLY_PATHS.includes(path) && path !== paths.playground.path)
      .filter((path) => path !== paths.printable.root.path)
      .map((path) => path.replace(':id', '7'))
      .filter((path) => reaches(path) === '*');
    expect(missing).toEqual([]);
  });

  it('mirrors the table under /m, except the device-neutral and desktop-only pages', () => {
    const missing = allPaths()
      .filter(
        (path) => !(NOT_MIRRORED as readonly string[]).includes(path) && !DESKTOP_ONLY_PATHS.includes(path),
      )
      .map((path) => toMobileHref(path))
      .filter((path) => reaches(path) === '*');
    expect(missing).toEqual([]);
    for (const path of DESKTOP_ONLY_PATHS) expect(reaches(toMobileHref(path))).toBe('*');
    for (const path of MOBILE_ONLY_PATHS) expect(reaches(path)).toBe('*');
  });

  it('sends unknown paths, and the playground of a production build, to the catch-all', () => {
    expect(reaches('/no/such/page')).toBe('*');
    expect(reaches('/m/no/such/page')).toBe('*');
  });

  it('gives each module its own placeholder chunk in both trees', async () => {
    for (const variant of ['desktop', 'mobile'] as const satisfies Variant[]) {
      const modules = new Set(modulePagesOf(variant).map((page) => page.module));
      expect([...modules].every((module) => MODULE_KEYS.includes(module))).toBe(true);
      const screens = await Promise.all(
        MODULE_KEYS.map(async (module) => (await modulePlaceholder(variant, module)()).Component),
      );
      expect(screens.every((screen) => typeof screen === 'function')).toBe(true);
      // One file, hence one lazy chunk, per module: no two modules share a screen.
      expect(new Set(screens).size).toBe(MODULE_KEYS.length);
    }
  });
});
