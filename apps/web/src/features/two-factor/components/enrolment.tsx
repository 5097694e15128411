import { Button, Code, Group, Image, List, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { useFieldProps } from '../../../lib/forms/use-field-props.ts';
import { useConfirmEnrolment, useStartEnrolment } from '../api/two-factor.ts';
import { CodeField } from './code-field.tsx';
import { RecoveryCodes } from './recovery-codes.tsx';

/** The code as typed, without the spaces some apps show in it. */
const typed = (code: string) => code.replace(/\s/g, '');

/** The key grouped by four for reading and typing; apps ignore the spaces. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * Turning two-factor on: a new secret as a QR code and as a key to type, then a first code from the
 * app to confirm, then the recovery codes, shown once.
 */
export function Enrolment({ onFinished }: { onFinished: () => void }) {
  const { t } = useTranslation();
  const start = useStartEnrolment();
  const confirm = useConfirmEnrolment();
  const form = useForm({
    initialValues: { code: '' },
    validate: { code: (value) => (/^\d{6}$/.test(typed(value)) ? null : 'TWO_FACTOR.CODE_FORMAT') },
  });
  const field = useFieldProps(form);

  if (confirm.data) return <RecoveryCodes codes={confirm.data.recoveryCodes} onDone={onFinished} />;

  if (!start.data) {
    return (
      <Stack gap="sm" align="flex-start">
        <Text>{t('TWO_FACTOR.OFF_TEXT')}</Text>
        <ErrorAlert error={start.error} />
        <Button onClick={() => start.mutate()} loading={start.isPending}>
          {t('TWO_FACTOR.TURN_ON')}
        </Button>
      </Stack>
    );
  }

  const submit = form.onSubmit(({ code }) => confirm.mutate(typed(code)));

  return (
    <form onSubmit={submit} noValidate aria-labelledby="two-factor-setup-title">
      <Stack gap="md">
        <Text fw={600} id="two-factor-setup-title">
          {t('TWO_FACTOR.SETUP.TITLE')}
        </Text>
        <List type="ordered" spacing="sm">
          <List.Item>{t('TWO_FACTOR.SETUP.STEP_APP')}</List.Item>
          <List.Item>
            <Stack gap="xs">
              <Text>{t('TWO_FACTOR.SETUP.STEP_SCAN')}</Text>
              <Image src={start.data.qrCode} alt={t('TWO_FACTOR.SETUP.QR_ALT')} w={200} h={200} />
              <Text size="sm">
                {t('TWO_FACTOR.SETUP.MANUAL')}{' '}
                <Code data-testid="two-factor-secret" aria-label={t('TWO_FACTOR.SETUP.KEY')}>
                  {grouped(start.data.secret)}
                </Code>
              </Text>
            </Stack>
          </List.Item>
          <List.Item>{t('TWO_FACTOR.SETUP.STEP_CODE')}</List.Item>
        </List>
        <CodeField label={t('TWO_FACTOR.SETUP.CODE')} {...field('code')} maw={240} />
        <ErrorAlert error={confirm.error} />
        <Group>
          <Button type="submit" loading={confirm.isPending} disabled={!form.values.code.trim()}>
            {t('TWO_FACTOR.SETUP.CONFIRM')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
