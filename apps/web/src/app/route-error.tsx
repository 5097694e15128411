import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

const RELOAD_MARK = 'reloaded';

function isChunkLoadFailure(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed/i.test(error.message)
  );
}

/**
 * Spec §8: a screen whose code cannot be loaded (usually a deploy replaced it) reloads the page
 * once, with a cache-busting query; anything else shows a message with a way out.
 */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  const url = new URL(window.location.href);
  if (isChunkLoadFailure(error) && !url.searchParams.has(RELOAD_MARK)) {
    url.searchParams.set(RELOAD_MARK, String(Date.now()));
    window.location.replace(url.toString());
    return null;
  }
  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" gap="sm" maw={480} ta="center">
        <Title order={1} fz={24}>
          {t('ROUTE_ERROR.TITLE')}
        </Title>
        <Text c="dimmed">{t('ROUTE_ERROR.TEXT')}</Text>
        <Button onClick={() => window.location.assign('/')}>{t('ROUTE_ERROR.RELOAD')}</Button>
      </Stack>
    </Center>
  );
}
