import { randomId } from '@fluxo/domain/format/ids';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Checks the typed value; answers the i18n key (or text) of the problem, or null when it is fine. */
export type InputCheck = (value: string) => string | null;

export interface TextInputDialogOptions {
  title: ReactNode;
  message?: ReactNode;
  label: string;
  initialValue?: string;
  confirmLabel?: string;
  /** A destructive action: the confirm button is red. */
  danger?: boolean;
  validate?: InputCheck;
}

function TextInputDialogBody({
  message,
  label,
  initialValue = '',
  confirmLabel,
  danger,
  validate,
  onDone,
}: Omit<TextInputDialogOptions, 'title'> & { onDone: (value: string | null) => void }) {
  const { t } = useTranslation();
  const [value, setValue] = useState(initialValue);
  const [error, setError] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);
  const check = (text: string) => validate?.(text) ?? null;

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const problem = check(value);
        setTouched(true);
        setError(problem);
        if (!problem) onDone(value.trim());
      }}
    >
      <Stack gap="md">
        {typeof message === 'string' ? <Text size="sm">{message}</Text> : message}
        <TextInput
          label={label}
          value={value}
          data-autofocus
          onChange={(event) => {
            setValue(event.currentTarget.value);
            if (touched) setError(check(event.currentTarget.value));
          }}
          onBlur={() => {
            setTouched(true);
            setError(check(value));
          }}
          error={error ? t(error) : undefined}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => onDone(null)}>
            {t('DIALOGS.CANCEL')}
          </Button>
          <Button type="submit" color={danger ? 'red' : undefined}>
            {confirmLabel ?? t('DIALOGS.CONFIRM')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Spec §2's text-input dialog: resolves the trimmed value on confirm, null on cancel or dismissal.
 * The value must pass `validate` before it is accepted. Needs the signed-in layout's ModalsProvider.
 */
export function openTextInputDialog({ title, ...options }: TextInputDialogOptions): Promise<string | null> {
  return new Promise((resolve) => {
    const modalId = `text-input-${randomId()}`;
    let answered = false;
    const done = (value: string | null) => {
      if (!answered) {
        answered = true;
        resolve(value);
      }
      modals.close(modalId);
    };
    modals.open({
      modalId,
      title,
      centered: true,
      onClose: () => done(null),
      children: <TextInputDialogBody {...options} onDone={done} />,
    });
  });
}
