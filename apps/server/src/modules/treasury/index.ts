/**
 * The treasury module's surface for other modules (billing, accounting, bank-connection sync, the demo
 * seed) and the app: import from here, not from the files behind it (.dependency-cruiser.cjs enforces it).
 */
export {
  accountFilter,
  type TreasuryViewer,
  VIEW_POLICY_FLAG,
  visibleAccountIds,
} from './accounts/account-scope.ts';
export {
  assertAccountOpen,
  dailyBalances,
  findAccount,
  findAccountByIban,
  listAccounts,
  lockOpenAccount,
  normaliseAccountIban,
} from './accounts/accounts.service.ts';
export { convertMinor, currencyDigits, isKnownCurrency } from './accounts/currency-conversion.ts';
export { exchangeRateOn } from './accounts/exchange-rate.ts';
export { ensureDefaultCategories, requireCategory } from './categories/categories.service.ts';
export { DEFAULT_CATEGORIES, defaultCategoriesFor } from './categories/default-categories.ts';
/** The organization's file store (DATA_DIR/files/<org>/), shared with billing's supplier documents. */
export { readFileStream, removeFile, storeFile } from './documents/document-store.ts';
export { documentFileName } from './documents/documents.service.ts';
export { accountsOfConnection, upsertDiscoveredAccounts } from './sync/bank-accounts.ts';
export { CONSENT_JOB, notifyExpiringConsents } from './sync/consent-notifications.ts';
export { CONSENT_WARNING_DAYS, markConsentExpired, requestSync } from './sync/sync.service.ts';
export {
  onTransactionsClassified,
  type TransactionsClassifiedHook,
} from './transactions/classified-hooks.ts';
export {
  accountBalance,
  type InsertEntriesInput,
  insertEntries,
  type LockedAccount,
  lockAccount,
  normaliseText,
  onTransactionsCreated,
  recomputeRunningBalances,
  type TransactionsCreatedHook,
} from './transactions/ingest.ts';
export { type TreasuryDeps, treasuryRoutes } from './treasury.routes.ts';
