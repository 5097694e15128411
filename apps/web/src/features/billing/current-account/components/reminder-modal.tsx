import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../../components/error-alert.tsx';
import { showSuccess } from '../../../../components/widgets/toasts.ts';
import { useFormatMoney } from '../../../../lib/format/money.ts';
import { useSendReminder } from '../api/current-account.ts';

/** Sends the customer the list of what is open, by e-mail, in the customer's language. */
export function ReminderModal({
  opened,
  onClose,
  partyId,
  email,
  currency,
  fullScreen = false,
}: {
  opened: boolean;
  onClose: () => void;
  partyId: string;
  email: string | null;
  currency: string;
  fullScreen?: boolean;
}) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const send = useSendReminder();
  const [to, setTo] = useState(email ?? '');
  const [message, setMessage] = useState('');
  const submit = () =>
    send.mutate(
      {
        partyId,
        ...(to.trim() ? { to: to.trim() } : {}),
        ...(message.trim() ? { message: message.trim() } : {}),
      },
      {
        onSuccess: (result) => {
          showSuccess({
            title: t('BILLING.CURRENT_ACCOUNT.REMINDER_SENT'),
            message: t('BILLING.CURRENT_ACCOUNT.REMINDER_SENT_TO', {
              to: result.sentTo,
              amount: money(result.open, currency),
            }),
          });
          onClose();
        },
      },
    );
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('BILLING.CURRENT_ACCOUNT.REMINDER_TITLE')}
      fullScreen={fullScreen}
    >
      <Stack gap="md">
        <TextInput
          type="email"
          label={t('BILLING.CURRENT_ACCOUNT.REMINDER_TO')}
          value={to}
          onChange={(event) => setTo(event.currentTarget.value)}
          required
        />
        <Textarea
          label={t('BILLING.CURRENT_ACCOUNT.REMINDER_MESSAGE')}
          value={message}
          onChange={(event) => setMessage(event.currentTarget.value)}
          autosize
          minRows={3}
          maxLength={2000}
        />
        <ErrorAlert error={send.error} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('COMMON.CANCEL')}
          </Button>
          <Button onClick={submit} loading={send.isPending} disabled={to.trim() === ''}>
            {t('BILLING.CURRENT_ACCOUNT.REMINDER_SEND')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
