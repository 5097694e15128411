// The install a deployment reproduces: `npm ci` on any platform and Node version that `engines` admits.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const read = (file: string) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));

interface LockedPackage {
  version?: string;
  engines?: { node?: string };
  os?: string[];
  cpu?: string[];
  optional?: boolean;
  license?: string;
}
const lock = read('package-lock.json') as { packages: Record<string, LockedPackage> };
const manifests = [
  'package.json',
  'apps/server/package.json',
  'apps/web/package.json',
  'packages/domain/package.json',
];
const floor = read('package.json').engines.node as string;

describe('install', () => {
  it('every workspace is AGPL-3.0-or-later and admits the same Node versions', () => {
    for (const file of manifests) {
      expect(read(file).license, file).toBe('AGPL-3.0-or-later');
      expect(read(file).engines?.node, file).toBe(floor);
    }
  });

  it('every locked dependency runs on every Node version our engines admit', () => {
    const refused = Object.entries(lock.packages)
      .filter(([name, pkg]) => name && pkg.engines?.node && !semver.subset(floor, pkg.engines.node))
      .map(([name, pkg]) => `${name} wants ${pkg.engines?.node}`);
    expect(refused).toEqual([]);
  });

  it('the lock file records the native binaries of other platforms too, so npm ci accepts it anywhere', () => {
    const platforms = (prefix: string) =>
      Object.entries(lock.packages)
        .filter(([name]) => name.startsWith(prefix))
        .flatMap(([, pkg]) => pkg.os ?? []);
    for (const prefix of [
      'node_modules/@rollup/rollup-',
      'node_modules/@esbuild/',
      'node_modules/@biomejs/cli-',
    ]) {
      expect(platforms(prefix), prefix).toEqual(expect.arrayContaining(['linux', 'darwin', 'win32']));
    }
  });
});
