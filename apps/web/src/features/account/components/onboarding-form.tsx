import { type INTRO_PAGES, ZOnboardingRequest } from '@fluxo/domain/account/contracts';
import { isValidVatNumber } from '@fluxo/domain/organizations/vat-number';
import { Button, Checkbox, Radio, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { fieldErrorsOf } from '../../../lib/api/errors.ts';
import { useFieldProps } from '../../../lib/forms/use-field-props.ts';
import { zodValidate } from '../../../lib/forms/zod-validate.ts';
import { useCurrencies } from '../../../lib/reference-data/currencies.ts';
import { useCodeOptions } from '../../../lib/reference-data/display-names.ts';
import { type OnboardingInput, useCompleteOnboarding } from '../api/complete-onboarding.ts';

interface OnboardingValues {
  phone: string;
  vatNumber: string;
  currency: string;
  introPage: (typeof INTRO_PAGES)[number];
  acceptTerms: boolean;
}

/** The request as the contract wants it: optional fields left out when empty. */
function toRequest(values: OnboardingValues): OnboardingInput {
  return {
    phone: values.phone.trim() || undefined,
    vatNumber: values.vatNumber.trim() || undefined,
    currency: values.currency || undefined,
    introPage: values.introPage,
    acceptTerms: values.acceptTerms as true,
  };
}

const requestErrors = zodValidate<OnboardingInput>(ZOnboardingRequest, {
  acceptTerms: 'VALIDATION.ACCEPT_TERMS',
});

/** The last sign-up step: a few details and the terms; the account becomes active. */
export function OnboardingForm({ country, currency }: { country: string; currency: string }) {
  const { t } = useTranslation();
  const onboarding = useCompleteOnboarding();
  const currencies = useCurrencies();
  const currencyOptions = useCodeOptions(currencies.data, 'currency');
  const form = useForm<OnboardingValues>({
    initialValues: { phone: '', vatNumber: '', currency, introPage: 'welcome', acceptTerms: false },
    validate: (values) => {
      const errors = requestErrors(toRequest(values));
      const vat = values.vatNumber.trim();
      if (vat && !errors.vatNumber && !isValidVatNumber(country, vat))
        errors.vatNumber = 'VALIDATION.VAT_NUMBER';
      return errors;
    },
  });
  const field = useFieldProps(form);

  const submit = form.onSubmit((values) =>
    onboarding.mutate(toRequest(values), { onError: (error) => form.setErrors(fieldErrorsOf(error)) }),
  );

  return (
    <form onSubmit={submit} noValidate aria-labelledby="onboarding-title">
      <Stack gap="md">
        <div>
          <Title order={1} fz={26} id="onboarding-title">
            {t('AUTH.ONBOARDING.TITLE')}
          </Title>
          <Text c="dimmed" mt={4}>
            {t('AUTH.ONBOARDING.SUBTITLE')}
          </Text>
        </div>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput label={t('AUTH.ONBOARDING.PHONE')} type="tel" autoComplete="tel" {...field('phone')} />
          <TextInput label={t('AUTH.ONBOARDING.VAT_NUMBER')} {...field('vatNumber')} />
        </SimpleGrid>
        <Select
          label={t('AUTH.ONBOARDING.CURRENCY')}
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
        <Radio.Group label={t('AUTH.ONBOARDING.INTRO_PAGE')} {...field('introPage')}>
          <Stack gap="xs" mt="xs">
            <Radio value="welcome" label={t('AUTH.ONBOARDING.INTRO_WELCOME')} />
            <Radio value="dashboards" label={t('AUTH.ONBOARDING.INTRO_DASHBOARDS')} />
          </Stack>
        </Radio.Group>
        <Checkbox label={t('AUTH.ONBOARDING.ACCEPT_TERMS')} {...field('acceptTerms', { type: 'checkbox' })} />
        <ErrorAlert error={onboarding.error} />
        <Button type="submit" size="md" fullWidth loading={onboarding.isPending}>
          {t('AUTH.ONBOARDING.SUBMIT')}
        </Button>
      </Stack>
    </form>
  );
}
