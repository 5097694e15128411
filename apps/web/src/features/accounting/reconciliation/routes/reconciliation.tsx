import { ReconciliationScreen } from '../components/reconciliation-screen.tsx';

/** Accounting › Reconciliation on the desktop. */
export function ReconciliationRoute() {
  return <ReconciliationScreen />;
}
