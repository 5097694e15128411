import { Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLayoutDashboard } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { modulePageFor } from '../../module-pages.ts';

/** A module page not built yet, on a phone: its title, its purpose, and the empty state. */
export function MobileModulePlaceholderRoute() {
  const { t } = useTranslation();
  const page = modulePageFor(useLocation().pathname);
  if (!page) return null;
  return (
    <Stack gap="md">
      <div>
        <Text size="xs" fw={700} tt="uppercase" c="dimmed">
          {t(page.groupTitleKey)}
        </Text>
        <Title order={1} fz={22}>
          {t(page.titleKey)}
        </Title>
        <Text size="sm" c="dimmed">
          {t(page.descriptionKey)}
        </Text>
      </div>
      <Stack align="center" gap="sm" ta="center" py="xl">
        <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
          <IconLayoutDashboard size={28} />
        </ThemeIcon>
        <Title order={2} fz="md">
          {t('MODULE_PAGE.EMPTY_TITLE')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('MODULE_PAGE.EMPTY_TEXT')}
        </Text>
      </Stack>
    </Stack>
  );
}
