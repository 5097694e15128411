// The accounting module's public surface: what the app and the modules above accounting (financial,
// reports, dashboards…) may use. Nothing else of accounting is imported from outside it
// (.dependency-cruiser.cjs). Its parts: charts/, ledger/, posting/, statements/, reconciliation/,
// saft-import/ (the SAF-T export lives in modules/saft).
export { type AccountingDeps, accountingRoutes } from './accounting.routes.ts';
export { chartAccounts, seedChart } from './charts/seed.ts';
export { isLocked, periodOf, reverseEntry } from './ledger/ledger.service.ts';
export {
  type EntrySourceType,
  entryHash,
  entryHashInput,
  type PostedEntry,
  type PostingInput,
  type PostingLine,
  postEntry,
} from './ledger/post.ts';
export { chartOfCountry, ensureFiscalYear, ensureLedger, type JournalKind } from './ledger/setup.ts';
export { deferPosting, subscribePosting } from './posting/hooks.ts';
export { postPending } from './posting/pending.ts';
export { syncDocument, syncMovement, syncPayment, syncPurchase } from './posting/sync.ts';
export {
  confirmMatch,
  reconciliationAccounts,
  reconciliationQueue,
  undoMatch,
} from './reconciliation/reconciliation.service.ts';
export { suggestionsFor } from './reconciliation/suggestions.ts';
export {
  type SaftJournalRow,
  type SaftLedgerAccountRow,
  type SaftLedgerChart,
  type SaftLedgerScope,
  type SaftPartyRow,
  type SaftTransaction,
  type SaftTransactionLineRow,
  type SaftTransactionRow,
  saftLedgerChart,
  saftLedgerControlTotals,
  saftLedgerJournals,
  saftLedgerPartyPages,
  saftLedgerTaxRates,
  saftLedgerTransactionPages,
} from './saft-ledger/saft-ledger-reader.ts';
