import { MobileModulePlaceholderRoute } from '../module-placeholder.tsx';

/** The dashboards pages on a phone until the module lands: a chunk of their own, which the module's screens replace. */
export default function MobileDashboardsPlaceholderRoute() {
  return <MobileModulePlaceholderRoute />;
}
