import type { NotificationPreference } from '@fluxo/domain/notifications/contracts';
import { notificationText } from '@fluxo/domain/notifications/kinds';
import { Button, Checkbox, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { notifications as toasts } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { SectionLoader } from '../../../components/full-page-loader.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { currentLanguage } from '../../../lib/i18n/i18n.ts';
import { useNotificationPreferences, useSaveNotificationPreferences } from '../api/notifications.ts';

const CHANNELS = ['inApp', 'push', 'email'] as const;
const CHANNEL_KEYS = {
  inApp: 'NOTIFICATIONS.CHANNEL_IN_APP',
  push: 'NOTIFICATIONS.CHANNEL_PUSH',
  email: 'NOTIFICATIONS.CHANNEL_EMAIL',
};

/** User settings › Notifications (desktop and /m): per kind, in the app, by web push, in the daily e-mail. */
export function NotificationSettingsRoute() {
  const { t } = useTranslation();
  const saved = useNotificationPreferences();
  const save = useSaveNotificationPreferences();
  const [draft, setDraft] = useState<NotificationPreference[]>([]);
  useEffect(() => {
    if (saved.data) setDraft(saved.data.preferences);
  }, [saved.data]);
  const language = currentLanguage();
  const set = (kind: string, channel: (typeof CHANNELS)[number], value: boolean) =>
    setDraft((rows) => rows.map((row) => (row.kind === kind ? { ...row, [channel]: value } : row)));

  return (
    <>
      <PageHeader
        eyebrow={t('SHELL.PAGES.SETTINGS_GROUP')}
        title={t('SHELL.PAGES.SETTINGS_NOTIFICATIONS.TITLE')}
        description={t('SHELL.PAGES.SETTINGS_NOTIFICATIONS.PURPOSE')}
      />
      {saved.isPending ? (
        <SectionLoader label={t('COMMON.LOADING')} />
      ) : saved.isError ? (
        <ErrorAlert error={saved.error} />
      ) : (
        <Paper withBorder p="md" maw={760}>
          <Stack>
            <Table.ScrollContainer minWidth={420}>
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('NOTIFICATIONS.KIND')}</Table.Th>
                    {CHANNELS.map((channel) => (
                      <Table.Th key={channel}>{t(CHANNEL_KEYS[channel])}</Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {draft.map((row) => {
                    const title = notificationText(row.kind, {}, language).title;
                    return (
                      <Table.Tr key={row.kind}>
                        <Table.Td>{title}</Table.Td>
                        {CHANNELS.map((channel) => (
                          <Table.Td key={channel}>
                            <Checkbox
                              aria-label={`${title}: ${t(CHANNEL_KEYS[channel])}`}
                              checked={row[channel]}
                              onChange={(event) => set(row.kind, channel, event.currentTarget.checked)}
                            />
                          </Table.Td>
                        ))}
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Text size="sm" c="dimmed">
              {t('NOTIFICATIONS.DIGEST_HINT')}
            </Text>
            {save.isError && <ErrorAlert error={save.error} />}
            <Group justify="flex-end">
              <Button
                loading={save.isPending}
                onClick={() =>
                  save.mutate(draft, {
                    onSuccess: () => toasts.show({ color: 'green', message: t('NOTIFICATIONS.SAVED') }),
                  })
                }
              >
                {t('NOTIFICATIONS.SAVE')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
    </>
  );
}
