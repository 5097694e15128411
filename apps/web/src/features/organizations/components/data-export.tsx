import { Alert, Button, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { IconArchive, IconDownload } from '@tabler/icons-react';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { localeOf, useFormatDate } from '../../../lib/format/money.ts';
import { useDataExports, useDownloadDataExport, useStartDataExport } from '../api/data-exports.ts';
import {
  exportProgressOf,
  exportView,
  formatSize,
  subscribeExportProgress,
} from '../lib/data-export-state.ts';

/**
 * "Data export" (issue 15): the owner asks for an archive of everything the organization holds — a CSV
 * per table, the documents' PDFs, the attachments and the SAF-T files; a job builds it, the bar follows
 * its DATA_EXPORT_PROGRESS events, and the download appears once it is ready. Owners only (the server
 * refuses anyone else). Route-less: the organization settings and the removal dialog mount it.
 */
export function DataExport({
  organizationId,
  compact = false,
  beforeRemoval = false,
}: {
  organizationId: string;
  compact?: boolean;
  /** In the removal dialog: says why the copy is worth taking now. */
  beforeRemoval?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const formatDate = useFormatDate();
  const list = useDataExports(organizationId);
  const start = useStartDataExport(organizationId);
  const download = useDownloadDataExport(organizationId);
  const latest = list.data?.items[0] ?? null;
  const live = useSyncExternalStore(subscribeExportProgress, () => exportProgressOf(latest?.id));
  const view = exportView(latest, live);
  const working = view.kind === 'working' || start.isPending;

  return (
    <Stack gap="sm">
      {beforeRemoval && <Text size="sm">{t('DATA_EXPORT.BEFORE_REMOVAL')}</Text>}
      <Text size="sm" c="dimmed">
        {t('DATA_EXPORT.DESCRIPTION')}
      </Text>
      {view.kind === 'working' && (
        <Stack gap={4}>
          <Text size="sm">{t('DATA_EXPORT.PREPARING', { percent: view.percent })}</Text>
          <Progress
            value={view.percent}
            animated
            aria-label={t('DATA_EXPORT.PROGRESS_LABEL')}
            aria-valuenow={view.percent}
          />
        </Stack>
      )}
      {view.kind === 'ready' && (
        <Alert color="green" variant="light" icon={<IconArchive size={18} aria-hidden />}>
          <Stack gap="xs">
            <Text size="sm">
              {t('DATA_EXPORT.READY', {
                size: formatSize(view.export.size, localeOf(i18n.language)),
                date: formatDate(view.export.expiresAt),
              })}
            </Text>
            <Group>
              <Button
                size={compact ? 'md' : 'sm'}
                leftSection={<IconDownload size={16} aria-hidden />}
                loading={download.isPending}
                onClick={() => download.mutate(view.export.id)}
              >
                {t('DATA_EXPORT.DOWNLOAD')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
      {view.kind === 'failed' && (
        <Alert color="red" variant="light" role="alert">
          {t('DATA_EXPORT.FAILED')}
        </Alert>
      )}
      {view.kind === 'expired' && (
        <Text size="sm" c="dimmed">
          {t('DATA_EXPORT.EXPIRED')}
        </Text>
      )}
      <ErrorAlert error={list.error ?? start.error ?? download.error} />
      <Group>
        <Button
          variant={view.kind === 'ready' ? 'default' : 'filled'}
          size={compact ? 'md' : 'sm'}
          leftSection={<IconArchive size={16} aria-hidden />}
          loading={start.isPending}
          disabled={working || list.isLoading}
          onClick={() => start.mutate()}
        >
          {view.kind === 'none' ? t('DATA_EXPORT.START') : t('DATA_EXPORT.START_AGAIN')}
        </Button>
      </Group>
    </Stack>
  );
}

/** The same, as a titled section of a settings page. */
export function DataExportPanel({ organizationId, compact }: { organizationId: string; compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="data-export-title">
      <Stack gap="sm">
        <Title order={3} id="data-export-title" size="h4">
          {t('DATA_EXPORT.TITLE')}
        </Title>
        <DataExport organizationId={organizationId} {...(compact !== undefined ? { compact } : {})} />
      </Stack>
    </Paper>
  );
}
