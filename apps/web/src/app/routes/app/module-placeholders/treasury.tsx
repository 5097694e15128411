import { ModulePlaceholderRoute } from '../module-placeholder.tsx';

/** The treasury pages until the module lands: a chunk of their own, which the module's screens replace. */
export default function TreasuryPlaceholderRoute() {
  return <ModulePlaceholderRoute />;
}
