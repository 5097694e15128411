import type { BillingDocument } from '@fluxo/domain/billing/contracts';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../../components/error-alert.tsx';
import { useConvertDocument } from '../api/documents-mutations.ts';
import { useBillingOrganization } from '../hooks/use-billing-permissions.ts';
import { todayIn } from './document-editor.tsx';
import { SeriesPicker } from './series-picker.tsx';

/** A quote or pro forma into a draft invoice (its lines copied); the draft then opens to be issued. */
export function ConvertDialog({
  document,
  opened,
  onClose,
  onConverted,
}: {
  document: BillingDocument;
  opened: boolean;
  onClose: () => void;
  onConverted: (draft: BillingDocument) => void;
}) {
  const { t } = useTranslation();
  const organization = useBillingOrganization();
  const convert = useConvertDocument();
  const [seriesId, setSeriesId] = useState<string | null>(null);
  const [documentDate, setDocumentDate] = useState(() => todayIn(organization.country));
  return (
    <Modal
      closeButtonProps={{ 'aria-label': t('DIALOGS.CLOSE') }}
      opened={opened}
      onClose={onClose}
      title={t('BILLING.DOCUMENTS.CONVERT.TITLE', { number: document.documentNumber })}
    >
      <Stack gap="sm">
        <Text size="sm">{t('BILLING.DOCUMENTS.CONVERT.EXPLAIN')}</Text>
        <SeriesPicker types={['FT', 'FR']} value={seriesId} onChange={setSeriesId} />
        <TextInput
          type="date"
          label={t('BILLING.DOCUMENTS.FIELDS.DATE')}
          value={documentDate}
          onChange={(event) => setDocumentDate(event.currentTarget.value)}
        />
        <ErrorAlert error={convert.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('BILLING.DOCUMENTS.ACTIONS.BACK')}
          </Button>
          <Button
            disabled={!seriesId || !documentDate}
            loading={convert.isPending}
            onClick={() =>
              seriesId &&
              convert.mutate(
                { id: document.id, body: { seriesId, documentDate } },
                { onSuccess: (draft) => onConverted(draft) },
              )
            }
          >
            {t('BILLING.DOCUMENTS.CONVERT.CONFIRM')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
