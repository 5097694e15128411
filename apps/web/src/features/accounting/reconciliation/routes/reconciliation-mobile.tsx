import { ReconciliationScreen } from '../components/reconciliation-screen.tsx';

/** Accounting › Reconciliation on a phone: the same queue, in one column. */
export function MobileReconciliationRoute() {
  return <ReconciliationScreen compact />;
}
