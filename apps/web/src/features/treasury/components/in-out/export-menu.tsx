import { Button, Menu } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useExportTransactions } from '../../api/transactions-export.ts';
import type { InOutFilters } from '../../lib/in-out-filters.ts';
import { toastApiError } from './toast-api-error.tsx';

/** Export of the filtered set, fetched with the session and saved as a file. */
export function ExportMenu({ filters }: { filters: InOutFilters }) {
  const { t } = useTranslation();
  const exporter = useExportTransactions();
  const run = (format: 'csv' | 'xlsx') => exporter.mutate({ filters, format }, { onError: toastApiError });
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          loading={exporter.isPending}
        >
          {t('TREASURY.IN_OUT.EXPORT.ACTION')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => run('csv')}>{t('TREASURY.IN_OUT.EXPORT.CSV')}</Menu.Item>
        <Menu.Item onClick={() => run('xlsx')}>{t('TREASURY.IN_OUT.EXPORT.XLSX')}</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
