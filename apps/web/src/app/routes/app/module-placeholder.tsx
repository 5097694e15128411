import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLayoutDashboard } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { PageHeader } from '../../../components/page-header.tsx';
import { modulePageFor } from '../../module-pages.ts';

/**
 * The page of a menu entry whose module has no screens yet: its title and purpose, and an empty
 * state saying so. Which page it is comes from the path (MODULE_PAGES).
 */
export function ModulePlaceholderRoute() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const page = modulePageFor(pathname);
  if (!page) return null;
  return (
    <>
      <PageHeader
        eyebrow={t(page.groupTitleKey)}
        title={t(page.titleKey)}
        description={t(page.descriptionKey)}
      />
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 48 }}>
        <Stack align="center" gap="sm" ta="center" maw={520} mx="auto">
          <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
            <IconLayoutDashboard size={28} />
          </ThemeIcon>
          <Title order={2} fz="lg">
            {t('MODULE_PAGE.EMPTY_TITLE')}
          </Title>
          <Text c="dimmed">{t('MODULE_PAGE.EMPTY_TEXT')}</Text>
        </Stack>
      </Paper>
    </>
  );
}
