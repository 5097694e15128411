import type { BillingAddress } from '@fluxo/domain/billing-addresses/contracts';
import { ZBillingAddressInput } from '@fluxo/domain/billing-addresses/contracts';
import { Button, Checkbox, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { fieldErrorsOf } from '../../../lib/api/errors.ts';
import { useFieldProps } from '../../../lib/forms/use-field-props.ts';
import { zodValidate } from '../../../lib/forms/zod-validate.ts';
import { useCountries } from '../../../lib/reference-data/countries.ts';
import { useCodeOptions } from '../../../lib/reference-data/display-names.ts';
import { useUpdateBillingAddress } from '../api/update-billing-address.ts';

interface Values {
  name: string;
  vatNumber: string;
  country: string;
  address: string;
  postalCode: string;
  city: string;
  email: string;
  isDefault: boolean;
}

const schemaErrors = zodValidate<Values>(ZBillingAddressInput);
const optional = (value: string) => (value.trim() === '' ? undefined : value.trim());

/** Adds or edits a billing address (PATCH /internal-billing/update). */
export function BillingAddressForm({
  address,
  defaultCountry,
  onDone,
  onCancel,
}: {
  address?: BillingAddress;
  defaultCountry?: string;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const countries = useCountries();
  const countryOptions = useCodeOptions(countries.data, 'region');
  const update = useUpdateBillingAddress();
  const form = useForm<Values>({
    initialValues: {
      name: address?.name ?? '',
      vatNumber: address?.vatNumber ?? '',
      country: address?.country ?? defaultCountry ?? 'PT',
      address: address?.address ?? '',
      postalCode: address?.postalCode ?? '',
      city: address?.city ?? '',
      email: address?.email ?? '',
      isDefault: address?.isDefault ?? false,
    },
    validate: (values) =>
      schemaErrors({
        ...values,
        vatNumber: optional(values.vatNumber),
        postalCode: optional(values.postalCode),
        email: optional(values.email),
      } as unknown as Values),
  });
  const field = useFieldProps(form);

  return (
    <form
      onSubmit={form.onSubmit((values) =>
        update.mutate(
          {
            ...(address ? { id: address.id } : {}),
            name: values.name.trim(),
            vatNumber: optional(values.vatNumber),
            country: values.country,
            address: values.address.trim(),
            postalCode: optional(values.postalCode),
            city: values.city.trim(),
            email: optional(values.email),
            isDefault: values.isDefault,
          },
          {
            onSuccess: onDone,
            onError: (error) => {
              const errors = fieldErrorsOf(error);
              if (Object.keys(errors).length > 0) form.setErrors(errors);
            },
          },
        ),
      )}
    >
      <Stack gap="sm">
        <TextInput label={t('BILLING.ADDRESSES.NAME')} required {...field('name')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t('BILLING.ADDRESSES.COUNTRY')}
            data={countryOptions}
            searchable
            required
            allowDeselect={false}
            {...field('country')}
          />
          <TextInput label={t('BILLING.ADDRESSES.VAT_NUMBER')} {...field('vatNumber')} />
        </SimpleGrid>
        <TextInput label={t('BILLING.ADDRESSES.ADDRESS')} required {...field('address')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('BILLING.ADDRESSES.POSTAL_CODE')} {...field('postalCode')} />
          <TextInput label={t('BILLING.ADDRESSES.CITY')} required {...field('city')} />
        </SimpleGrid>
        <TextInput label={t('BILLING.ADDRESSES.EMAIL')} type="email" {...field('email')} />
        <Checkbox label={t('BILLING.ADDRESSES.MAKE_DEFAULT')} {...field('isDefault', { type: 'checkbox' })} />
        <ErrorAlert error={update.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('COMMON.CANCEL')}
          </Button>
          <Button type="submit" loading={update.isPending}>
            {t('BILLING.ADDRESSES.SAVE')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
