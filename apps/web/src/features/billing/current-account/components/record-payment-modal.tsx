import { PAYMENT_METHODS, type PaymentMethod } from '@fluxo/domain/billing/contracts';
import type { OpenItem, PartyRole } from '@fluxo/domain/billing/payments-contracts';
import {
  Alert,
  Button,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../../components/error-alert.tsx';
import { showSuccess } from '../../../../components/widgets/toasts.ts';
import { useFormatDate, useFormatMoney } from '../../../../lib/format/money.ts';
import { parseMoneyInput } from '../../../../lib/format/money-input.ts';
import { useMovementCandidates, useRecordPayment } from '../api/current-account.ts';
import { allocateOldestFirst, itemKey, payableItems, todayIso } from '../lib/allocate.ts';

/** Cents as the text a person would type back ("1234.5" → "1234.50"), with no float in between. */
function centsText(cents: number): string {
  const digits = String(Math.abs(cents)).padStart(3, '0');
  return `${cents < 0 ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** Each item's share of `cents`, the oldest due first, as editable text. */
function sharesOf(payable: OpenItem[], cents: number): Record<string, string> {
  const { allocations } = allocateOldestFirst(payable, cents);
  return Object.fromEntries(
    payable.map((item) => [itemKey(item), centsText(allocations.get(itemKey(item)) ?? 0)]),
  );
}

/**
 * Records one payment across several open documents of a party: the amount received is spread over
 * the oldest due first (each share editable), and the treasury movement it arrived on can be picked.
 */
export function RecordPaymentModal({
  opened,
  onClose,
  partyId,
  role,
  items,
  currency,
  fullScreen = false,
}: {
  opened: boolean;
  onClose: () => void;
  partyId: string;
  role: PartyRole;
  items: OpenItem[];
  currency: string;
  fullScreen?: boolean;
}) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const date = useFormatDate();
  const record = useRecordPayment();
  const payable = useMemo(() => payableItems(items), [items]);
  const totalOpen = payable.reduce((sum, item) => sum + item.open, 0);
  // The dialog is mounted when it opens (see StatementPanel): its state starts from the open items.
  const [paymentDate, setPaymentDate] = useState(todayIso);
  const [method, setMethod] = useState<PaymentMethod>('TB');
  const [amountText, setAmountText] = useState(() => centsText(totalOpen));
  const [shares, setShares] = useState<Record<string, string>>(() => sharesOf(payable, totalOpen));
  const [transactionId, setTransactionId] = useState<string | null>(null);

  const spread = (cents: number) => {
    const { allocations } = allocateOldestFirst(payable, cents);
    setShares(
      Object.fromEntries(
        payable.map((item) => [itemKey(item), centsText(allocations.get(itemKey(item)) ?? 0)]),
      ),
    );
  };

  const amount = parseMoneyInput(amountText);
  const parsedShares = payable.map((item) => ({ item, cents: parseMoneyInput(shares[itemKey(item)] ?? '') }));
  const badShare = parsedShares.some(({ item, cents }) => cents === null || cents < 0 || cents > item.open);
  const allocated = parsedShares.reduce((sum, { cents }) => sum + (cents ?? 0), 0);
  const mismatch = amount !== null && !badShare && allocated !== amount;
  const valid =
    amount !== null && amount > 0 && !badShare && !mismatch && /^\d{4}-\d{2}-\d{2}$/.test(paymentDate);
  const direction = role === 'customer' ? 'in' : 'out';
  const candidates = useMovementCandidates(partyId, direction, amount ?? 0, opened && (amount ?? 0) > 0);

  const submit = () => {
    if (!valid || amount === null) return;
    record.mutate(
      {
        direction,
        partyId,
        paymentDate,
        method,
        amount,
        transactionId,
        allocations: parsedShares
          .filter(({ cents }) => (cents ?? 0) > 0)
          .map(({ item, cents }) => ({
            ...(item.documentId ? { documentId: item.documentId } : { purchaseId: item.purchaseId ?? '' }),
            amount: cents as number,
          })),
      },
      {
        onSuccess: (payment) => {
          showSuccess({
            title: t('BILLING.PAYMENTS.RECORDED'),
            message: payment.receiptNumber
              ? t('BILLING.PAYMENTS.RECEIPT_ISSUED', { number: payment.receiptNumber })
              : money(payment.amount, payment.currency),
          });
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('BILLING.PAYMENTS.RECORD_TITLE')}
      size="xl"
      fullScreen={fullScreen}
    >
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            type="date"
            label={t('BILLING.PAYMENTS.PAYMENT_DATE')}
            value={paymentDate}
            onChange={(event) => setPaymentDate(event.currentTarget.value)}
            required
          />
          <Select
            label={t('BILLING.PAYMENTS.METHOD_LABEL')}
            data={PAYMENT_METHODS.map((code) => ({
              value: code,
              label: t(`BILLING.PAYMENTS.METHODS.${code}`),
            }))}
            value={method}
            onChange={(value) => value && setMethod(value as PaymentMethod)}
            allowDeselect={false}
          />
          <TextInput
            label={t('BILLING.PAYMENTS.AMOUNT_RECEIVED', { currency })}
            value={amountText}
            inputMode="decimal"
            onChange={(event) => {
              const text = event.currentTarget.value;
              setAmountText(text);
              const cents = parseMoneyInput(text);
              if (cents !== null) spread(cents);
            }}
            error={amountText !== '' && amount === null ? t('BILLING.PAYMENTS.AMOUNT_INVALID') : undefined}
            required
          />
        </SimpleGrid>
        <Table aria-label={t('BILLING.PAYMENTS.ALLOCATIONS')} verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('BILLING.CURRENT_ACCOUNT.DOCUMENT')}</Table.Th>
              <Table.Th>{t('BILLING.CURRENT_ACCOUNT.DUE_DATE')}</Table.Th>
              <Table.Th ta="right">{t('BILLING.CURRENT_ACCOUNT.OPEN')}</Table.Th>
              <Table.Th ta="right">{t('BILLING.PAYMENTS.SETTLES')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {parsedShares.map(({ item, cents }) => (
              <Table.Tr key={itemKey(item)}>
                <Table.Td>{item.number}</Table.Td>
                <Table.Td>{date(item.dueDate)}</Table.Td>
                <Table.Td ta="right">{money(item.open, currency)}</Table.Td>
                <Table.Td ta="right" w={160}>
                  <TextInput
                    size="xs"
                    inputMode="decimal"
                    aria-label={t('BILLING.PAYMENTS.SETTLES_FOR', { number: item.number })}
                    value={shares[itemKey(item)] ?? ''}
                    onChange={(event) => {
                      const text = event.currentTarget.value;
                      setShares((current) => ({ ...current, [itemKey(item)]: text }));
                    }}
                    error={
                      cents === null || cents < 0 || cents > item.open
                        ? t('BILLING.PAYMENTS.SHARE_INVALID')
                        : undefined
                    }
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {mismatch && (
          <Alert color="orange" variant="light">
            {t('BILLING.PAYMENTS.ALLOCATION_MISMATCH', {
              allocated: money(allocated, currency),
              amount: money(amount ?? 0, currency),
            })}
          </Alert>
        )}
        <Select
          label={t('BILLING.PAYMENTS.MOVEMENT')}
          description={t('BILLING.PAYMENTS.MOVEMENT_HELP')}
          placeholder={
            candidates.data?.length === 0
              ? t('BILLING.PAYMENTS.NO_MOVEMENT')
              : t('BILLING.PAYMENTS.PICK_MOVEMENT')
          }
          data={(candidates.data ?? []).map((movement) => ({
            value: movement.id,
            label: `${date(movement.bookingDate)} · ${movement.accountName} · ${money(
              Math.abs(movement.amount),
              movement.currency,
            )} (${t('BILLING.PAYMENTS.LEFT', { amount: money(movement.unallocated, movement.currency) })}) · ${
              movement.counterpartyName ?? movement.description
            }`,
          }))}
          value={transactionId}
          onChange={setTransactionId}
          clearable
          searchable
        />
        <ErrorAlert error={record.error} />
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {t('BILLING.PAYMENTS.TOTAL_OPEN', { amount: money(totalOpen, currency) })}
          </Text>
          <Group gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('COMMON.CANCEL')}
            </Button>
            <Button onClick={submit} disabled={!valid} loading={record.isPending}>
              {t('BILLING.PAYMENTS.RECORD_SUBMIT')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
