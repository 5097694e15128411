import { ModulePlaceholderRoute } from '../module-placeholder.tsx';

/** The accounting pages until the module lands: a chunk of their own, which the module's screens replace. */
export default function AccountingPlaceholderRoute() {
  return <ModulePlaceholderRoute />;
}
