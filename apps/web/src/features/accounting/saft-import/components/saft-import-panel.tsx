import { Alert, Button, Checkbox, FileInput, Group, Progress, Stack, Table, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageKeyOf } from '../../../../lib/api/errors.ts';
import { organizationsKeys } from '../../../organizations/api/get-organizations.ts';
import { useSwitchOrganization } from '../../../organizations/hooks/use-switch-organization.ts';
import { useUploadStatus, watchUpload } from '../../../treasury/index.ts';
import { useConfirmSaftImport, useSaftImport, useStartSaftImport } from '../api/saft-import.ts';

const TERMINAL = new Set(['done', 'failed', 'refused']);

/** Import a SAF-T (PT or AO): file and optional public key, progress, report, confirmation, totals. */
export function SaftImportPanel() {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [publicKey, setPublicKey] = useState<File | null>(null);
  const [onboard, setOnboard] = useState(false);
  const [importId, setImportId] = useState<string | null>(null);
  const start = useStartSaftImport();
  const switchOrganization = useSwitchOrganization();
  const queryClient = useQueryClient();
  const confirm = useConfirmSaftImport();
  const current = useSaftImport(importId);
  const live = useUploadStatus(importId);
  useEffect(() => (importId ? watchUpload(importId) : undefined), [importId]);
  const data = current.data;
  const percent = data && TERMINAL.has(data.state) ? 100 : Math.max(data?.progress ?? 0, live?.percent ?? 0);

  const submit = () => {
    if (!file) return;
    start.mutate(
      { file, publicKey, onboard },
      {
        // Onboarding created the organization: the app moves into it and follows the import there.
        onSuccess: async (created) => {
          if (onboard) {
            // The list of organizations decides which one is in use: the new one must be in it first.
            await queryClient.refetchQueries({ queryKey: organizationsKeys.all });
            await switchOrganization.mutateAsync(created.organizationId);
          }
          setImportId(created.id);
        },
      },
    );
  };

  return (
    <Stack gap="sm">
      <Text c="dimmed" size="sm">
        {t('ACCOUNTING.SAFT_IMPORT.INTRO')}
      </Text>
      <FileInput
        label={t('ACCOUNTING.SAFT_IMPORT.FILE')}
        accept=".xml,application/xml,text/xml"
        value={file}
        onChange={setFile}
        clearable
      />
      <FileInput
        label={t('ACCOUNTING.SAFT_IMPORT.PUBLIC_KEY')}
        description={t('ACCOUNTING.SAFT_IMPORT.PUBLIC_KEY_HINT')}
        accept=".pem,.txt,.key"
        value={publicKey}
        onChange={setPublicKey}
        clearable
      />
      <Checkbox
        label={t('ACCOUNTING.SAFT_IMPORT.ONBOARD')}
        description={t('ACCOUNTING.SAFT_IMPORT.ONBOARD_HINT')}
        checked={onboard}
        onChange={(event) => setOnboard(event.currentTarget.checked)}
      />
      <Group>
        <Button onClick={submit} disabled={!file} loading={start.isPending || switchOrganization.isPending}>
          {t('ACCOUNTING.SAFT_IMPORT.START')}
        </Button>
      </Group>
      {start.error ? <Alert color="red">{t(errorMessageKeyOf(start.error))}</Alert> : null}
      {data ? (
        <Stack gap="sm" data-testid="saft-import-result">
          <Group justify="space-between">
            <Text fw={600}>{data.fileName}</Text>
            <Text data-testid="saft-import-state">
              {t(`ACCOUNTING.SAFT_IMPORT.STATE.${data.state.toUpperCase()}`)}
            </Text>
          </Group>
          <Progress value={percent} aria-label={t('ACCOUNTING.SAFT_IMPORT.PROGRESS')} />
          {data.signaturesChecked && data.counts.signaturesVerified !== undefined ? (
            <Text size="sm">
              {t('ACCOUNTING.SAFT_IMPORT.SIGNATURES', { count: data.counts.signaturesVerified })}
            </Text>
          ) : null}
          {data.report.length > 0 ? (
            <Stack gap={4}>
              {data.report.map((issue, index) => (
                <Alert
                  // biome-ignore lint/suspicious/noArrayIndexKey: the report is a fixed list
                  key={index}
                  color={issue.severity === 'error' ? 'red' : 'yellow'}
                  title={t(`ACCOUNTING.SAFT_IMPORT.ISSUE.${issue.code}`, { defaultValue: issue.code })}
                >
                  <Text size="sm">
                    {issue.message}
                    {issue.line ? ` (${t('ACCOUNTING.SAFT_IMPORT.LINE', { line: issue.line })})` : ''}
                  </Text>
                </Alert>
              ))}
            </Stack>
          ) : null}
          {data.state === 'awaiting_confirmation' ? (
            <Group>
              <Button onClick={() => confirm.mutate(data.id)} loading={confirm.isPending}>
                {t('ACCOUNTING.SAFT_IMPORT.CONFIRM')}
              </Button>
            </Group>
          ) : null}
          {Object.keys(data.totals).length > 0 ? (
            <Table withTableBorder data-testid="saft-import-totals">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('ACCOUNTING.SAFT_IMPORT.SECTION')}</Table.Th>
                  <Table.Th>{t('ACCOUNTING.SAFT_IMPORT.FIELD')}</Table.Th>
                  <Table.Th>{t('ACCOUNTING.SAFT_IMPORT.DECLARED')}</Table.Th>
                  <Table.Th>{t('ACCOUNTING.SAFT_IMPORT.COMPUTED')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {Object.entries(data.totals).flatMap(([section, totals]) =>
                  Object.entries(totals.computed).map(([field, value]) => (
                    <Table.Tr key={`${section}-${field}`}>
                      <Table.Td>{section}</Table.Td>
                      <Table.Td>{field}</Table.Td>
                      <Table.Td>{totals.declared[field] ?? '—'}</Table.Td>
                      <Table.Td>{value}</Table.Td>
                    </Table.Tr>
                  )),
                )}
              </Table.Tbody>
            </Table>
          ) : null}
        </Stack>
      ) : null}
    </Stack>
  );
}
