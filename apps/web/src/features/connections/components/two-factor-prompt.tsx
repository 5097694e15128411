import { Button, CloseButton, Group, Image, Paper, Progress, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showError } from '../../../components/widgets/toasts.ts';
import { answerConnectionAuth } from '../api/connections.ts';
import { removeChallenge, type TwoFactorChallenge } from '../two-factor-store.ts';

/** The value sent for the auth types the user only approves (QR code scanned, app approved). */
const APPROVAL_VALUE = 'confirm';

function useRemainingMs(expiresAt: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, []);
  return Math.max(0, expiresAt - now);
}

/**
 * The persistent two-factor toast (spec §4): institution, connection, the QR code or the question, a
 * countdown with a progress bar; the value, then a second confirmation with a way back; the answer goes
 * to the bank connector. The outcome arrives as CONNECTION_STATUS_CHANGED.
 */
export function TwoFactorPrompt({ challenge }: { challenge: TwoFactorChallenge }) {
  const { t } = useTranslation();
  const remaining = useRemainingMs(challenge.expiresAt);
  const [step, setStep] = useState<'enter' | 'confirm'>('enter');
  const [value, setValue] = useState('');
  const [sending, setSending] = useState(false);
  const typed = challenge.authType === 'token' || challenge.authType === 'question';
  const seconds = Math.ceil(remaining / 1000);
  const titleId = `two-factor-title-${challenge.connectionId}`;

  async function send() {
    setSending(true);
    try {
      await answerConnectionAuth(
        challenge.connectionId,
        challenge.authType,
        typed ? value.trim() : APPROVAL_VALUE,
      );
      removeChallenge(challenge.connectionId);
    } catch {
      removeChallenge(challenge.connectionId);
      showError({ message: t('CONNECTIONS.TWO_FACTOR.SEND_FAILED') });
    } finally {
      setSending(false);
    }
  }

  return (
    <Paper
      role="alertdialog"
      aria-labelledby={titleId}
      shadow="lg"
      radius="md"
      p="md"
      withBorder
      data-testid="two-factor-toast"
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <div>
            <Text id={titleId} fw={700} size="sm">
              {t('CONNECTIONS.TWO_FACTOR.TITLE', { institution: challenge.institutionName })}
            </Text>
            <Text size="xs" c="dimmed">
              {challenge.connectionName}
            </Text>
          </div>
          <CloseButton
            size="sm"
            aria-label={t('CONNECTIONS.TWO_FACTOR.DISMISS')}
            onClick={() => removeChallenge(challenge.connectionId)}
          />
        </Group>
        {step === 'enter' ? (
          <>
            <Text size="sm">
              {t(`CONNECTIONS.TWO_FACTOR.INSTRUCTIONS.${challenge.authType.toUpperCase()}`)}
            </Text>
            {challenge.question && (
              <Text size="sm" fw={600} data-testid="two-factor-question">
                {challenge.question}
              </Text>
            )}
            {challenge.qrCode && (
              <Image
                src={challenge.qrCode}
                alt={t('CONNECTIONS.TWO_FACTOR.QR_ALT')}
                w={160}
                h={160}
                mx="auto"
                fit="contain"
              />
            )}
            {typed && (
              <TextInput
                label={t(
                  challenge.authType === 'token'
                    ? 'CONNECTIONS.TWO_FACTOR.TOKEN_LABEL'
                    : 'CONNECTIONS.TWO_FACTOR.ANSWER_LABEL',
                )}
                value={value}
                onChange={(event) => setValue(event.currentTarget.value)}
                autoComplete="one-time-code"
                data-autofocus
              />
            )}
            <Button size="xs" disabled={typed && value.trim() === ''} onClick={() => setStep('confirm')}>
              {t(
                challenge.authType === 'app'
                  ? 'CONNECTIONS.TWO_FACTOR.APPROVED_IN_APP'
                  : challenge.authType === 'qrcode'
                    ? 'CONNECTIONS.TWO_FACTOR.SCANNED'
                    : 'CONNECTIONS.TWO_FACTOR.CONFIRM',
              )}
            </Button>
          </>
        ) : (
          <>
            <Text size="sm">
              {typed
                ? t('CONNECTIONS.TWO_FACTOR.CONFIRM_VALUE', { value: value.trim() })
                : t('CONNECTIONS.TWO_FACTOR.CONFIRM_APPROVAL', { institution: challenge.institutionName })}
            </Text>
            <Group gap="xs" grow>
              <Button size="xs" variant="default" onClick={() => setStep('enter')} disabled={sending}>
                {t('CONNECTIONS.TWO_FACTOR.BACK')}
              </Button>
              <Button size="xs" onClick={() => void send()} loading={sending}>
                {t('CONNECTIONS.TWO_FACTOR.SEND')}
              </Button>
            </Group>
          </>
        )}
        <Progress
          value={(remaining / challenge.durationMs) * 100}
          size="sm"
          aria-label={t('CONNECTIONS.TWO_FACTOR.TIME_LEFT', { seconds })}
          transitionDuration={200}
        />
        <Text size="xs" c="dimmed" data-testid="two-factor-countdown">
          {t('CONNECTIONS.TWO_FACTOR.TIME_LEFT', { seconds })}
        </Text>
      </Stack>
    </Paper>
  );
}
