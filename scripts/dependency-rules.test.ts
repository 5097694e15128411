import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cruise, type ICruiseResult, type IFlattenedRuleSet } from 'dependency-cruiser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The layering rules of .dependency-cruiser.cjs, run with dependency-cruiser's API over a small tree
// laid out like the repository: each deliberate bad import must be reported, the good ones must not.

const config = createRequire(import.meta.url)('../.dependency-cruiser.cjs') as {
  forbidden: IFlattenedRuleSet['forbidden'];
  options: Record<string, unknown>;
};

const files: Record<string, string> = {
  'apps/server/src/modules/treasury/index.ts': "export { inner } from './inner.ts';\n",
  'apps/server/src/modules/treasury/inner.ts': 'export const inner = 1;\n',
  'apps/server/src/modules/treasury/transactions/list.ts':
    "import { inner } from '../inner.ts';\nexport const list = inner;\n",
  'apps/server/src/modules/treasury/reaches-up.ts':
    "import { good } from '../billing/index.ts';\nexport const up = good;\n",
  'apps/server/src/modules/treasury/reaches-auth.ts':
    "import { a } from '../auth/auth.service.ts';\nexport const b = a;\n",
  'apps/server/src/modules/treasury/inner.test.ts':
    "import { a } from '../auth/auth.service.ts';\nexport const t = a;\n",
  'apps/server/src/modules/billing/index.ts':
    "import { inner } from '../treasury/index.ts';\nexport const good = inner;\n",
  'apps/server/src/modules/billing/bad.ts':
    "import { inner } from '../treasury/inner.ts';\nexport const bad = inner;\n",
  'apps/server/src/modules/auth/auth.service.ts':
    "import { inner } from '../treasury/index.ts';\nexport const a = inner;\n",
  'apps/server/src/modules/demo/seed.ts':
    "import { inner } from '../treasury/index.ts';\nexport const seed = inner;\n",
  'apps/server/src/modules/connections/sync.ts':
    "import { inner } from '../treasury/index.ts';\nexport const sync = inner;\n",
  'apps/server/src/modules/connections/bad-sync.ts':
    "import { inner } from '../treasury/inner.ts';\nexport const badSync = inner;\n",
  'apps/server/src/platform/guard.ts':
    "import { a } from '../modules/auth/auth.service.ts';\nexport const g = a;\n",
  'apps/server/src/app.ts':
    "import { inner } from './modules/treasury/inner.ts';\nexport const app = inner;\n",
  'apps/web/src/features/treasury/index.ts': "export { List } from './components/list.tsx';\n",
  'apps/web/src/features/treasury/components/list.tsx': 'export const List = 1;\n',
  'apps/web/src/features/billing/page.tsx':
    "import { List } from '../treasury/components/list.tsx';\nexport const Page = List;\n",
  'apps/web/src/features/billing/fine.tsx':
    "import { List } from '../treasury/index.ts';\nexport const Fine = List;\n",
  'apps/web/src/features/treasury/components/uses-org.tsx':
    "import { x } from '../../organizations/hooks/use-organizations.ts';\nexport const U = x;\n",
  'apps/web/src/features/organizations/hooks/use-organizations.ts': 'export const x = 1;\n',
  'packages/domain/src/money.ts':
    "import { app } from '../../../apps/server/src/app.ts';\nexport const m = app;\n",
};

let root: string;
let result: ICruiseResult;

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'fluxo-depcruise-'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  const reported = await cruise(['apps', 'packages'], {
    ...config.options,
    baseDir: root,
    validate: true,
    ruleSet: { forbidden: config.forbidden },
  });
  result = reported.output as ICruiseResult;
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** `rule: from → to` for every violation. */
const violations = () => result.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort();

describe('dependency rules', () => {
  // Not reported: a module's own files, index.ts imports downwards (billing → treasury), the demo seed
  // and bank connections using treasury's index, treasury using a platform module's file (auth,
  // organizations: no index.ts yet), and a test file reaching inside another module.
  it('reports every deliberate bad import, and nothing else', () => {
    expect(violations()).toEqual(
      [
        'app-reaches-inside-module: apps/server/src/app.ts → apps/server/src/modules/treasury/inner.ts',
        'domain-is-shared: packages/domain/src/money.ts → apps/server/src/app.ts',
        'layer-treasury: apps/server/src/modules/treasury/reaches-up.ts → apps/server/src/modules/billing/index.ts',
        'module-internals: apps/server/src/modules/billing/bad.ts → apps/server/src/modules/treasury/inner.ts',
        'module-internals: apps/server/src/modules/connections/bad-sync.ts → apps/server/src/modules/treasury/inner.ts',
        'platform-imports-modules: apps/server/src/platform/guard.ts → apps/server/src/modules/auth/auth.service.ts',
        'platform-module-imports-business: apps/server/src/modules/auth/auth.service.ts → apps/server/src/modules/treasury/index.ts',
        'web-feature-internals: apps/web/src/features/billing/page.tsx → apps/web/src/features/treasury/components/list.tsx',
      ].sort(),
    );
  });
});
