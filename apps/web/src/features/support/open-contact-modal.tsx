import { modals } from '@mantine/modals';
import { useTranslation } from 'react-i18next';
import { ContactRequestForm } from './components/contact-request-form.tsx';

const CONTACT_MODAL_ID = 'contact-request';

function ContactModalTitle() {
  const { t } = useTranslation();
  return <>{t('CONTACT_US.TITLE')}</>;
}

/**
 * Opens the contact request modal (spec §2). `motive` and `source` travel with the request, so
 * sales know where it came from (e.g. `{ motive: 'addon-maximum', source: 'addons' }`).
 * Needs the signed-in layout's ModalsProvider.
 */
export function openContactModal({ motive, source }: { motive?: string; source?: string } = {}): void {
  const close = () => modals.close(CONTACT_MODAL_ID);
  modals.open({
    modalId: CONTACT_MODAL_ID,
    title: <ContactModalTitle />,
    size: 'lg',
    children: <ContactRequestForm motive={motive} source={source} onClose={close} />,
  });
}
