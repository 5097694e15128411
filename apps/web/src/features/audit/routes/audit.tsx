import type { AuditEntry, AuditFilters } from '@fluxo/domain/audit/contracts';
import { MAX_AUDIT_RETENTION_DAYS, MIN_AUDIT_RETENTION_DAYS } from '@fluxo/domain/audit/contracts';
import {
  Badge,
  Button,
  Card,
  Code,
  Group,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications as toasts } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { SectionLoader } from '../../../components/full-page-loader.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { currentLanguage } from '../../../lib/i18n/i18n.ts';
import { useAuditLog, useAuditSettings, useExportAudit, useSaveAuditSettings } from '../api/audit.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function changesText(entry: AuditEntry): string {
  if (!entry.changes) return entry.fields.join(', ');
  return Object.entries(entry.changes)
    .map(([field, { before, after }]) => `${field}: ${JSON.stringify(before)} → ${JSON.stringify(after)}`)
    .join('; ');
}

/**
 * User settings › Audit log (desktop and /m), for the owner and whoever holds organization.settings
 * ADMIN: who changed what and when in the organization in use, filtered by dates, entity and actor,
 * exported as CSV; and how long the organization keeps it.
 */
export function AuditRoute() {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 48em)');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [entity, setEntity] = useState('');
  const [actor, setActor] = useState('');
  const filters: AuditFilters = {
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    ...(entity.trim() ? { entity: entity.trim() } : {}),
    ...(UUID.test(actor.trim()) ? { actor: actor.trim() } : {}),
  };
  const log = useAuditLog(filters);
  const exporting = useExportAudit();
  const language = currentLanguage();
  const dateTime = new Intl.DateTimeFormat(language === 'gb' ? 'en-GB' : language, {
    dateStyle: 'short',
    timeStyle: 'medium',
  });
  const entries = log.data?.pages.flatMap((page) => page.items) ?? [];
  const who = (entry: AuditEntry) => entry.actorName ?? entry.actorEmail ?? t('AUDIT.SYSTEM');

  return (
    <>
      <PageHeader
        eyebrow={t('SHELL.PAGES.SETTINGS_GROUP')}
        title={t('SHELL.PAGES.SETTINGS_AUDIT.TITLE')}
        description={t('SHELL.PAGES.SETTINGS_AUDIT.PURPOSE')}
      />
      <Stack gap="lg">
        <Paper withBorder p="md">
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
            <TextInput
              type="date"
              label={t('AUDIT.FROM')}
              value={from}
              onChange={(e) => setFrom(e.currentTarget.value)}
            />
            <TextInput
              type="date"
              label={t('AUDIT.TO')}
              value={to}
              onChange={(e) => setTo(e.currentTarget.value)}
            />
            <TextInput
              label={t('AUDIT.ENTITY')}
              placeholder="billing.documents"
              value={entity}
              onChange={(e) => setEntity(e.currentTarget.value.replace(/[^A-Za-z0-9._-]/g, ''))}
            />
            <TextInput
              label={t('AUDIT.ACTOR')}
              description={t('AUDIT.ACTOR_HINT')}
              value={actor}
              error={actor.trim() && !UUID.test(actor.trim()) ? t('AUDIT.ACTOR_INVALID') : undefined}
              onChange={(e) => setActor(e.currentTarget.value)}
            />
          </SimpleGrid>
          <Group justify="flex-end" mt="md">
            <Button
              variant="light"
              leftSection={<IconDownload size={16} aria-hidden />}
              loading={exporting.isPending}
              onClick={() => exporting.mutate(filters)}
            >
              {t('AUDIT.EXPORT')}
            </Button>
          </Group>
          {exporting.isError && <ErrorAlert error={exporting.error} />}
        </Paper>

        {log.isPending ? (
          <SectionLoader label={t('COMMON.LOADING')} />
        ) : log.isError ? (
          <ErrorAlert error={log.error} />
        ) : entries.length === 0 ? (
          <Text c="dimmed">{t('AUDIT.EMPTY')}</Text>
        ) : phone ? (
          <Stack gap="sm" aria-label={t('AUDIT.ENTRIES')} role="list">
            {entries.map((entry) => (
              <Card key={entry.id} withBorder role="listitem" padding="sm">
                <Group justify="space-between" wrap="nowrap">
                  <Badge variant="light">{entry.action}</Badge>
                  <Text size="xs" c="dimmed">
                    {dateTime.format(new Date(entry.at))}
                  </Text>
                </Group>
                <Text size="sm" fw={600} mt={4}>
                  {entry.entity}
                </Text>
                <Text size="sm">{who(entry)}</Text>
                <Text size="xs" c="dimmed" style={{ wordBreak: 'break-word' }}>
                  {changesText(entry)}
                </Text>
              </Card>
            ))}
          </Stack>
        ) : (
          <Table.ScrollContainer minWidth={800}>
            <Table striped aria-label={t('AUDIT.ENTRIES')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('AUDIT.WHEN')}</Table.Th>
                  <Table.Th>{t('AUDIT.WHO')}</Table.Th>
                  <Table.Th>{t('AUDIT.ACTION')}</Table.Th>
                  <Table.Th>{t('AUDIT.ENTITY')}</Table.Th>
                  <Table.Th>{t('AUDIT.CHANGES')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {entries.map((entry) => (
                  <Table.Tr key={entry.id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {dateTime.format(new Date(entry.at))}
                    </Table.Td>
                    <Table.Td>{who(entry)}</Table.Td>
                    <Table.Td>
                      <Badge variant="light">{entry.action}</Badge>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{entry.entity}</Text>
                      {entry.entityId && (
                        <Code fz="xs" title={entry.route}>
                          {entry.entityId}
                        </Code>
                      )}
                    </Table.Td>
                    <Table.Td style={{ wordBreak: 'break-word' }}>{changesText(entry)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {log.hasNextPage && (
          <Group justify="center">
            <Button
              variant="default"
              loading={log.isFetchingNextPage}
              onClick={() => void log.fetchNextPage()}
            >
              {t('AUDIT.MORE')}
            </Button>
          </Group>
        )}
        <RetentionCard />
      </Stack>
    </>
  );
}

function RetentionCard() {
  const { t } = useTranslation();
  const settings = useAuditSettings();
  const save = useSaveAuditSettings();
  const [days, setDays] = useState<number | string>('');
  useEffect(() => {
    if (settings.data) setDays(settings.data.retentionDays);
  }, [settings.data]);
  const valid =
    typeof days === 'number' && days >= MIN_AUDIT_RETENTION_DAYS && days <= MAX_AUDIT_RETENTION_DAYS;
  return (
    <Paper withBorder p="md" maw={520}>
      <Stack gap="sm">
        <Text fw={600}>{t('AUDIT.RETENTION')}</Text>
        <NumberInput
          label={t('AUDIT.RETENTION_DAYS')}
          description={t('AUDIT.RETENTION_HINT', {
            min: MIN_AUDIT_RETENTION_DAYS,
            max: MAX_AUDIT_RETENTION_DAYS,
          })}
          min={MIN_AUDIT_RETENTION_DAYS}
          max={MAX_AUDIT_RETENTION_DAYS}
          allowDecimal={false}
          value={days}
          onChange={setDays}
          error={days !== '' && !valid ? t('AUDIT.RETENTION_INVALID') : undefined}
        />
        {save.isError && <ErrorAlert error={save.error} />}
        <Group justify="flex-end">
          <Button
            disabled={!valid}
            loading={save.isPending}
            onClick={() =>
              save.mutate(days as number, {
                onSuccess: () => toasts.show({ color: 'green', message: t('AUDIT.RETENTION_SAVED') }),
              })
            }
          >
            {t('AUDIT.SAVE')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
