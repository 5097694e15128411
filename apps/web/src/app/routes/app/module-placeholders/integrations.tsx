import { ModulePlaceholderRoute } from '../module-placeholder.tsx';

/** The integrations pages until the module lands: a chunk of their own, which the module's screens replace. */
export default function IntegrationsPlaceholderRoute() {
  return <ModulePlaceholderRoute />;
}
