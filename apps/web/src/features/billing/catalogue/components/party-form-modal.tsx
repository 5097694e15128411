import type { Party } from '@fluxo/domain/billing/contracts';
import { compactIban, isValidIban } from '@fluxo/domain/payments/iban';
import { isValidTaxNumber } from '@fluxo/domain/reference/tax-numbers';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiErrorMessage } from '../../../../components/api-error-message.tsx';
import { ErrorAlert } from '../../../../components/error-alert.tsx';
import { fieldErrorsOf } from '../../../../lib/api/errors.ts';
import { useFieldProps } from '../../../../lib/forms/use-field-props.ts';
import { useCountries } from '../../../../lib/reference-data/countries.ts';
import { useCodeOptions } from '../../../../lib/reference-data/display-names.ts';
import { type PartyBody, useCreateParty, usePartyLookup, useUpdateParty } from '../../api/catalogue.ts';
import { toastApiError } from './toast-api-error.ts';

export const DOCUMENT_LANGUAGES = ['pt', 'gb', 'es', 'fr'] as const;
/** PT and AO final consumers: no tax number to check, and they may repeat. */
const FINAL_CONSUMERS = ['999999990', '999999999'];

interface Values {
  isCustomer: boolean;
  isSupplier: boolean;
  country: string;
  taxId: string;
  name: string;
  address: string;
  postalCode: string;
  city: string;
  email: string;
  phone: string;
  iban: string;
  paymentTermsDays: number | string;
  language: string;
}

function initialValues(party: Party | null, country: string, role: 'customer' | 'supplier'): Values {
  return {
    isCustomer: party?.isCustomer ?? role === 'customer',
    isSupplier: party?.isSupplier ?? role === 'supplier',
    country: party?.country ?? country,
    taxId: party?.taxId ?? '',
    name: party?.name ?? '',
    address: party?.address ?? '',
    postalCode: party?.postalCode ?? '',
    city: party?.city ?? '',
    email: party?.email ?? '',
    phone: party?.phone ?? '',
    iban: party?.iban ?? '',
    paymentTermsDays: party?.paymentTermsDays ?? 30,
    language: party?.language ?? (country === 'PT' || country === 'AO' ? 'pt' : 'gb'),
  };
}

/** The tax number checked with the spec's rule for its country, as the user types it. */
export function taxIdError(country: string, taxId: string): string | null {
  const value = taxId.trim();
  if (value === '') return 'VALIDATION.REQUIRED_FIELD';
  if (FINAL_CONSUMERS.includes(value.replace(/\s/g, ''))) return null;
  return isValidTaxNumber(country, value) ? null : 'BILLING.CATALOGUE.PARTY.TAX_ID_INVALID';
}

export function validateParty(values: Values): Partial<Record<keyof Values, string>> {
  const errors: Partial<Record<keyof Values, string>> = {};
  if (!values.name.trim()) errors.name = 'VALIDATION.REQUIRED_FIELD';
  if (!/^[A-Z]{2}$/.test(values.country)) errors.country = 'VALIDATION.REQUIRED_FIELD';
  const taxId = taxIdError(values.country, values.taxId);
  if (taxId) errors.taxId = taxId;
  if (!values.isCustomer && !values.isSupplier) errors.isCustomer = 'BILLING.CATALOGUE.PARTY.ROLE_REQUIRED';
  if (values.email.trim() && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email.trim()))
    errors.email = 'VALIDATION.EMAIL';
  if (values.iban.trim() && !isValidIban(values.iban)) errors.iban = 'BILLING.CATALOGUE.PARTY.IBAN_INVALID';
  const days = Number(values.paymentTermsDays);
  if (!Number.isInteger(days) || days < 0 || days > 365)
    errors.paymentTermsDays = 'BILLING.CATALOGUE.PARTY.TERMS_INVALID';
  return errors;
}

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

/**
 * Create or edit a customer/supplier: country, tax number checked as typed (and looked up: VIES for
 * EU numbers, else what Fluxo knows), address, e-mail, IBAN, payment terms, document language.
 * Other screens open it too (the document editor's "new customer"): `onSaved` gets the party.
 */
export function PartyFormModal({
  opened,
  onClose,
  party = null,
  defaultCountry = 'PT',
  defaultRole = 'customer',
  fullScreen = false,
  onSaved,
}: {
  opened: boolean;
  onClose: () => void;
  party?: Party | null;
  defaultCountry?: string;
  defaultRole?: 'customer' | 'supplier';
  fullScreen?: boolean;
  onSaved?: (party: Party) => void;
}) {
  const { t } = useTranslation();
  const countries = useCountries();
  const countryOptions = useCodeOptions(countries.data, 'region');
  const create = useCreateParty();
  const update = useUpdateParty();
  const lookup = usePartyLookup();
  const [found, setFound] = useState<'vies' | 'fluxo' | 'none' | 'invalid' | null>(null);
  const form = useForm<Values>({
    initialValues: initialValues(party, defaultCountry, defaultRole),
    validate: validateParty,
  });
  const field = useFieldProps(form);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the form resets when the dialog opens for another party, not on each render
  useEffect(() => {
    if (!opened) return;
    form.setValues(initialValues(party, defaultCountry, defaultRole));
    form.resetDirty();
    form.clearErrors();
    create.reset();
    update.reset();
    lookup.reset();
    setFound(null);
  }, [opened, party?.id]);

  const mutation = party ? update : create;
  const liveTaxIdError =
    form.values.taxId.trim() !== '' ? taxIdError(form.values.country, form.values.taxId) : null;

  async function runLookup() {
    const error = taxIdError(form.values.country, form.values.taxId);
    if (error) {
      form.setFieldError('taxId', error);
      return;
    }
    try {
      const result = await lookup.mutateAsync({
        country: form.values.country,
        taxId: form.values.taxId.trim(),
      });
      if (!result.valid) {
        setFound('invalid');
        return;
      }
      setFound(result.source ?? 'none');
      if (result.name) form.setFieldValue('name', result.name);
      if (result.address) form.setFieldValue('address', result.address);
      if (result.postalCode) form.setFieldValue('postalCode', result.postalCode);
      if (result.city) form.setFieldValue('city', result.city);
    } catch {
      setFound(null);
    }
  }

  async function submit(values: Values) {
    const body: PartyBody = {
      isCustomer: values.isCustomer,
      isSupplier: values.isSupplier,
      name: values.name.trim(),
      taxId: values.taxId.trim(),
      country: values.country,
      address: orNull(values.address),
      postalCode: orNull(values.postalCode),
      city: orNull(values.city),
      email: orNull(values.email),
      phone: orNull(values.phone),
      iban: values.iban.trim() ? compactIban(values.iban) : null,
      paymentTermsDays: Number(values.paymentTermsDays),
      language: values.language as PartyBody['language'],
    };
    try {
      const saved = party ? await update.mutateAsync({ id: party.id, body }) : await create.mutateAsync(body);
      onSaved?.(saved);
      onClose();
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (Object.keys(fields).length) form.setErrors(fields);
    }
  }

  const lookupMessage =
    found === 'vies'
      ? t('BILLING.CATALOGUE.PARTY.FOUND_VIES')
      : found === 'fluxo'
        ? t('BILLING.CATALOGUE.PARTY.FOUND_FLUXO')
        : found === 'none'
          ? t('BILLING.CATALOGUE.PARTY.FOUND_NOTHING')
          : found === 'invalid'
            ? t('BILLING.CATALOGUE.PARTY.TAX_ID_INVALID')
            : null;

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={party ? t('BILLING.CATALOGUE.PARTY.EDIT_TITLE') : t('BILLING.CATALOGUE.PARTY.NEW_TITLE')}
      centered={!fullScreen}
      fullScreen={fullScreen}
      size="lg"
      closeButtonProps={{ 'aria-label': t('DIALOGS.CLOSE') }}
    >
      <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
        <Stack gap="md">
          <Group gap="lg">
            <Checkbox
              label={t('BILLING.CATALOGUE.PARTY.IS_CUSTOMER')}
              {...field('isCustomer', { type: 'checkbox' })}
            />
            <Checkbox
              label={t('BILLING.CATALOGUE.PARTY.IS_SUPPLIER')}
              {...field('isSupplier', { type: 'checkbox' })}
              error={undefined}
            />
          </Group>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <Select
              label={t('BILLING.CATALOGUE.PARTY.COUNTRY')}
              data={countryOptions}
              searchable
              required
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
              {...field('country')}
            />
            <Stack gap={4}>
              <TextInput
                label={t('BILLING.CATALOGUE.PARTY.TAX_ID')}
                description={t('BILLING.CATALOGUE.PARTY.TAX_ID_HINT')}
                required
                maxLength={30}
                autoComplete="off"
                {...field('taxId')}
                error={
                  form.errors.taxId
                    ? t(String(form.errors.taxId))
                    : liveTaxIdError
                      ? t(liveTaxIdError)
                      : undefined
                }
              />
            </Stack>
          </SimpleGrid>
          <Group gap="sm" wrap="wrap">
            <Button
              variant="light"
              leftSection={<IconSearch size={16} aria-hidden />}
              loading={lookup.isPending}
              onClick={() => void runLookup()}
            >
              {t('BILLING.CATALOGUE.PARTY.LOOKUP')}
            </Button>
          </Group>
          {lookupMessage && (
            <Alert color={found === 'invalid' ? 'red' : found === 'none' ? 'gray' : 'teal'} variant="light">
              {lookupMessage}
            </Alert>
          )}
          {lookup.error && (
            <Alert color="yellow" variant="light" role="alert">
              <ApiErrorMessage error={lookup.error} />
            </Alert>
          )}
          {party?.merchantId && (
            <Alert color="blue" variant="light">
              <Group justify="space-between" gap="xs" wrap="wrap">
                <span>{t('BILLING.CATALOGUE.PARTY.MERCHANT_LINKED')}</span>
                <Button
                  size="xs"
                  variant="subtle"
                  loading={update.isPending}
                  onClick={() =>
                    update.mutate(
                      { id: party.id, body: { merchantId: null } },
                      { onSuccess: (saved) => onSaved?.(saved), onError: toastApiError },
                    )
                  }
                >
                  {t('BILLING.CATALOGUE.PARTY.MERCHANT_UNLINK')}
                </Button>
              </Group>
            </Alert>
          )}
          <TextInput label={t('BILLING.CATALOGUE.PARTY.NAME')} required maxLength={200} {...field('name')} />
          <TextInput label={t('BILLING.CATALOGUE.PARTY.ADDRESS')} maxLength={200} {...field('address')} />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput
              label={t('BILLING.CATALOGUE.PARTY.POSTAL_CODE')}
              maxLength={20}
              {...field('postalCode')}
            />
            <TextInput label={t('BILLING.CATALOGUE.PARTY.CITY')} maxLength={100} {...field('city')} />
            <TextInput
              type="email"
              label={t('BILLING.CATALOGUE.PARTY.EMAIL')}
              maxLength={200}
              {...field('email')}
            />
            <TextInput label={t('BILLING.CATALOGUE.PARTY.PHONE')} maxLength={30} {...field('phone')} />
          </SimpleGrid>
          <TextInput label={t('BILLING.CATALOGUE.PARTY.IBAN')} maxLength={42} {...field('iban')} />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <NumberInput
              label={t('BILLING.CATALOGUE.PARTY.PAYMENT_TERMS')}
              description={t('BILLING.CATALOGUE.PARTY.PAYMENT_TERMS_HINT')}
              min={0}
              max={365}
              allowDecimal={false}
              allowNegative={false}
              {...field('paymentTermsDays')}
            />
            <Select
              label={t('BILLING.CATALOGUE.PARTY.LANGUAGE')}
              description={t('BILLING.CATALOGUE.PARTY.LANGUAGE_HINT')}
              data={DOCUMENT_LANGUAGES.map((value) => ({
                value,
                label: t(`BILLING.CATALOGUE.LANGUAGES.${value.toUpperCase()}`),
              }))}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
              {...field('language')}
            />
          </SimpleGrid>
          <ErrorAlert error={mutation.error} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('BILLING.CATALOGUE.CANCEL')}
            </Button>
            <Button type="submit" loading={mutation.isPending}>
              {t('BILLING.CATALOGUE.SAVE')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
