import { compactIban, isValidIban } from '@fluxo/domain/payments/iban';
import { ACCOUNT_KINDS, type Account, type AccountKind } from '@fluxo/domain/treasury/model';
import { Button, Group, Modal, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { fieldErrorsOf } from '../../../lib/api/errors.ts';
import { formatMoneyInput, parseMoneyInput } from '../../../lib/format/money-input.ts';
import { useFieldProps } from '../../../lib/forms/use-field-props.ts';
import { useCurrencies } from '../../../lib/reference-data/currencies.ts';
import { useCreateAccount, useUpdateAccount } from '../api/save-account.ts';
import { todayIso } from './account-kinds.ts';

interface Values {
  kind: AccountKind;
  name: string;
  institution: string;
  iban: string;
  bic: string;
  currency: string;
  openingBalance: string;
  openingDate: string;
}

const BIC = /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function initialValues(account: Account | null, kind: AccountKind, currency: string): Values {
  return {
    kind: account?.kind ?? kind,
    name: account?.name ?? '',
    institution: account?.institution ?? '',
    iban: account?.iban ?? '',
    bic: account?.bic ?? '',
    currency: account?.currency ?? currency,
    openingBalance: account ? formatMoneyInput(account.openingBalance) : '0',
    openingDate: account?.openingDate ?? todayIso(),
  };
}

/** The form's own checks, as i18n keys: the same rules the server applies. */
export function validateAccount(values: Values): Partial<Record<keyof Values, string>> {
  const errors: Partial<Record<keyof Values, string>> = {};
  if (values.name.trim() === '') errors.name = 'VALIDATION.REQUIRED_FIELD';
  if (values.iban.trim() !== '' && !isValidIban(values.iban)) errors.iban = 'TREASURY.ACCOUNT.IBAN_INVALID';
  if (values.bic.trim() !== '' && !BIC.test(values.bic.trim().toUpperCase()))
    errors.bic = 'TREASURY.ACCOUNT.BIC_INVALID';
  if (!/^[A-Z]{3}$/.test(values.currency)) errors.currency = 'VALIDATION.REQUIRED_FIELD';
  if (values.openingBalance.trim() === '') errors.openingBalance = 'VALIDATION.REQUIRED_FIELD';
  else if (parseMoneyInput(values.openingBalance) === null)
    errors.openingBalance = 'TREASURY.ACCOUNT.AMOUNT_INVALID';
  if (!ISO_DATE.test(values.openingDate)) errors.openingDate = 'VALIDATION.REQUIRED_FIELD';
  return errors;
}

/**
 * "Add account" / "Add cash wallet" / "Edit": kind, name, bank, IBAN (checked with the domain's
 * ISO 13616 rule), currency, opening balance (the transaction-amount rule, kept in minor units) and
 * date. The kind and currency of an existing account are fixed: its movements are in that currency.
 */
export function AccountFormModal({
  opened,
  onClose,
  account,
  kind = 'bank',
  fullScreen = false,
  defaultCurrency,
}: {
  opened: boolean;
  onClose: () => void;
  account: Account | null;
  kind?: AccountKind;
  fullScreen?: boolean;
  defaultCurrency: string;
}) {
  const { t } = useTranslation();
  const currencies = useCurrencies();
  const create = useCreateAccount();
  const update = useUpdateAccount();
  const form = useForm<Values>({
    initialValues: initialValues(account, kind, defaultCurrency),
    validate: validateAccount,
  });
  const field = useFieldProps(form);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the form resets when the dialog opens for another account, not on each render
  useEffect(() => {
    if (!opened) return;
    form.setValues(initialValues(account, kind, defaultCurrency));
    form.resetDirty();
    form.clearErrors();
    create.reset();
    update.reset();
  }, [opened, account?.id, kind]);

  const mutation = account ? update : create;
  const isCash = form.values.kind === 'cash';
  const currencyOptions = [...new Set([defaultCurrency, ...(currencies.data ?? []), form.values.currency])];

  async function submit(values: Values) {
    const common = {
      name: values.name.trim(),
      institution: isCash ? null : values.institution.trim() || null,
      iban: isCash || values.iban.trim() === '' ? null : compactIban(values.iban),
      bic: isCash || values.bic.trim() === '' ? null : values.bic.trim().toUpperCase(),
      openingBalance: parseMoneyInput(values.openingBalance) ?? 0,
      openingDate: values.openingDate,
    };
    try {
      if (account) await update.mutateAsync({ id: account.id, body: common });
      else await create.mutateAsync({ ...common, kind: values.kind, currency: values.currency });
      onClose();
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (Object.keys(fields).length) form.setErrors(fields);
    }
  }

  const title = account
    ? t('TREASURY.ACCOUNT.EDIT_TITLE')
    : kind === 'cash'
      ? t('TREASURY.WALLETS.ADD_CASH')
      : t('TREASURY.WALLETS.ADD_ACCOUNT');

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered={!fullScreen}
      fullScreen={fullScreen}
      size="lg"
      closeButtonProps={{ 'aria-label': t('DIALOGS.CLOSE') }}
    >
      <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
        <Stack gap="md">
          <Select
            label={t('TREASURY.ACCOUNT.KIND')}
            data={ACCOUNT_KINDS.map((value) => ({
              value,
              label: t(`TREASURY.ACCOUNT.KINDS.${value.toUpperCase()}`),
            }))}
            {...field('kind')}
            allowDeselect={false}
            disabled={!!account}
            comboboxProps={{ withinPortal: true }}
          />
          <TextInput label={t('TREASURY.ACCOUNT.NAME')} maxLength={100} required {...field('name')} />
          {!isCash && (
            <>
              <TextInput
                label={t('TREASURY.ACCOUNT.INSTITUTION')}
                maxLength={100}
                {...field('institution')}
              />
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput
                  label={t('TREASURY.ACCOUNT.IBAN')}
                  maxLength={42}
                  autoComplete="off"
                  spellCheck={false}
                  {...field('iban')}
                />
                <TextInput label={t('TREASURY.ACCOUNT.BIC')} maxLength={11} {...field('bic')} />
              </SimpleGrid>
            </>
          )}
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Select
              label={t('TREASURY.ACCOUNT.CURRENCY')}
              data={currencyOptions}
              searchable
              allowDeselect={false}
              disabled={!!account}
              comboboxProps={{ withinPortal: true }}
              {...field('currency')}
            />
            <TextInput
              label={t('TREASURY.ACCOUNT.OPENING_BALANCE')}
              description={t('TREASURY.ACCOUNT.AMOUNT_HINT')}
              inputMode="decimal"
              {...field('openingBalance')}
            />
            <TextInput type="date" label={t('TREASURY.ACCOUNT.OPENING_DATE')} {...field('openingDate')} />
          </SimpleGrid>
          {mutation.error && Object.keys(fieldErrorsOf(mutation.error)).length === 0 && (
            <ErrorAlert error={mutation.error} />
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('TREASURY.ACCOUNT.CANCEL')}
            </Button>
            <Button type="submit" loading={mutation.isPending}>
              {t('TREASURY.ACCOUNT.SAVE')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
