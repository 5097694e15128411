import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EntriesTabsView } from './entries-tabs-view.tsx';

/** Accounting › Entries on a phone (/m/accounting/entries): the same tabs, one column. */
export function MobileEntriesRoute() {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <div>
        <Text size="xs" fw={700} tt="uppercase" c="dimmed">
          {t('MENU.ACCOUNTING.TITLE')}
        </Text>
        <Title order={1} fz={22}>
          {t('MENU.ACCOUNTING.ENTRIES')}
        </Title>
      </div>
      <EntriesTabsView mobile />
    </Stack>
  );
}
