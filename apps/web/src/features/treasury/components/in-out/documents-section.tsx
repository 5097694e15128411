import type { TransactionDocument } from '@fluxo/domain/treasury/contracts';
import {
  ActionIcon,
  Button,
  CloseButton,
  FileButton,
  Group,
  Image,
  Loader,
  Paper,
  Stack,
  Text,
} from '@mantine/core';
import { IconCamera, IconDownload, IconEye, IconTrash, IconUpload } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { openConfirmDialog } from '../../../../components/dialogs/confirm-dialog.tsx';
import { saveBlob } from '../../../../lib/api/binary.ts';
import {
  fetchTransactionDocument,
  useAddTransactionDocument,
  useDeleteTransactionDocument,
  useTransactionDocuments,
} from '../../api/transaction-documents.ts';
import { DocumentIcon, documentKind } from './document-icon.tsx';
import { toastApiError } from './toast-api-error.tsx';

const ACCEPT = 'image/*,application/pdf';

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * A previewable document (pdf, png, jpeg, jpg, gif) read with the session into an object URL, shown
 * in place: images as an image, PDFs in the browser's viewer. The URL is released when it closes.
 */
function DocumentPreview({
  document,
  onClose,
}: {
  document: TransactionDocument | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState<unknown>(null);
  useEffect(() => {
    if (!document) return;
    const controller = new AbortController();
    let objectUrl: string | null = null;
    setUrl(null);
    setFailed(null);
    fetchTransactionDocument(document, controller.signal)
      .then(({ blob }) => {
        // The server's type, not the file name's, decides how the browser renders it.
        objectUrl = URL.createObjectURL(new Blob([blob], { type: document.contentType }));
        setUrl(objectUrl);
      })
      .catch((error) => {
        if (!controller.signal.aborted) setFailed(error);
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [document]);

  if (!document) return null;
  const kind = documentKind(document.fileName, document.contentType);
  const label = t('TREASURY.IN_OUT.DOCUMENTS.PREVIEW_OF', { name: document.fileName });
  // Inline under the list, not a modal over the drawer: Mantine closes every open overlay on Escape.
  return (
    <Paper withBorder radius="md" p="xs" component="section" aria-label={label}>
      <Group justify="space-between" gap="xs" mb="xs" wrap="nowrap">
        <Text size="sm" fw={600} truncate>
          {document.fileName}
        </Text>
        <CloseButton aria-label={t('TREASURY.IN_OUT.DOCUMENTS.CLOSE_PREVIEW')} onClick={onClose} />
      </Group>
      {failed ? (
        <Text c="red">{t('TREASURY.IN_OUT.DOCUMENTS.PREVIEW_FAILED')}</Text>
      ) : !url ? (
        <Group justify="center" p="xl">
          <Loader aria-label={t('COMMON.LOADING')} />
        </Group>
      ) : kind === 'pdf' ? (
        <iframe src={url} title={label} style={{ width: '100%', height: '60vh', border: 0 }} />
      ) : (
        <Image src={url} alt={label} fit="contain" mah="60vh" />
      )}
    </Paper>
  );
}

/** The receipts and invoices of a movement: attach (file or camera), list, preview, download, delete. */
export function DocumentsSection({
  transactionId,
  canAdd,
  canDelete,
  mobile,
}: {
  transactionId: string;
  canAdd: boolean;
  canDelete: boolean;
  mobile: boolean;
}) {
  const { t } = useTranslation();
  const documents = useTransactionDocuments(transactionId);
  const add = useAddTransactionDocument(transactionId);
  const remove = useDeleteTransactionDocument();
  const [previewing, setPreviewing] = useState<TransactionDocument | null>(null);

  const upload = (file: File | null) => {
    if (file) add.mutate(file, { onError: toastApiError });
  };
  const download = async (document: TransactionDocument) => {
    try {
      const { blob, fileName } = await fetchTransactionDocument(document);
      saveBlob(blob, fileName);
    } catch (error) {
      toastApiError(error);
    }
  };
  const confirmDelete = async (document: TransactionDocument) => {
    const confirmed = await openConfirmDialog({
      title: t('TREASURY.IN_OUT.DOCUMENTS.DELETE_TITLE'),
      message: t('TREASURY.IN_OUT.DOCUMENTS.DELETE_MESSAGE', { name: document.fileName }),
      confirmLabel: t('TREASURY.IN_OUT.DOCUMENTS.DELETE'),
      danger: true,
    });
    if (confirmed) remove.mutate(document.id, { onError: toastApiError });
  };

  const list = documents.data ?? [];
  return (
    <Stack gap="xs">
      {canAdd && (
        <Group gap="xs">
          <FileButton onChange={upload} accept={ACCEPT}>
            {(props) => (
              <Button
                {...props}
                variant="light"
                size="xs"
                leftSection={<IconUpload size={14} aria-hidden />}
                loading={add.isPending}
              >
                {t('TREASURY.IN_OUT.DOCUMENTS.ATTACH')}
              </Button>
            )}
          </FileButton>
          {mobile && (
            <FileButton onChange={upload} accept={ACCEPT} capture="environment">
              {(props) => (
                <Button
                  {...props}
                  variant="light"
                  size="xs"
                  leftSection={<IconCamera size={14} aria-hidden />}
                  loading={add.isPending}
                >
                  {t('TREASURY.IN_OUT.DOCUMENTS.TAKE_PHOTO')}
                </Button>
              )}
            </FileButton>
          )}
        </Group>
      )}
      {documents.isPending ? (
        <Loader size="sm" aria-label={t('COMMON.LOADING')} />
      ) : list.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('TREASURY.IN_OUT.DOCUMENTS.NONE')}
        </Text>
      ) : (
        <Stack
          gap={4}
          component="ul"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label={t('TREASURY.IN_OUT.DOCUMENTS.TITLE')}
        >
          {list.map((document) => (
            <Group key={document.id} component="li" gap="xs" wrap="nowrap" justify="space-between">
              <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                <DocumentIcon fileName={document.fileName} contentType={document.contentType} />
                <Text size="sm" truncate>
                  {document.fileName}
                </Text>
                <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {formatSize(document.size)}
                </Text>
              </Group>
              <Group gap={4} wrap="nowrap">
                {document.previewable && (
                  <ActionIcon
                    variant="subtle"
                    aria-label={t('TREASURY.IN_OUT.DOCUMENTS.PREVIEW', { name: document.fileName })}
                    onClick={() => setPreviewing(document)}
                  >
                    <IconEye size={16} aria-hidden />
                  </ActionIcon>
                )}
                <ActionIcon
                  variant="subtle"
                  aria-label={t('TREASURY.IN_OUT.DOCUMENTS.DOWNLOAD', { name: document.fileName })}
                  onClick={() => void download(document)}
                >
                  <IconDownload size={16} aria-hidden />
                </ActionIcon>
                {canDelete && (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('TREASURY.IN_OUT.DOCUMENTS.DELETE_NAMED', { name: document.fileName })}
                    onClick={() => void confirmDelete(document)}
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                )}
              </Group>
            </Group>
          ))}
        </Stack>
      )}
      <DocumentPreview document={previewing} onClose={() => setPreviewing(null)} />
    </Stack>
  );
}
