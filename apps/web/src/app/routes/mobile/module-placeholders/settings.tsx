import { MobileModulePlaceholderRoute } from '../module-placeholder.tsx';

/** The user settings pages on a phone until the module lands: a chunk of their own, which the module's screens replace. */
export default function MobileSettingsPlaceholderRoute() {
  return <MobileModulePlaceholderRoute />;
}
