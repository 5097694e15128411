import { Card, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SaftImportPanel } from '../../saft-import/components/saft-import-panel.tsx';
import { SaftExportForm } from '../components/saft-export-form.tsx';

/** Accounting › SAF-T: the billing (F), accounting (C) or integrated (I) SAF-T (PT) of a period. */
export function SaftRoute() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg" maw={720}>
      <Stack gap={4}>
        <Title order={1}>{t('MENU.ACCOUNTING.SAFT')}</Title>
        <Text c="dimmed">{t('ACCOUNTING.SAFT.INTRO')}</Text>
      </Stack>
      <Card withBorder padding="lg">
        <Stack gap="sm">
          <Title order={2} fz="lg">
            {t('ACCOUNTING.SAFT.EXPORT_TITLE')}
          </Title>
          <SaftExportForm />
        </Stack>
      </Card>
      <Card withBorder padding="lg">
        <Stack gap="sm">
          <Title order={2} fz="lg">
            {t('ACCOUNTING.SAFT_IMPORT.TITLE')}
          </Title>
          <SaftImportPanel />
        </Stack>
      </Card>
    </Stack>
  );
}
