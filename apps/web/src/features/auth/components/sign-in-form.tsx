import { isEmail } from '@fluxo/domain/validation';
import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { fieldErrorsOf } from '../../../lib/api/errors.ts';
import { useFieldProps } from '../../../lib/forms/use-field-props.ts';
import { paths } from '../../../lib/paths.ts';
import { isSecondStep, loadSignInContract, type SignInInput, useSignIn } from '../api/sign-in.ts';
import { TwoFactorStep } from './two-factor-step.tsx';

export function SignInForm({
  initialEmail = '',
  validated = false,
}: {
  initialEmail?: string;
  validated?: boolean;
}) {
  const { t } = useTranslation();
  const signIn = useSignIn();
  const form = useForm<SignInInput>({
    initialValues: { email: initialEmail, password: '' },
    // Only presence and form here: the password rules are the sign-up's; a wrong one is the server's to say.
    validate: {
      email: (value) =>
        !value.trim() ? 'VALIDATION.REQUIRED_FIELD' : isEmail(value.trim()) ? null : 'VALIDATION.EMAIL',
      password: (value) => (value ? null : 'VALIDATION.REQUIRED_FIELD'),
    },
  });

  const field = useFieldProps(form);

  const submit = form.onSubmit((values) =>
    signIn.mutate(
      { ...values, email: values.email.trim() },
      { onError: (error) => form.setErrors(fieldErrorsOf(error)) },
    ),
  );

  // Two-factor on: the password was right, the code comes next (the form keeps what was typed).
  if (isSecondStep(signIn.data)) {
    return (
      <TwoFactorStep
        token={signIn.data.twoFactorToken}
        onBack={() => {
          signIn.reset();
          form.setFieldValue('password', '');
        }}
      />
    );
  }

  return (
    // The contract is fetched once the user starts filling in the form, so submitting does not wait for it.
    <form
      onSubmit={submit}
      onFocus={() => void loadSignInContract()}
      noValidate
      aria-labelledby="signin-title"
    >
      <Stack gap="md">
        <div>
          <Title order={1} fz={26} id="signin-title">
            {t('AUTH.SIGNIN.TITLE')}
          </Title>
          <Text c="dimmed" mt={4}>
            {t('AUTH.SIGNIN.SUBTITLE')}
          </Text>
        </div>
        {validated && (
          <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} aria-hidden />} role="status">
            {t('AUTH.SIGNIN.VALIDATED')}
          </Alert>
        )}
        <TextInput
          label={t('AUTH.FIELDS.EMAIL')}
          type="email"
          autoComplete="username"
          required
          {...field('email')}
        />
        <PasswordInput
          label={t('AUTH.FIELDS.PASSWORD')}
          autoComplete="current-password"
          required
          visibilityToggleButtonProps={{ 'aria-label': t('AUTH.FIELDS.TOGGLE_PASSWORD') }}
          {...field('password')}
        />
        <ErrorAlert error={signIn.error} />
        <Button type="submit" size="md" fullWidth loading={signIn.isPending}>
          {t('AUTH.SIGNIN.SUBMIT')}
        </Button>
        <Text ta="center" size="sm" c="dimmed">
          {t('AUTH.SIGNIN.NO_ACCOUNT')}{' '}
          <Anchor component={Link} to={paths.auth.signUp.getHref()} fw={600}>
            {t('AUTH.SIGNIN.CREATE_ACCOUNT')}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
