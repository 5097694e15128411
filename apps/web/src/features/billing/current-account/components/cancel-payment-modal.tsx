import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../../components/error-alert.tsx';
import { showSuccess } from '../../../../components/widgets/toasts.ts';
import { useCancelPayment } from '../api/current-account.ts';

/** Cancels a payment (a returned transfer, a mistake): the reason is kept on it and on its receipt. */
export function CancelPaymentModal({
  payment,
  onClose,
  fullScreen = false,
}: {
  payment: { id: string; number: string };
  onClose: () => void;
  fullScreen?: boolean;
}) {
  const { t } = useTranslation();
  const cancel = useCancelPayment();
  const [reason, setReason] = useState('');
  const valid = reason.trim().length >= 3;
  return (
    <Modal opened onClose={onClose} title={t('BILLING.PAYMENTS.CANCEL_TITLE')} fullScreen={fullScreen}>
      <Stack gap="md">
        <Text>{t('BILLING.PAYMENTS.CANCEL_EXPLAIN', { number: payment.number || '—' })}</Text>
        <TextInput
          label={t('BILLING.PAYMENTS.CANCEL_REASON')}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          maxLength={200}
          required
        />
        <ErrorAlert error={cancel.error} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('COMMON.CANCEL')}
          </Button>
          <Button
            color="red"
            disabled={!valid}
            loading={cancel.isPending}
            onClick={() =>
              cancel.mutate(
                { id: payment.id, reason: reason.trim() },
                {
                  onSuccess: () => {
                    showSuccess({ message: t('BILLING.PAYMENTS.CANCELLED') });
                    onClose();
                  },
                },
              )
            }
          >
            {t('BILLING.PAYMENTS.CANCEL_CONFIRM')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
