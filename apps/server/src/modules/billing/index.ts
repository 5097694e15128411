// The billing module's public surface: what the app and the modules above billing (accounting,
// financial…) may use. Nothing else of billing is imported from outside it (.dependency-cruiser.cjs).
export { billingRoutes } from './billing.routes.ts';
export {
  cancelDocument,
  type DocumentsDeps,
  issueInTransaction,
  writeDraft,
} from './documents.service.ts';
export { notifyOverdueDocuments, OVERDUE_JOB } from './overdue-notifications.ts';
export { agingTotals, organizationToday } from './payments/current-account.service.ts';
export { cancelPayment, linkPaymentToMovement, recordPayment } from './payments/payments.service.ts';
export { documentPdf, type PrintDeps } from './pdf/printable.service.ts';
export { renderPdf } from './pdf/render-pdf.ts';
export {
  eurCents,
  type SaftDocumentRow,
  type SaftLineRow,
  type SaftPeriod,
  type SaftReceiptExtras,
  saftControlTotals,
  saftCustomerPages,
  saftDocumentPages,
  saftProductPages,
  saftReceiptExtras,
  saftTaxRates,
} from './saft-source.ts';
export { loadSigningKey, type SigningKey } from './signing-key.ts';
export {
  type BillingIssuedAlongHook,
  type BillingSourceChangedHook,
  type BillingSourceKind,
  onBillingSourceChanged,
} from './source-hooks.ts';
