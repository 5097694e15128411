// The import rules of docs/architecture.md ("Business modules"), checked by `npm run lint:deps` inside
// `npm test`. Paths are relative to the repository root. Test files may reach inside what they test,
// so they are left out as importers.
//
// Scope: the platform-level server modules (auth, payments, subscriptions, tax, connections…) and web
// features (account, organizations, connections…) predate the index.ts rule, have no index.ts, and are
// imported file by file (also by treasury, e.g. tax's exchange rates); the index.ts rule binds the
// business modules (treasury and the layers above it): whoever uses one goes through its index.ts.

/** The business modules, lowest layer first; a layer may use the ones before it, never one after. */
const LAYERS = [
  ['treasury'],
  ['billing'],
  ['accounting'],
  // The SAF-T export reads billing (basis F) and the ledger (C, I) through their index.ts.
  ['saft'],
  ['financial', 'reports', 'portfolio', 'chat', 'dashboards', 'integrations', 'data-export'],
];
const BUSINESS = LAYERS.flat().join('|');
/**
 * Platform-level modules that feed treasury and so may use its index.ts: the demo seed, and bank
 * connections (the aggregator's accounts and transactions land in treasury accounts).
 */
const WIRED_TO_TREASURY = 'demo|connections';
const TESTS = '\\.test\\.tsx?$|/e2e/|/test/';

const server = 'apps/server/src';
const web = 'apps/web/src';

/** One rule per layer: its modules (server and web) may not import a higher layer's. */
const layerRules = LAYERS.slice(0, -1).map((layer, index) => {
  const lower = layer.join('|');
  const higher = LAYERS.slice(index + 1)
    .flat()
    .join('|');
  return {
    name: `layer-${layer[0]}`,
    comment: `${layer.join(', ')} may use the layers below it, never ${higher.replaceAll('|', ', ')}.`,
    severity: 'error',
    from: { path: `^(${server}/modules|${web}/features)/(${lower})/`, pathNot: TESTS },
    to: { path: `^(${server}/modules|${web}/features)/(${higher})/` },
  };
});

module.exports = {
  forbidden: [
    {
      name: 'module-internals',
      comment:
        'A business module is used from outside only through its index.ts (apps/server/src/modules/<m>/index.ts).',
      severity: 'error',
      from: { path: `^${server}/modules/([^/]+)/`, pathNot: TESTS },
      to: {
        path: `^${server}/modules/(${BUSINESS})/`,
        pathNot: [`^${server}/modules/$1/`, `^${server}/modules/[^/]+/index\\.ts$`],
      },
    },
    {
      name: 'app-reaches-inside-module',
      comment: 'The app and the rest of the server wire a business module in through its index.ts.',
      severity: 'error',
      from: { path: `^${server}/(?!modules/)`, pathNot: TESTS },
      to: { path: `^${server}/modules/(${BUSINESS})/`, pathNot: `^${server}/modules/[^/]+/index\\.ts$` },
    },
    {
      name: 'platform-imports-modules',
      comment: 'platform, realtime and db sit below every module and never import one.',
      severity: 'error',
      from: { path: `^${server}/(platform|realtime|db)/`, pathNot: TESTS },
      to: { path: `^${server}/modules/` },
    },
    {
      name: 'platform-module-imports-business',
      comment:
        'The platform-level modules (auth, organizations, payments…) sit below the business modules; only the app, the demo seed and bank connections (through index.ts) use them.',
      severity: 'error',
      from: {
        path: `^${server}/modules/[^/]+/`,
        pathNot: [`^${server}/modules/(${BUSINESS}|${WIRED_TO_TREASURY})/`, TESTS],
      },
      to: { path: `^${server}/modules/(${BUSINESS})/` },
    },
    ...layerRules,
    {
      name: 'web-feature-internals',
      comment: "A web feature uses a business feature only through that feature's index.ts(x).",
      severity: 'error',
      from: { path: `^${web}/features/([^/]+)/`, pathNot: TESTS },
      to: {
        path: `^${web}/features/(${BUSINESS})/`,
        pathNot: [`^${web}/features/$1/`, `^${web}/features/[^/]+/index\\.tsx?$`],
      },
    },
    {
      name: 'domain-is-shared',
      comment: 'packages/domain is shared by web and server and imports neither.',
      severity: 'error',
      from: { path: '^packages/domain/' },
      to: { path: '^apps/' },
    },
    {
      name: 'server-and-web-apart',
      comment: 'The server and the web app share code only through packages/domain.',
      severity: 'error',
      from: { path: '^apps/(server|web)/src/', pathNot: TESTS },
      to: { path: '^apps/(server|web)/src/', pathNot: '^apps/$1/src/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)node_modules/|/dist/|\\.d\\.ts$' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
