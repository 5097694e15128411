import type { Account } from '@fluxo/domain/treasury/model';
import { Button, Group, Modal, SegmentedControl, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../../components/error-alert.tsx';
import { showSuccess } from '../../../../components/widgets/toasts.ts';
import { currencyMinorDigits } from '../../../../lib/format/money-input.ts';
import { useCreateTransaction } from '../../api/transactions-create.ts';
import type { InOutLookups } from '../../hooks/use-in-out-lookups.ts';
import { CategorySelect } from './category-select.tsx';
import { MerchantSelect } from './merchant-select.tsx';
import { MoneyInput } from './money-input.tsx';

/** Accounts that take movements typed by hand: cash wallets and POS terminals, not archived. */
export function manualAccounts(accounts: readonly Account[]): Account[] {
  return accounts.filter(
    (account) => (account.kind === 'cash' || account.kind === 'pos') && !account.archived,
  );
}

function today(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A movement typed by hand on a cash wallet: money in or out, date, amount, description, classification. */
export function NewMovementModal({
  opened,
  onClose,
  lookups,
  canCreateMerchants,
  fullScreen = false,
}: {
  opened: boolean;
  onClose: () => void;
  lookups: InOutLookups;
  canCreateMerchants: boolean;
  fullScreen?: boolean;
}) {
  const { t } = useTranslation();
  const accounts = manualAccounts(lookups.accounts);
  const [chosenAccountId, setAccountId] = useState<string | null>(null);
  // The accounts may arrive after the modal is first drawn: the first one stands until one is chosen.
  const accountId = chosenAccountId ?? accounts[0]?.id ?? null;
  const [direction, setDirection] = useState<'in' | 'out'>('out');
  const [bookingDate, setBookingDate] = useState<string | null>(today());
  const [magnitude, setMagnitude] = useState<number | null>(null);
  const [description, setDescription] = useState('');
  const [categoryId, setCategoryId] = useState<string | null>(null);
  const [merchantId, setMerchantId] = useState<string | null>(null);
  const [notes, setNotes] = useState('');
  const create = useCreateTransaction();
  const account = accountId ? lookups.accountById.get(accountId) : undefined;
  const ready = !!accountId && !!bookingDate && !!magnitude && description.trim() !== '';

  const reset = () => {
    setMagnitude(null);
    setDescription('');
    setCategoryId(null);
    setMerchantId(null);
    setNotes('');
    create.reset();
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('TREASURY.IN_OUT.NEW.TITLE')}
      centered={!fullScreen}
      fullScreen={fullScreen}
      closeButtonProps={{ 'aria-label': t('DIALOGS.CLOSE') }}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!ready || !accountId || !bookingDate || !magnitude) return;
          create.mutate(
            {
              accountId,
              bookingDate,
              amount: (direction === 'out' ? -1 : 1) * Math.abs(magnitude),
              description: description.trim(),
              categoryId,
              merchantId,
              notes: notes.trim() || null,
            },
            {
              onSuccess: () => {
                showSuccess({ message: t('TREASURY.IN_OUT.NEW.CREATED') });
                reset();
                onClose();
              },
            },
          );
        }}
      >
        <Stack gap="sm">
          <Select
            label={t('TREASURY.IN_OUT.NEW.ACCOUNT')}
            data={accounts.map((a) => ({ value: a.id, label: `${a.name} (${a.currency})` }))}
            value={accountId}
            allowDeselect={false}
            onChange={setAccountId}
            required
          />
          <SegmentedControl
            aria-label={t('TREASURY.IN_OUT.NEW.DIRECTION')}
            data={[
              { value: 'out', label: t('TREASURY.IN_OUT.NEW.OUT') },
              { value: 'in', label: t('TREASURY.IN_OUT.NEW.IN') },
            ]}
            value={direction}
            onChange={(value) => setDirection(value === 'in' ? 'in' : 'out')}
          />
          <DatePickerInput
            label={t('TREASURY.IN_OUT.NEW.DATE')}
            valueFormat="DD/MM/YYYY"
            value={bookingDate}
            onChange={setBookingDate}
            required
          />
          <MoneyInput
            label={t('TREASURY.IN_OUT.NEW.AMOUNT', { currency: account?.currency ?? '' })}
            minorDigits={account ? currencyMinorDigits(account.currency) : 2}
            value={magnitude}
            onChange={(value) => setMagnitude(value === null ? null : Math.abs(value))}
            required
          />
          <TextInput
            label={t('TREASURY.IN_OUT.NEW.DESCRIPTION')}
            value={description}
            maxLength={300}
            required
            onChange={(event) => setDescription(event.currentTarget.value)}
          />
          <CategorySelect
            lookups={lookups}
            kinds={direction === 'out' ? ['expense', 'income'] : ['income', 'expense']}
            label={t('TREASURY.IN_OUT.DETAIL.CATEGORY')}
            value={categoryId}
            onChange={setCategoryId}
          />
          <MerchantSelect
            lookups={lookups}
            label={t('TREASURY.IN_OUT.DETAIL.MERCHANT')}
            value={merchantId}
            onChange={setMerchantId}
            canCreate={canCreateMerchants}
          />
          <Textarea
            label={t('TREASURY.IN_OUT.DETAIL.NOTES')}
            value={notes}
            maxLength={1000}
            autosize
            onChange={(event) => setNotes(event.currentTarget.value)}
          />
          <ErrorAlert error={create.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('DIALOGS.CANCEL')}
            </Button>
            <Button type="submit" disabled={!ready} loading={create.isPending}>
              {t('TREASURY.IN_OUT.NEW.SUBMIT')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
