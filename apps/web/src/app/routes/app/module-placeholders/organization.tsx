import { ModulePlaceholderRoute } from '../module-placeholder.tsx';

/** The organization management pages until the module lands: a chunk of their own, which the module's screens replace. */
export default function OrganizationPlaceholderRoute() {
  return <ModulePlaceholderRoute />;
}
