import { isPayableStatus, PaymentStatus, PaymentType } from '@fluxo/domain/code-tables';
import type { Payment } from '@fluxo/domain/payments/contracts';
import { isValidIban } from '@fluxo/domain/payments/iban';
import { Alert, Badge, Button, Group, Paper, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { fieldErrorsOf } from '../../../lib/api/errors.ts';
import { useFormatDate, useFormatMoney } from '../../../lib/format/money.ts';
import { usePaymentMethods } from '../api/get-payment-methods.ts';
import { usePayPayment } from '../api/pay-payment.ts';
import { PAYMENT_TYPE_NAMES, paymentStatusColor, paymentStatusText, paymentTypeText } from '../code-texts.ts';
import { ChosenPaymentDetails } from './payment-details.tsx';

/** Back from Stripe Checkout: `?card=paid|cancelled&payment=<id>` says how it went for this payment. */
function CardReturnNotice({ payment }: { payment: Payment }) {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  if (search.get('payment') !== payment.id || payment.status === PaymentStatus.PAID) return null;
  const outcome = search.get('card');
  if (outcome === 'paid') {
    return (
      <Alert color="teal" variant="light" role="status">
        {t('BILLING.CARD.RETURN_PAID')}
      </Alert>
    );
  }
  if (outcome === 'cancelled') {
    return (
      <Alert color="yellow" variant="light" role="status">
        {t('BILLING.CARD.RETURN_CANCELLED')}
      </Alert>
    );
  }
  return null;
}

/**
 * Pays one payment: choose the method the server offers (a card only when it lists one), then see
 * what to do — the Multibanco reference, Fluxo's IBAN and the transfer reference, sign a SEPA
 * direct-debit mandate on a valid IBAN, or pay on Stripe's card page (the browser goes there and
 * comes back to this page).
 */
export function PaymentStep({
  subscriptionId,
  payment: initial,
}: {
  subscriptionId: string;
  payment: Payment;
}) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const date = useFormatDate();
  const methods = usePaymentMethods();
  const pay = usePayPayment();
  const [payment, setPayment] = useState(initial);
  const [choosing, setChoosing] = useState(initial.type === null);
  const [method, setMethod] = useState<string>(String(initial.type ?? ''));
  const [iban, setIban] = useState('');
  const [holderName, setHolderName] = useState('');
  const [ibanTouched, setIbanTouched] = useState(false);
  const ibanError = ibanTouched && !isValidIban(iban) ? t('CHECKOUT.DIRECT_DEBIT.INVALID_IBAN') : undefined;
  const serverFieldErrors = fieldErrorsOf(pay.error);
  const payable = isPayableStatus(payment.status);

  const submit = () => {
    const type = Number(method);
    if (type === PaymentType.DIRECT_DEBIT) {
      setIbanTouched(true);
      if (!isValidIban(iban) || holderName.trim().length < 2) return;
    }
    const body =
      type === PaymentType.DIRECT_DEBIT
        ? { type: PaymentType.DIRECT_DEBIT, iban, holderName: holderName.trim() }
        : type === PaymentType.CREDIT_CARD
          ? { type: PaymentType.CREDIT_CARD, returnPath: window.location.pathname }
          : { type: type as 1 | 3 };
    pay.mutate(
      { subscriptionId, paymentId: payment.id, body },
      {
        onSuccess: (updated) => {
          setPayment(updated);
          setChoosing(false);
          if (updated.card) window.location.assign(updated.card.checkoutUrl);
        },
      },
    );
  };

  return (
    <Paper withBorder radius="lg" p="lg" data-testid="payment-step" data-payment-id={payment.id}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Stack gap={2}>
            <Title order={3} fz="md">
              {payment.description}
            </Title>
            <Text size="sm" c="dimmed">
              {t('BILLING.DUE_DATE', { date: date(payment.dueDate) })}
            </Text>
          </Stack>
          <Stack gap={4} align="flex-end">
            <Text fw={700} fz="lg">
              {money(payment.totalCents, payment.currency)}
            </Text>
            <Badge color={paymentStatusColor(payment.status)} variant="light">
              {paymentStatusText(t, payment.status)}
            </Badge>
          </Stack>
        </Group>
        {payment.vatCents > 0 && (
          <Text size="xs" c="dimmed">
            {t('BILLING.VAT_INCLUDED', {
              amount: money(payment.amountCents, payment.currency),
              vat: money(payment.vatCents, payment.currency),
              rate: (payment.vatRateBasisPoints / 100).toLocaleString(),
            })}
          </Text>
        )}

        <CardReturnNotice payment={payment} />
        {!choosing && <ChosenPaymentDetails payment={payment} />}
        {!choosing && payable && (
          <Group>
            <Button variant="subtle" onClick={() => setChoosing(true)}>
              {t('CHECKOUT.CHANGE_METHOD')}
            </Button>
          </Group>
        )}

        {choosing && payable && (
          <Stack gap="md">
            <Radio.Group
              label={t('CHECKOUT.METHOD')}
              value={method}
              onChange={(value) => {
                setMethod(value);
                pay.reset();
              }}
            >
              <Stack gap="xs" mt="xs">
                {(methods.data?.methods ?? []).map((offered) => (
                  <Radio
                    key={offered.type}
                    value={String(offered.type)}
                    label={paymentTypeText(t, offered.type)}
                    description={t(`CHECKOUT.METHOD_HELP.${PAYMENT_TYPE_NAMES[offered.type]}`)}
                  />
                ))}
              </Stack>
            </Radio.Group>
            {method === '2' && (
              <Stack gap="sm">
                <Text size="sm">{t('CHECKOUT.DIRECT_DEBIT.MANDATE_TEXT')}</Text>
                <TextInput
                  label={t('CHECKOUT.DIRECT_DEBIT.IBAN')}
                  placeholder="PT50 0000 0000 0000 0000 0000 0"
                  value={iban}
                  onChange={(event) => setIban(event.currentTarget.value)}
                  onBlur={() => setIbanTouched(true)}
                  error={ibanError ?? (serverFieldErrors.iban ? t(serverFieldErrors.iban) : undefined)}
                  autoComplete="off"
                  required
                />
                <TextInput
                  label={t('CHECKOUT.DIRECT_DEBIT.HOLDER')}
                  value={holderName}
                  onChange={(event) => setHolderName(event.currentTarget.value)}
                  error={
                    ibanTouched && holderName.trim().length < 2 ? t('VALIDATION.REQUIRED_FIELD') : undefined
                  }
                  autoComplete="name"
                  required
                />
              </Stack>
            )}
            <ErrorAlert error={pay.error} />
            <Group>
              <Button onClick={submit} loading={pay.isPending} disabled={!method || pay.isPending}>
                {method === '2'
                  ? t('CHECKOUT.DIRECT_DEBIT.SIGN')
                  : t('CHECKOUT.PAY_WITH', { method: method ? paymentTypeText(t, Number(method)) : '' })}
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
