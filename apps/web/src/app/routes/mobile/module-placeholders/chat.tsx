import { MobileModulePlaceholderRoute } from '../module-placeholder.tsx';

/** The chat pages on a phone until the module lands: a chunk of their own, which the module's screens replace. */
export default function MobileChatPlaceholderRoute() {
  return <MobileModulePlaceholderRoute />;
}
