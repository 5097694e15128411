import type { BillingDocument } from '@fluxo/domain/billing/contracts';
import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../../components/error-alert.tsx';
import { showSuccess } from '../../../../components/widgets/toasts.ts';
import { useSendDocument } from '../api/documents-mutations.ts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** E-mails the document's PDF to the customer (their address on file, or another). */
export function SendDialog({
  document,
  opened,
  onClose,
}: {
  document: BillingDocument;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const send = useSendDocument();
  const [to, setTo] = useState('');
  const [message, setMessage] = useState('');
  const invalid = to.trim() !== '' && !EMAIL.test(to.trim());
  return (
    <Modal
      closeButtonProps={{ 'aria-label': t('DIALOGS.CLOSE') }}
      opened={opened}
      onClose={onClose}
      title={t('BILLING.DOCUMENTS.SEND.TITLE', { number: document.documentNumber })}
    >
      <Stack gap="sm">
        <TextInput
          type="email"
          label={t('BILLING.DOCUMENTS.SEND.TO')}
          description={t('BILLING.DOCUMENTS.SEND.TO_HINT')}
          value={to}
          error={invalid ? t('BILLING.DOCUMENTS.SEND.TO_INVALID') : undefined}
          onChange={(event) => setTo(event.currentTarget.value)}
        />
        <Textarea
          label={t('BILLING.DOCUMENTS.SEND.MESSAGE')}
          autosize
          minRows={3}
          maxLength={2000}
          value={message}
          onChange={(event) => setMessage(event.currentTarget.value)}
        />
        <ErrorAlert error={send.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('BILLING.DOCUMENTS.ACTIONS.BACK')}
          </Button>
          <Button
            disabled={invalid}
            loading={send.isPending}
            onClick={() =>
              send.mutate(
                {
                  id: document.id,
                  body: {
                    ...(to.trim() ? { to: to.trim() } : {}),
                    ...(message.trim() ? { message: message.trim() } : {}),
                  },
                },
                {
                  onSuccess: (sent) => {
                    showSuccess({ message: t('BILLING.DOCUMENTS.SEND.SENT', { to: sent.sentTo }) });
                    onClose();
                  },
                },
              )
            }
          >
            {t('BILLING.DOCUMENTS.SEND.CONFIRM')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
