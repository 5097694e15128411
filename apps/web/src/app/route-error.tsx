import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { isChunkLoadFailure, reloadAfterChunkFailure } from '../lib/errors/chunk-reload.ts';

/**
 * Spec §8: a screen whose code cannot be loaded reloads the page once (lib/errors/chunk-reload);
 * anything else shows a message with a way out.
 */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (isChunkLoadFailure(error) && reloadAfterChunkFailure()) return null;
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
