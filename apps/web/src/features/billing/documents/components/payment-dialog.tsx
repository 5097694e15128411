import { type BillingDocument, PAYMENT_METHODS, type PaymentMethod } from '@fluxo/domain/billing/contracts';
import { canFromStrings, PermissionFlag } from '@fluxo/domain/permissions';
import { listTransactionsContract } from '@fluxo/domain/treasury/contracts';
import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../../components/error-alert.tsx';
import { apiRequest } from '../../../../lib/api/client.ts';
import { useSelectedOrganizationId } from '../../../../lib/auth/session.ts';
import { useFormatDate, useFormatMoney } from '../../../../lib/format/money.ts';
import {
  currencyMinorDigits,
  formatMoneyInput,
  parseMoneyInput,
} from '../../../../lib/format/money-input.ts';
import { realtimeQueryKeys } from '../../../../lib/realtime/query-keys.ts';
import { useOrganizations } from '../../../organizations/hooks/use-organizations.ts';
import { useRecordPayment } from '../api/documents-mutations.ts';
import { useBillingOrganization } from '../hooks/use-billing-permissions.ts';
import { todayIn } from './document-editor.tsx';

/** Incoming bank movements, searched by text, to say which one carried the money. */
function useIncomingMovements(q: string, enabled: boolean) {
  const organizationId = useSelectedOrganizationId();
  return useQuery({
    queryKey: [...realtimeQueryKeys.transactions, 'billing-payment', organizationId, q],
    queryFn: ({ signal }) =>
      apiRequest(listTransactionsContract, {
        query: { direction: 'in', sort: 'date_desc', limit: 30, ...(q ? { q } : {}) },
        signal,
      }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** Money received for the document: date, amount (what is still owed by default), method, movement. */
export function PaymentDialog({
  document,
  opened,
  onClose,
}: {
  document: BillingDocument;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const date = useFormatDate();
  const organization = useBillingOrganization();
  const { selected } = useOrganizations();
  const canSeeMovements = canFromStrings(selected?.permissions ?? [], 'treasury.inOut', PermissionFlag.VIEW);
  const record = useRecordPayment();
  const digits = currencyMinorDigits(document.currency);
  const owed = Math.max(document.payable - document.settled, 0);
  const [paymentDate, setPaymentDate] = useState(() => todayIn(organization.country));
  const [amountText, setAmountText] = useState(() => formatMoneyInput(owed, digits));
  const [method, setMethod] = useState<PaymentMethod>('TB');
  const [transactionId, setTransactionId] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const movements = useIncomingMovements(debounced.trim(), opened && canSeeMovements);
  const amount = parseMoneyInput(amountText, digits);
  const amountValid = amount !== null && amount > 0;

  return (
    <Modal
      closeButtonProps={{ 'aria-label': t('DIALOGS.CLOSE') }}
      opened={opened}
      onClose={onClose}
      title={t('BILLING.DOCUMENTS.PAYMENT.TITLE', { number: document.documentNumber })}
    >
      <Stack gap="sm">
        <TextInput
          type="date"
          label={t('BILLING.DOCUMENTS.PAYMENT.DATE')}
          required
          value={paymentDate}
          onChange={(event) => setPaymentDate(event.currentTarget.value)}
        />
        <TextInput
          label={t('BILLING.DOCUMENTS.PAYMENT.AMOUNT')}
          description={t('BILLING.DOCUMENTS.PAYMENT.OWED', { amount: money(owed, document.currency) })}
          required
          inputMode="decimal"
          autoComplete="off"
          value={amountText}
          error={
            amountText.trim() && !amountValid ? t('BILLING.DOCUMENTS.PAYMENT.AMOUNT_INVALID') : undefined
          }
          onChange={(event) => setAmountText(event.currentTarget.value)}
        />
        <Select
          label={t('BILLING.DOCUMENTS.PAYMENT.METHOD')}
          allowDeselect={false}
          data={PAYMENT_METHODS.map((code) => ({
            value: code,
            label: t(`BILLING.DOCUMENTS.PAYMENT_METHODS.${code}`),
          }))}
          value={method}
          onChange={(code) => code && setMethod(code as PaymentMethod)}
        />
        {canSeeMovements && (
          <Select
            label={t('BILLING.DOCUMENTS.PAYMENT.MOVEMENT')}
            description={t('BILLING.DOCUMENTS.PAYMENT.MOVEMENT_HINT')}
            placeholder={t('BILLING.DOCUMENTS.PAYMENT.MOVEMENT_NONE')}
            searchable
            clearable
            searchValue={search}
            onSearchChange={setSearch}
            filter={({ options }) => options}
            nothingFoundMessage={t('BILLING.DOCUMENTS.PAYMENT.MOVEMENT_NOT_FOUND')}
            data={(movements.data?.items ?? []).map((movement) => ({
              value: movement.id,
              label: `${date(movement.bookingDate)} · ${money(movement.amount, movement.currency)} · ${movement.counterpartyName ?? movement.description}`,
            }))}
            value={transactionId}
            onChange={setTransactionId}
          />
        )}
        <ErrorAlert error={record.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('BILLING.DOCUMENTS.ACTIONS.BACK')}
          </Button>
          <Button
            disabled={!amountValid || !paymentDate}
            loading={record.isPending}
            onClick={() =>
              amount !== null &&
              record.mutate(
                { id: document.id, body: { paymentDate, method, amount, transactionId } },
                { onSuccess: onClose },
              )
            }
          >
            {t('BILLING.DOCUMENTS.PAYMENT.CONFIRM')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
