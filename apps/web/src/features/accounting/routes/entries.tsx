import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header.tsx';
import { EntriesTabsView } from './entries-tabs-view.tsx';

/** Accounting › Entries: the journal, its periods, the chart of accounts and the statements, as tabs. */
export function EntriesRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader
        eyebrow={t('MENU.ACCOUNTING.TITLE')}
        title={t('MENU.ACCOUNTING.ENTRIES')}
        description={t('ACCOUNTING.LEDGER.INTRO')}
      />
      <EntriesTabsView mobile={false} />
    </>
  );
}
