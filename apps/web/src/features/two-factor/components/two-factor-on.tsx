import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { useDisableTwoFactor, useRegenerateRecoveryCodes } from '../api/two-factor.ts';
import { CodeField } from './code-field.tsx';
import { RecoveryCodes } from './recovery-codes.tsx';

type Action = 'disable' | 'recovery';

/** Two-factor is on: how many recovery codes are left; new codes or turning off take a current code. */
export function TwoFactorOn({ recoveryCodesLeft }: { recoveryCodesLeft: number }) {
  const { t } = useTranslation();
  const [action, setAction] = useState<Action | null>(null);
  const [code, setCode] = useState('');
  const disable = useDisableTwoFactor();
  const regenerate = useRegenerateRecoveryCodes();
  const mutation = action === 'disable' ? disable : regenerate;

  if (regenerate.data) {
    return <RecoveryCodes codes={regenerate.data.recoveryCodes} onDone={() => regenerate.reset()} />;
  }

  const close = () => {
    setAction(null);
    setCode('');
    disable.reset();
    regenerate.reset();
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return;
    mutation.mutate(code.trim(), { onSuccess: () => setCode('') });
  };

  return (
    <Stack gap="md">
      <Group gap="sm">
        <Badge color="teal" variant="light">
          {t('TWO_FACTOR.ON')}
        </Badge>
        <Text size="sm">{t('TWO_FACTOR.RECOVERY_LEFT', { count: recoveryCodesLeft })}</Text>
      </Group>
      {action === null ? (
        <Group>
          <Button variant="default" onClick={() => setAction('recovery')}>
            {t('TWO_FACTOR.NEW_RECOVERY_CODES')}
          </Button>
          <Button variant="light" color="red" onClick={() => setAction('disable')}>
            {t('TWO_FACTOR.TURN_OFF')}
          </Button>
        </Group>
      ) : (
        <form
          onSubmit={submit}
          noValidate
          aria-label={t(action === 'disable' ? 'TWO_FACTOR.TURN_OFF' : 'TWO_FACTOR.NEW_RECOVERY_CODES')}
        >
          <Stack gap="sm">
            <Text size="sm">
              {t(action === 'disable' ? 'TWO_FACTOR.TURN_OFF_TEXT' : 'TWO_FACTOR.NEW_RECOVERY_CODES_TEXT')}
            </Text>
            <CodeField
              recovery
              label={t('TWO_FACTOR.CODE_OR_RECOVERY')}
              value={code}
              onChange={(event) => setCode(event.currentTarget.value)}
              maw={320}
              data-autofocus
            />
            <ErrorAlert error={mutation.error} />
            <Group>
              <Button
                type="submit"
                color={action === 'disable' ? 'red' : undefined}
                loading={mutation.isPending}
                disabled={!code.trim()}
              >
                {t(
                  action === 'disable'
                    ? 'TWO_FACTOR.TURN_OFF_CONFIRM'
                    : 'TWO_FACTOR.NEW_RECOVERY_CODES_CONFIRM',
                )}
              </Button>
              <Button variant="subtle" onClick={close}>
                {t('COMMON.CANCEL')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
