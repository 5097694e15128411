import { signupContract, ZPlainPassword } from '@fluxo/domain/auth/contracts';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '@fluxo/domain/languages';
import { PROFILE_KEYS, SIGNUP_PROFILE_CODES } from '@fluxo/domain/profiles';
import {
  Anchor,
  Button,
  NativeSelect,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { fieldErrorsOf } from '../../../lib/api/errors.ts';
import { useFieldProps } from '../../../lib/forms/use-field-props.ts';
import { zodValidate } from '../../../lib/forms/zod-validate.ts';
import { countryOfBrowserLanguage, detectCountry } from '../../../lib/geo/geolocation.ts';
import { currentLanguage, switchLanguage } from '../../../lib/i18n/i18n.ts';
import { paths } from '../../../lib/paths.ts';
import { useCountries } from '../../../lib/reference-data/countries.ts';
import { useCodeOptions } from '../../../lib/reference-data/display-names.ts';
import { type SignUpInput, useSignUp } from '../api/sign-up.ts';

const ZSignUpForm = signupContract.body.extend({ password: ZPlainPassword });

export function SignUpForm({ onSignedUp }: { onSignedUp: (email: string) => void }) {
  const { t } = useTranslation();
  const signUp = useSignUp();
  const countries = useCountries();
  const countryOptions = useCodeOptions(countries.data, 'region');
  const form = useForm<SignUpInput>({
    initialValues: {
      name: '',
      email: '',
      password: '',
      profile: 2,
      country: countryOfBrowserLanguage(navigator.languages ?? []),
      language: currentLanguage(),
    },
    validate: zodValidate<SignUpInput>(ZSignUpForm, { password: 'VALIDATION.PASSWORD_RULES' }),
  });
  const field = useFieldProps(form);

  // Spec §7/§8: the geolocation lookup picks the country; on failure it stays the browser language's.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the form opens.
  useEffect(() => {
    let live = true;
    void detectCountry().then((country) => {
      if (live && !form.isDirty('country')) form.setFieldValue('country', country);
    });
    return () => {
      live = false;
    };
  }, []);

  const submit = form.onSubmit((values) => {
    signUp.mutate(values, {
      onSuccess: (account) => onSignedUp(account.email),
      onError: (error) => form.setErrors(fieldErrorsOf(error)),
    });
  });

  return (
    <form onSubmit={submit} noValidate aria-labelledby="signup-title">
      <Stack gap="md">
        <div>
          <Title order={1} fz={26} id="signup-title">
            {t('AUTH.SIGNUP.TITLE')}
          </Title>
          <Text c="dimmed" mt={4}>
            {t('AUTH.SIGNUP.SUBTITLE')}
          </Text>
        </div>
        <TextInput label={t('AUTH.FIELDS.NAME')} autoComplete="name" required {...field('name')} />
        <TextInput
          label={t('AUTH.FIELDS.EMAIL')}
          type="email"
          autoComplete="email"
          required
          {...field('email')}
        />
        <PasswordInput
          label={t('AUTH.FIELDS.PASSWORD')}
          description={t('AUTH.SIGNUP.PASSWORD_HINT')}
          autoComplete="new-password"
          required
          visibilityToggleButtonProps={{ 'aria-label': t('AUTH.FIELDS.TOGGLE_PASSWORD') }}
          {...field('password')}
        />
        <NativeSelect
          label={t('AUTH.FIELDS.PROFILE')}
          required
          data={SIGNUP_PROFILE_CODES.map((code) => ({
            value: String(code),
            label: t(`PROFILES.${PROFILE_KEYS[code].toUpperCase()}`),
          }))}
          value={String(form.values.profile)}
          onChange={(event) =>
            form.setFieldValue('profile', Number(event.currentTarget.value) as SignUpInput['profile'])
          }
          error={form.errors.profile ? t(String(form.errors.profile)) : undefined}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <Select
            label={t('AUTH.FIELDS.COUNTRY')}
            required
            searchable
            allowDeselect={false}
            nothingFoundMessage={t('COMMON.NOTHING_FOUND')}
            data={countryOptions}
            value={form.values.country || null}
            onChange={(value) => form.setFieldValue('country', value ?? '')}
            error={form.errors.country ? t(String(form.errors.country)) : undefined}
            comboboxProps={{ withinPortal: true }}
          />
          <NativeSelect
            label={t('AUTH.FIELDS.LANGUAGE')}
            required
            data={LANGUAGES.map((language) => ({ value: language, label: LANGUAGE_NAMES[language] }))}
            value={form.values.language}
            onChange={(event) => {
              const language = event.currentTarget.value as Language;
              form.setFieldValue('language', language);
              void switchLanguage(language);
            }}
          />
        </SimpleGrid>
        <ErrorAlert error={signUp.error} />
        <Button type="submit" size="md" fullWidth loading={signUp.isPending}>
          {t('AUTH.SIGNUP.SUBMIT')}
        </Button>
        <Text ta="center" size="sm" c="dimmed">
          {t('AUTH.SIGNUP.HAVE_ACCOUNT')}{' '}
          <Anchor component={Link} to={paths.auth.signIn.getHref()} fw={600}>
            {t('AUTH.SIGNUP.SIGN_IN')}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
