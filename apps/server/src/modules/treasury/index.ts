// The treasury module's public surface: what the app, the demo seed and the modules above treasury
// (billing, accounting, financial…) may use. Nothing else of treasury is imported from outside it
// (.dependency-cruiser.cjs enforces it).
export { type TreasuryViewer, visibleAccountIds } from './accounts/account-scope.ts';
export {
  accountBalance,
  insertEntries,
  type LockedAccount,
  lockAccount,
  onTransactionsCreated,
  recomputeRunningBalances,
  type TransactionsCreatedHook,
} from './transactions/ingest.ts';
export { type TreasuryDeps, treasuryRoutes } from './treasury.routes.ts';
