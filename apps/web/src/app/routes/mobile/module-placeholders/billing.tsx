import { MobileModulePlaceholderRoute } from '../module-placeholder.tsx';

/** The billing pages on a phone until the module lands: a chunk of their own, which the module's screens replace. */
export default function MobileBillingPlaceholderRoute() {
  return <MobileModulePlaceholderRoute />;
}
