import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BillingTabs } from './billing-tabs.tsx';

/** Billing › Documents on a phone (/m/billing/documents): cards, a full-screen detail and editor. */
export function MobileBillingDocumentsRoute() {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <div>
        <Text size="xs" fw={700} tt="uppercase" c="dimmed">
          {t('MENU.BILLING.TITLE')}
        </Text>
        <Title order={1} fz={22}>
          {t('MENU.BILLING.DOCUMENTS')}
        </Title>
      </div>
      <BillingTabs variant="mobile" />
    </Stack>
  );
}
