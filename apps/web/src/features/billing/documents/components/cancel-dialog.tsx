import type { BillingDocument } from '@fluxo/domain/billing/contracts';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../../components/error-alert.tsx';
import { useCancelDocument } from '../api/documents-mutations.ts';

/** Cancels an issued document: it is kept, with status A and the reason given. */
export function CancelDialog({
  document,
  opened,
  onClose,
}: {
  document: BillingDocument;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const cancel = useCancelDocument();
  const [reason, setReason] = useState('');
  const short = reason.trim().length < 3;
  return (
    <Modal
      closeButtonProps={{ 'aria-label': t('DIALOGS.CLOSE') }}
      opened={opened}
      onClose={onClose}
      title={t('BILLING.DOCUMENTS.CANCEL.TITLE', { number: document.documentNumber })}
    >
      <Stack gap="sm">
        <Text size="sm">{t('BILLING.DOCUMENTS.CANCEL.EXPLAIN')}</Text>
        <Textarea
          label={t('BILLING.DOCUMENTS.CANCEL.REASON')}
          required
          autosize
          minRows={2}
          maxLength={300}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
        />
        <ErrorAlert error={cancel.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('BILLING.DOCUMENTS.ACTIONS.BACK')}
          </Button>
          <Button
            color="red"
            disabled={short}
            loading={cancel.isPending}
            onClick={() => cancel.mutate({ id: document.id, reason: reason.trim() }, { onSuccess: onClose })}
          >
            {t('BILLING.DOCUMENTS.CANCEL.CONFIRM')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
