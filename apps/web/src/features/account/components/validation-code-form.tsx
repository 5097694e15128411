import { ZValidationCode } from '@fluxo/domain/account/contracts';
import { Alert, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMailCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { useFieldProps } from '../../../lib/forms/use-field-props.ts';
import { useResendValidationCode, useValidateAccount } from '../api/validate-account.ts';

interface CodeValues {
  code: string;
}

/**
 * The 6-digit code mailed at sign-up. Signed out, `email` names the account; signed in, the
 * server checks the code against the caller.
 */
export function ValidationCodeForm({
  email,
  onValidated,
  secondaryAction,
}: {
  email?: string;
  onValidated: () => void;
  secondaryAction?: ReactNode;
}) {
  const { t } = useTranslation();
  const validate = useValidateAccount();
  const resend = useResendValidationCode();
  const form = useForm<CodeValues>({
    initialValues: { code: '' },
    validate: {
      code: (value) => (ZValidationCode.safeParse(value.trim()).success ? null : 'VALIDATION.CODE'),
    },
  });
  const field = useFieldProps(form);

  const submit = form.onSubmit(({ code }) =>
    validate.mutate({ code: code.trim(), email }, { onSuccess: onValidated }),
  );

  return (
    <form onSubmit={submit} noValidate aria-labelledby="validate-title">
      <Stack gap="md">
        <div>
          <Title order={1} fz={26} id="validate-title">
            {t('AUTH.VALIDATE.TITLE')}
          </Title>
          <Text c="dimmed" mt={4}>
            {email ? t('AUTH.VALIDATE.SUBTITLE', { email }) : t('AUTH.VALIDATE.SUBTITLE_SIGNED_IN')}
          </Text>
        </div>
        <TextInput
          label={t('AUTH.VALIDATE.CODE')}
          description={t('AUTH.VALIDATE.CODE_HINT')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          required
          size="md"
          styles={{ input: { letterSpacing: '0.4em', fontVariantNumeric: 'tabular-nums' } }}
          {...field('code')}
        />
        <ErrorAlert error={validate.error ?? resend.error} />
        {resend.isSuccess && (
          <Alert color="teal" variant="light" icon={<IconMailCheck size={18} aria-hidden />} role="status">
            {t('AUTH.VALIDATE.RESENT')}
          </Alert>
        )}
        <Button type="submit" size="md" fullWidth loading={validate.isPending}>
          {t('AUTH.VALIDATE.SUBMIT')}
        </Button>
        <Group justify="space-between" gap="xs">
          <Button
            variant="subtle"
            size="compact-sm"
            loading={resend.isPending}
            onClick={() => resend.mutate({ email })}
          >
            {t('AUTH.VALIDATE.RESEND')}
          </Button>
          {secondaryAction}
        </Group>
      </Stack>
    </form>
  );
}
