import '@mantine/dropzone/styles.css';
import { STATEMENT_MAX_BYTES } from '@fluxo/domain/treasury/contracts';
import type { Account, ImportResult } from '@fluxo/domain/treasury/model';
import { Alert, Button, Group, Modal, Progress, Select, Stack, Stepper, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconFileUpload, IconUpload, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { ApiError } from '../../../lib/api/errors.ts';
import { realtimeQueryKeys } from '../../../lib/realtime/query-keys.ts';
import { type ImportPreview, importStatement, previewImport } from '../api/imports.ts';
import { processingPercent, useUploadStatus, watchUpload } from '../upload-status.ts';
import { RejectionList, rejectionsOf } from './import-rejections.tsx';
import { ImportSummary } from './import-summary.tsx';
import {
  draftFrom,
  type MappingDraft,
  MappingStep,
  mappingFrom,
  type ProfileChoice,
} from './mapping-step.tsx';

type Step = 'file' | 'mapping' | 'importing' | 'summary';
const STEP_INDEX: Record<Step, number> = { file: 0, mapping: 1, importing: 2, summary: 3 };

function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(Math.round((bytes / (1024 * 1024)) * 10) / 10).toString()} MB`;
}

/** Upload progress of the bytes, then the server's processing progress from UPDATE_UPLOAD_FILE_STATUS. */
function ImportProgress({ sent, total, uploadId }: { sent: number; total: number; uploadId: string | null }) {
  const { t } = useTranslation();
  const status = useUploadStatus(uploadId);
  const uploaded = total > 0 && sent >= total;
  const uploadPercent = total > 0 ? Math.round((sent / total) * 100) : 0;
  const processed = processingPercent(status);
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Group justify="space-between">
          <Text size="sm" id="upload-progress-label">
            {t('TREASURY.IMPORT.UPLOADING')}
          </Text>
          <Text size="sm" c="dimmed">
            {uploadPercent}%
          </Text>
        </Group>
        <Progress.Root size="lg" transitionDuration={150}>
          <Progress.Section value={uploadPercent} aria-labelledby="upload-progress-label" />
        </Progress.Root>
      </Stack>
      <Stack gap={4}>
        <Group justify="space-between">
          <Text size="sm" id="processing-progress-label">
            {t('TREASURY.IMPORT.PROCESSING')}
          </Text>
          <Text size="sm" c="dimmed" aria-live="polite" data-testid="import-status">
            {uploaded
              ? status
                ? t(`TREASURY.IMPORT.STATUS.${status.status.toUpperCase()}`, { defaultValue: status.status })
                : t('TREASURY.IMPORT.WAITING_SERVER')
              : ''}
          </Text>
        </Group>
        <Progress.Root size="lg">
          <Progress.Section
            value={uploaded ? (processed ?? 100) : 0}
            striped={uploaded && processed === null}
            animated={uploaded && (processed === null || processed < 100)}
            aria-labelledby="processing-progress-label"
          />
        </Progress.Root>
      </Stack>
    </Stack>
  );
}

/**
 * The statement import: choose a file, map its columns (CSV/XLSX), watch it upload and process, read
 * the summary. A refused file (422 STATEMENT_REJECTED) shows every refused line and that nothing was
 * imported. `fullScreen` is the phone's sheet.
 */
export function ImportWizard({
  opened,
  onClose,
  accounts,
  initialAccountId,
  fullScreen = false,
}: {
  opened: boolean;
  onClose: () => void;
  accounts: Account[];
  initialAccountId: string | null;
  fullScreen?: boolean;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>('file');
  const [accountId, setAccountId] = useState<string | null>(initialAccountId);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [draft, setDraft] = useState<MappingDraft>(draftFrom(null));
  const [profile, setProfile] = useState<ProfileChoice>({ save: false, name: '' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [progress, setProgress] = useState({ sent: 0, total: 0 });
  const [uploadId, setUploadId] = useState<string | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const abort = useRef<AbortController | null>(null);

  const account = accounts.find((item) => item.id === accountId) ?? null;
  const rejections = rejectionsOf(error);

  // Starts afresh each time the wizard opens.
  useEffect(() => {
    if (!opened) return;
    setStep('file');
    setAccountId(initialAccountId);
    setFile(null);
    setPreview(null);
    setError(null);
    setResult(null);
    setUploadId(null);
    setProgress({ sent: 0, total: 0 });
  }, [opened, initialAccountId]);

  function close() {
    abort.current?.abort();
    onClose();
  }

  async function runImport(chosen: File, format: ImportPreview['format'], withMapping: boolean) {
    if (!account) return;
    const id = crypto.randomUUID();
    const unwatch = watchUpload(id);
    abort.current = new AbortController();
    setUploadId(id);
    setProgress({ sent: 0, total: chosen.size });
    setError(null);
    setStep('importing');
    try {
      const mapping = withMapping ? mappingFrom(draft) : null;
      const imported = await importStatement(
        account.id,
        chosen,
        {
          uploadId: id,
          format,
          mapping: mapping ?? undefined,
          saveProfile: withMapping && profile.save,
          profileName: profile.name.trim() || account.institution || account.name,
        },
        (sent, total) => setProgress({ sent, total }),
        abort.current.signal,
      );
      setResult(imported);
      setStep('summary');
      await queryClient.invalidateQueries({ queryKey: realtimeQueryKeys.accounts });
      await queryClient.invalidateQueries({ queryKey: realtimeQueryKeys.transactions });
    } catch (caught) {
      if (caught instanceof DOMException && caught.name === 'AbortError') return;
      setError(caught);
      setStep(withMapping ? 'mapping' : 'file');
    } finally {
      unwatch();
    }
  }

  async function next() {
    if (!file || !account) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await previewImport(account.id, file);
      setPreview(answer);
      if (answer.format === 'csv' || answer.format === 'xlsx') {
        setDraft(draftFrom(answer.mapping));
        setProfile({ save: !answer.profileId, name: account.institution ?? account.name });
        setStep('mapping');
      } else {
        await runImport(file, answer.format, false);
      }
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  }

  const fileTooLarge = error instanceof ApiError && error.code === 'FILE_TOO_LARGE';

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('TREASURY.IMPORT.TITLE')}
      size={fullScreen ? undefined : 'xl'}
      fullScreen={fullScreen}
      centered={!fullScreen}
      closeButtonProps={{ 'aria-label': t('DIALOGS.CLOSE') }}
      closeOnClickOutside={step !== 'importing'}
    >
      <Stack gap="lg">
        {!fullScreen && (
          <Stepper active={STEP_INDEX[step]} size="xs" allowNextStepsSelect={false}>
            <Stepper.Step label={t('TREASURY.IMPORT.STEP_FILE')} />
            <Stepper.Step label={t('TREASURY.IMPORT.STEP_MAPPING')} />
            <Stepper.Step label={t('TREASURY.IMPORT.STEP_IMPORT')} />
            <Stepper.Step label={t('TREASURY.IMPORT.STEP_SUMMARY')} />
          </Stepper>
        )}

        {rejections.length > 0 && (
          <Alert color="red" variant="light" role="alert" title={t('TREASURY.IMPORT.REFUSED_TITLE')}>
            <Stack gap="xs">
              <Text size="sm">{t('TREASURY.IMPORT.NOTHING_IMPORTED')}</Text>
              <RejectionList rejections={rejections} label={t('TREASURY.IMPORT.REJECTED_LINES')} />
            </Stack>
          </Alert>
        )}
        {error !== null && rejections.length === 0 && !fileTooLarge && <ErrorAlert error={error} />}
        {fileTooLarge && (
          <Alert color="red" variant="light" role="alert">
            {t('TREASURY.IMPORT.TOO_LARGE', { size: fileSize(STATEMENT_MAX_BYTES) })}
          </Alert>
        )}

        {step === 'file' && (
          <Stack gap="md">
            <Select
              label={t('TREASURY.IMPORT.ACCOUNT')}
              data={accounts.map((item) => ({ value: item.id, label: `${item.name} (${item.currency})` }))}
              value={accountId}
              onChange={setAccountId}
              allowDeselect={false}
              searchable
              comboboxProps={{ withinPortal: true }}
            />
            <Dropzone
              onDrop={(files) => {
                setFile(files[0] ?? null);
                setError(null);
              }}
              onReject={() =>
                setError(
                  new ApiError(413, {
                    code: 'FILE_TOO_LARGE',
                    messageKey: 'ERRORS.FILE_TOO_LARGE',
                    message: 'File too large',
                  }),
                )
              }
              maxSize={STATEMENT_MAX_BYTES}
              multiple={false}
              aria-label={t('TREASURY.IMPORT.DROP_LABEL')}
              name="statement"
            >
              <Group justify="center" gap="md" mih={120} style={{ pointerEvents: 'none' }}>
                <Dropzone.Accept>
                  <IconUpload size={40} aria-hidden />
                </Dropzone.Accept>
                <Dropzone.Reject>
                  <IconX size={40} aria-hidden />
                </Dropzone.Reject>
                <Dropzone.Idle>
                  <IconFileUpload size={40} aria-hidden />
                </Dropzone.Idle>
                <Stack gap={2}>
                  <Text fw={600}>{t('TREASURY.IMPORT.DROP_TITLE')}</Text>
                  <Text size="sm" c="dimmed">
                    {t('TREASURY.IMPORT.DROP_HINT')}
                  </Text>
                </Stack>
              </Group>
            </Dropzone>
            {file && (
              <Text size="sm" data-testid="import-file">
                {t('TREASURY.IMPORT.CHOSEN', { name: file.name, size: fileSize(file.size) })}
              </Text>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('TREASURY.IMPORT.CANCEL')}
              </Button>
              <Button onClick={() => void next()} disabled={!file || !account} loading={busy}>
                {t('TREASURY.IMPORT.NEXT')}
              </Button>
            </Group>
          </Stack>
        )}

        {step === 'mapping' && file && preview && account && (
          <Stack gap="md">
            <MappingStep
              file={file}
              preview={preview}
              draft={draft}
              onDraftChange={setDraft}
              profile={profile}
              onProfileChange={setProfile}
              currency={account.currency}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setStep('file')}>
                {t('TREASURY.IMPORT.BACK')}
              </Button>
              <Button
                onClick={() => void runImport(file, preview.format, true)}
                disabled={!mappingFrom(draft)}
              >
                {t('TREASURY.IMPORT.SUBMIT')}
              </Button>
            </Group>
          </Stack>
        )}

        {step === 'importing' && (
          <Stack gap="md">
            <ImportProgress sent={progress.sent} total={progress.total} uploadId={uploadId} />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('TREASURY.IMPORT.CANCEL')}
              </Button>
            </Group>
          </Stack>
        )}

        {step === 'summary' && result && account && (
          <Stack gap="md">
            <ImportSummary result={result} account={account} />
            <Group justify="flex-end">
              <Button
                variant="default"
                onClick={() => {
                  setStep('file');
                  setFile(null);
                  setResult(null);
                }}
              >
                {t('TREASURY.IMPORT.ANOTHER')}
              </Button>
              <Button onClick={close}>{t('TREASURY.IMPORT.CLOSE')}</Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Modal>
  );
}
