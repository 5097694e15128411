import { Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { useFieldProps } from '../../../lib/forms/use-field-props.ts';
import { useSignInSecondStep } from '../api/sign-in.ts';

/**
 * Sign-in's second step for an account with two-factor on: a code from the authenticator app, or a
 * recovery code. The step's token lasts a few minutes; once it is void, back to the password.
 */
export function TwoFactorStep({ token, onBack }: { token: string; onBack: () => void }) {
  const { t } = useTranslation();
  const secondStep = useSignInSecondStep();
  const form = useForm({
    initialValues: { code: '' },
    validate: { code: (value) => (value.trim() ? null : 'VALIDATION.REQUIRED_FIELD') },
  });
  const field = useFieldProps(form);

  const submit = form.onSubmit(({ code }) =>
    secondStep.mutate({ token, code: code.trim() }, { onError: () => form.setFieldValue('code', '') }),
  );

  return (
    <form onSubmit={submit} noValidate aria-labelledby="signin-two-factor-title">
      <Stack gap="md">
        <div>
          <Title order={1} fz={26} id="signin-two-factor-title">
            {t('AUTH.TWO_FACTOR.TITLE')}
          </Title>
          <Text c="dimmed" mt={4}>
            {t('AUTH.TWO_FACTOR.SUBTITLE')}
          </Text>
        </div>
        <TextInput
          label={t('AUTH.TWO_FACTOR.CODE')}
          description={t('AUTH.TWO_FACTOR.CODE_HINT')}
          autoComplete="one-time-code"
          spellCheck={false}
          maxLength={40}
          required
          // The step opens right after the password: the code field is where the user is going.
          autoFocus
          {...field('code')}
        />
        <ErrorAlert error={secondStep.error} />
        <Button type="submit" size="md" fullWidth loading={secondStep.isPending}>
          {t('AUTH.TWO_FACTOR.SUBMIT')}
        </Button>
        <Button variant="subtle" onClick={onBack}>
          {t('AUTH.TWO_FACTOR.BACK')}
        </Button>
      </Stack>
    </form>
  );
}
