import { Alert, Button, FileInput, Group, Modal, Select, Stack } from '@mantine/core';
import { IconFileTypeCsv } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { useImportPosBatches } from '../api/pos.ts';
import type { Terminal } from '../hooks/use-pos-page.ts';
import { RejectionList, rejectionsOf } from './import-rejections.tsx';

/** The acquirer's settlement report (CSV) for a terminal: batches added, duplicates skipped, settlements matched. */
export function PosImportModal({
  opened,
  onClose,
  terminals,
  fullScreen = false,
}: {
  opened: boolean;
  onClose: () => void;
  terminals: Terminal[];
  fullScreen?: boolean;
}) {
  const { t } = useTranslation();
  const upload = useImportPosBatches();
  const [accountId, setAccountId] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a fresh dialog each time it opens
  useEffect(() => {
    if (!opened) return;
    setAccountId(terminals[0]?.id ?? null);
    setFile(null);
    upload.reset();
  }, [opened]);
  const rejections = rejectionsOf(upload.error);

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('TREASURY.POS.IMPORT_TITLE')}
      centered={!fullScreen}
      fullScreen={fullScreen}
      closeButtonProps={{ 'aria-label': t('DIALOGS.CLOSE') }}
    >
      <Stack gap="md">
        <Select
          label={t('TREASURY.POS.TERMINAL')}
          data={terminals.map((item) => ({ value: item.id, label: item.name }))}
          value={accountId}
          onChange={setAccountId}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        <FileInput
          label={t('TREASURY.POS.IMPORT_FILE')}
          accept=".csv,text/csv"
          value={file}
          onChange={setFile}
          clearable
          leftSection={<IconFileTypeCsv size={16} aria-hidden />}
        />
        {upload.data && (
          <Alert color="teal" variant="light" role="status">
            {t('TREASURY.POS.IMPORT_DONE', upload.data)}
          </Alert>
        )}
        {rejections.length > 0 ? (
          <Alert color="red" variant="light" role="alert" title={t('TREASURY.IMPORT.REFUSED_TITLE')}>
            {t('TREASURY.IMPORT.NOTHING_IMPORTED')}
            <RejectionList rejections={rejections} label={t('TREASURY.IMPORT.REJECTED_LINES')} />
          </Alert>
        ) : (
          upload.error && <ErrorAlert error={upload.error} />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {upload.data ? t('TREASURY.IMPORT.CLOSE') : t('TREASURY.IMPORT.CANCEL')}
          </Button>
          <Button
            disabled={!file || !accountId}
            loading={upload.isPending}
            onClick={() => file && accountId && upload.mutate({ accountId, file })}
          >
            {t('TREASURY.POS.IMPORT_SUBMIT')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
