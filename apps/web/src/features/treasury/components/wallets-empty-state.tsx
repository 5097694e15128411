import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBuildingBank } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The empty page: no account and no connection yet. */
export function WalletsEmptyState() {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 48 }}>
      <Stack align="center" gap="sm" ta="center" maw={520} mx="auto">
        <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
          <IconBuildingBank size={28} />
        </ThemeIcon>
        <Title order={2} fz="lg">
          {t('MODULE_PAGE.EMPTY_TITLE')}
        </Title>
        <Text c="dimmed">{t('TREASURY.WALLETS.EMPTY')}</Text>
      </Stack>
    </Paper>
  );
}
