import { DEFAULT_COUNTRY } from '@fluxo/domain/languages';
import { type Organization, ZOrganizationInput } from '@fluxo/domain/organizations/contracts';
import { isValidVatNumber } from '@fluxo/domain/organizations/vat-number';
import { Button, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { fieldErrorsOf } from '../../../lib/api/errors.ts';
import { useFieldProps } from '../../../lib/forms/use-field-props.ts';
import { zodValidate } from '../../../lib/forms/zod-validate.ts';
import { useCountries } from '../../../lib/reference-data/countries.ts';
import { currencyForCountry, useCurrencies } from '../../../lib/reference-data/currencies.ts';
import { useCodeOptions } from '../../../lib/reference-data/display-names.ts';
import { useCreateOrganization } from '../api/create-organization.ts';

interface OrganizationValues {
  name: string;
  vatNumber: string;
  country: string;
  currency: string;
}

const schemaErrors = zodValidate<OrganizationValues>(ZOrganizationInput);

/**
 * Name, VAT number (checked per country as the server does), country and currency. The currency
 * follows the country until the user picks one.
 */
export function CreateOrganizationForm({
  defaultCountry,
  onCreated,
  onCancel,
}: {
  defaultCountry?: string;
  onCreated: (organization: Organization) => Promise<void> | void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const create = useCreateOrganization();
  const countries = useCountries();
  const currencies = useCurrencies();
  const countryOptions = useCodeOptions(countries.data, 'region');
  const currencyOptions = useCodeOptions(currencies.data, 'currency');
  const country = (defaultCountry || DEFAULT_COUNTRY).toUpperCase();
  const form = useForm<OrganizationValues>({
    initialValues: { name: '', vatNumber: '', country, currency: currencyForCountry(country) },
    validate: (values) => {
      const errors = schemaErrors(values);
      if (!errors.vatNumber && values.country && !isValidVatNumber(values.country, values.vatNumber)) {
        errors.vatNumber = 'VALIDATION.VAT_NUMBER';
      }
      return errors;
    },
  });
  const field = useFieldProps(form);

  const submit = form.onSubmit((values) =>
    create.mutate(values, {
      onSuccess: (organization) => onCreated(organization),
      onError: (error) => form.setErrors(fieldErrorsOf(error)),
    }),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput label={t('ORGANIZATIONS.FIELDS.NAME')} required data-autofocus {...field('name')} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <Select
            label={t('ORGANIZATIONS.FIELDS.COUNTRY')}
            required
            searchable
            allowDeselect={false}
            nothingFoundMessage={t('COMMON.NOTHING_FOUND')}
            data={countryOptions}
            value={form.values.country || null}
            onChange={(value) => {
              const next = value ?? '';
              if (!form.isDirty('currency')) form.setFieldValue('currency', currencyForCountry(next));
              form.setFieldValue('country', next);
            }}
            error={form.errors.country ? t(String(form.errors.country)) : undefined}
          />
          <Select
            label={t('ORGANIZATIONS.FIELDS.CURRENCY')}
            searchable
            allowDeselect={false}
            nothingFoundMessage={t('COMMON.NOTHING_FOUND')}
            data={currencyOptions}
            {...field('currency')}
            {...(currencies.data?.length === 0 && {
              disabled: true,
              description: t('REFERENCE_DATA.CURRENCIES_UNAVAILABLE'),
            })}
          />
        </SimpleGrid>
        <TextInput
          label={t('ORGANIZATIONS.FIELDS.VAT_NUMBER')}
          description={t('ORGANIZATIONS.FIELDS.VAT_NUMBER_HINT')}
          required
          {...field('vatNumber')}
        />
        <ErrorAlert error={create.error} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t('COMMON.CANCEL')}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {t('ORGANIZATIONS.CREATE.SUBMIT')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
