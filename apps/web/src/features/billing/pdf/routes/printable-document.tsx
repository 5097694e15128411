import { Button, Center, Group, Loader, Text } from '@mantine/core';
import { IconDownload, IconPrinter } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ErrorAlert } from '../../../../components/error-alert.tsx';
import { saveBlob } from '../../../../lib/api/binary.ts';
import { useDocumentPdf } from '../api/document-pdf.ts';

/**
 * Spec §2 printable pages: signed in, no application chrome. A billing document's PDF (rendered by the
 * server, with its QR code and mentions) filling the page, with print and download above it.
 */
export function PrintableBillingDocumentRoute() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const pdf = useDocumentPdf(id);
  const frame = useRef<HTMLIFrameElement>(null);
  const [url, setUrl] = useState<string | null>(null);

  useEffect(() => {
    if (!pdf.data) return;
    const objectUrl = URL.createObjectURL(new Blob([pdf.data.blob], { type: 'application/pdf' }));
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [pdf.data]);

  if (pdf.isError) {
    return (
      <Center mih="100dvh" p="md">
        <ErrorAlert error={pdf.error} />
      </Center>
    );
  }
  if (!pdf.data || !url) {
    return (
      <Center mih="100dvh" role="status" aria-label={t('COMMON.LOADING')}>
        <Loader />
      </Center>
    );
  }
  const { blob, fileName } = pdf.data;
  const print = () => {
    // The frame shows a blob of this origin, so the page may ask its viewer to print; a browser whose
    // viewer refuses gets the PDF in a tab of its own, printed from there.
    try {
      frame.current?.contentWindow?.focus();
      frame.current?.contentWindow?.print();
    } catch {
      window.open(url, '_blank', 'noopener');
    }
  };

  return (
    <div style={{ display: 'flex', flexDirection: 'column', height: '100dvh' }}>
      <Group justify="space-between" px="md" py="xs" wrap="nowrap" component="header">
        <Text fw={600} truncate>
          {fileName}
        </Text>
        <Group gap="xs" wrap="nowrap">
          <Button leftSection={<IconPrinter size={16} aria-hidden />} onClick={print}>
            {t('BILLING.PRINTABLE.PRINT')}
          </Button>
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={() => saveBlob(blob, fileName)}
          >
            {t('BILLING.PRINTABLE.DOWNLOAD')}
          </Button>
        </Group>
      </Group>
      <iframe
        ref={frame}
        src={url}
        title={t('BILLING.PRINTABLE.DOCUMENT', { name: fileName })}
        style={{ flex: 1, width: '100%', border: 0 }}
      />
    </div>
  );
}
