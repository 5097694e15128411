import { ModulePlaceholderRoute } from '../module-placeholder.tsx';

/** The user settings pages until the module lands: a chunk of their own, which the module's screens replace. */
export default function SettingsPlaceholderRoute() {
  return <ModulePlaceholderRoute />;
}
