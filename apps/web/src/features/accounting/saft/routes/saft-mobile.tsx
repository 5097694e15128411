import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SaftImportPanel } from '../../saft-import/components/saft-import-panel.tsx';
import { SaftExportForm } from '../components/saft-export-form.tsx';

/** Accounting › SAF-T on a phone: the same export and import, full-width controls. */
export function MobileSaftRoute() {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={1} fz={24}>
          {t('MENU.ACCOUNTING.SAFT')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('ACCOUNTING.SAFT.INTRO')}
        </Text>
      </Stack>
      <Title order={2} fz="md">
        {t('ACCOUNTING.SAFT.EXPORT_TITLE')}
      </Title>
      <SaftExportForm compact />
      <Title order={2} fz="md">
        {t('ACCOUNTING.SAFT_IMPORT.TITLE')}
      </Title>
      <SaftImportPanel />
    </Stack>
  );
}
