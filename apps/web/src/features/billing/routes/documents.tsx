import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header.tsx';
import { BillingTabs } from './billing-tabs.tsx';

/** Billing › Documents: invoices, credit notes, quotes and receipts, with the other billing tabs. */
export function BillingDocumentsRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader
        eyebrow={t('MENU.BILLING.TITLE')}
        title={t('MENU.BILLING.DOCUMENTS')}
        description={t('BILLING.DOCUMENTS.DESCRIPTION')}
      />
      <BillingTabs variant="desktop" />
    </>
  );
}
