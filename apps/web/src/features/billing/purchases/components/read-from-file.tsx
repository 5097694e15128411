import type { PurchasePrefill } from '@fluxo/domain/billing/purchases-contracts';
import { Alert, Button, FileButton, Group, Loader, Text } from '@mantine/core';
import { IconCamera, IconFileSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../../components/error-alert.tsx';
import { useReadPurchaseQr } from '../api/purchases.ts';

const ACCEPT = 'application/pdf,image/*';

export interface ReadFromFileProps {
  /** The QR code was read and understood: open the form prefilled, with the file to keep. */
  onRead: (prefill: PurchasePrefill, file: File) => void;
  /** No QR code in the file: open the blank form, the file still kept. */
  onNoCode: (file: File) => void;
  /** Phones also offer the camera. */
  camera: boolean;
}

/**
 * "Read from file": the browser finds the AT QR code in a photo or PDF (decode-qr.ts) and the server
 * turns it into a prefill; the file itself is sent only when the purchase is saved.
 */
export function ReadFromFile({ onRead, onNoCode, camera }: ReadFromFileProps) {
  const { t } = useTranslation();
  const read = useReadPurchaseQr();
  const [decoding, setDecoding] = useState(false);
  const [notFound, setNotFound] = useState<File | null>(null);
  const [failed, setFailed] = useState(false);

  const pick = async (file: File | null) => {
    if (!file) return;
    setNotFound(null);
    setFailed(false);
    read.reset();
    setDecoding(true);
    let text: string | null;
    try {
      // The decoder (and pdf.js behind it) loads only when a file is read.
      const { decodeQrFromFile } = await import('../lib/decode-qr.ts');
      text = await decodeQrFromFile(file);
    } catch {
      // A file the browser cannot open as an image or a PDF (a damaged PDF, HEIC on some browsers).
      setFailed(true);
      return;
    } finally {
      setDecoding(false);
    }
    if (!text) {
      setNotFound(file);
      return;
    }
    read.mutate(text, { onSuccess: (prefill) => onRead(prefill, file) });
  };

  const busy = decoding || read.isPending;
  return (
    <>
      <Group gap="xs">
        <FileButton onChange={pick} accept={ACCEPT}>
          {(props) => (
            <Button
              {...props}
              variant="light"
              leftSection={<IconFileSearch size={18} aria-hidden />}
              disabled={busy}
            >
              {t('BILLING.PURCHASES.READ_FROM_FILE')}
            </Button>
          )}
        </FileButton>
        {camera && (
          <FileButton onChange={pick} accept="image/*" capture="environment">
            {(props) => (
              <Button
                {...props}
                variant="light"
                leftSection={<IconCamera size={18} aria-hidden />}
                disabled={busy}
              >
                {t('BILLING.PURCHASES.TAKE_PHOTO')}
              </Button>
            )}
          </FileButton>
        )}
        {busy && (
          <Group gap={6} role="status">
            <Loader size="xs" />
            <Text size="sm">{t('BILLING.PURCHASES.READING')}</Text>
          </Group>
        )}
      </Group>
      {notFound && (
        <Alert color="yellow" variant="light" role="alert" title={t('BILLING.PURCHASES.NO_QR.TITLE')}>
          <Text size="sm">{t('BILLING.PURCHASES.NO_QR.TEXT')}</Text>
          <Button mt="xs" size="xs" variant="light" onClick={() => onNoCode(notFound)}>
            {t('BILLING.PURCHASES.NO_QR.BY_HAND')}
          </Button>
        </Alert>
      )}
      {failed && (
        <Alert color="red" variant="light" role="alert">
          {t('BILLING.PURCHASES.UNREADABLE_FILE')}
        </Alert>
      )}
      <ErrorAlert error={read.error} />
    </>
  );
}
