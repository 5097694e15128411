import { CONTACT_SUBJECT_MAX } from '@fluxo/domain/sales/contracts';
import { Alert, Button, Group, Stack, Text, Textarea, TextInput, ThemeIcon } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { type MouseEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog.tsx';
import { useFieldProps } from '../../../lib/forms/use-field-props.ts';
import { useCreateContactRequest } from '../api/create-contact-request.ts';

/** How long the confirmation stays before the modal closes itself. */
export const CONTACT_CONFIRMATION_MS = 3000;

interface ContactValues {
  subject: string;
  message: string;
}

/** Spec §5: both required (REQUIRED_FIELD) once trimmed; the subject at most 250 characters. */
export function validateContact(values: ContactValues): Partial<Record<keyof ContactValues, string>> {
  const subject = values.subject.trim();
  const message = values.message.trim();
  return {
    subject: !subject
      ? 'REQUIRED_FIELD'
      : subject.length > CONTACT_SUBJECT_MAX
        ? 'CONTACT_US.SUBJECT_TOO_LONG'
        : undefined,
    message: !message ? 'REQUIRED_FIELD' : undefined,
  };
}

/**
 * Pressing a button would blur the field first; the blur's error message then pushes the button
 * away before the click lands. Keeping the focus where it is lets the click (and submit) through.
 */
function keepFocus(event: MouseEvent) {
  event.preventDefault();
}

export interface ContactRequestFormProps {
  motive?: string;
  source?: string;
  onClose: () => void;
}

/**
 * The contact request (spec §2, §4): subject and message, validated as they are touched; a second
 * submission while one is on its way is ignored; success shows a confirmation that closes the
 * modal; failure says so (CONTACT_US.REQUEST.ERROR.*).
 */
export function ContactRequestForm({ motive, source, onClose }: ContactRequestFormProps) {
  const { t } = useTranslation();
  const create = useCreateContactRequest();
  const sending = useRef(false);
  const [sent, setSent] = useState(false);
  const form = useForm<ContactValues>({
    initialValues: { subject: '', message: '' },
    validate: (values) => validateContact(values),
    validateInputOnBlur: true,
    validateInputOnChange: true,
  });
  const field = useFieldProps(form);

  useEffect(() => {
    if (!sent) return;
    const timer = setTimeout(onClose, CONTACT_CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [sent, onClose]);

  // A message already typed is not thrown away without asking (the confirm/cancel dialog).
  const [askDiscard, setAskDiscard] = useState(false);
  const cancel = () => {
    const typed = form.values.subject.trim() !== '' || form.values.message.trim() !== '';
    if (typed) setAskDiscard(true);
    else onClose();
  };

  if (sent) {
    return (
      <Stack align="center" ta="center" gap="sm" py="md" role="status">
        <ThemeIcon size={48} radius="xl" color="teal" variant="light">
          <IconCircleCheck size={28} aria-hidden />
        </ThemeIcon>
        <Text fw={600}>{t('CONTACT_US.REQUEST.SUCCESS.TITLE')}</Text>
        <Text size="sm" c="dimmed">
          {t('CONTACT_US.REQUEST.SUCCESS.MESSAGE')}
        </Text>
        <Button variant="default" onClick={onClose}>
          {t('CONTACT_US.CLOSE')}
        </Button>
      </Stack>
    );
  }

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => {
        if (sending.current) return;
        sending.current = true;
        create.mutate(
          {
            title: values.subject.trim(),
            message: values.message.trim(),
            ...(motive ? { motive } : {}),
            ...(source ? { source } : {}),
          },
          {
            onSuccess: () => setSent(true),
            onSettled: () => {
              sending.current = false;
            },
          },
        );
      })}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('CONTACT_US.INTRO')}
        </Text>
        {create.isError && (
          <Alert
            color="red"
            icon={<IconAlertCircle size={18} aria-hidden />}
            title={t('CONTACT_US.REQUEST.ERROR.TITLE')}
            role="alert"
          >
            {t('CONTACT_US.REQUEST.ERROR.MESSAGE')}
          </Alert>
        )}
        <TextInput
          label={t('CONTACT_US.SUBJECT')}
          withAsterisk
          maxLength={CONTACT_SUBJECT_MAX + 50}
          data-autofocus
          {...field('subject')}
        />
        <Textarea
          label={t('CONTACT_US.MESSAGE')}
          withAsterisk
          autosize
          minRows={5}
          maxRows={12}
          {...field('message')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={cancel} onMouseDown={keepFocus} disabled={create.isPending}>
            {t('COMMON.CANCEL')}
          </Button>
          <Button type="submit" loading={create.isPending} onMouseDown={keepFocus}>
            {t('CONTACT_US.SUBMIT')}
          </Button>
        </Group>
      </Stack>
      <ConfirmDialog
        opened={askDiscard}
        title={t('CONTACT_US.DISCARD.TITLE')}
        message={t('CONTACT_US.DISCARD.MESSAGE')}
        confirmLabel={t('CONTACT_US.DISCARD.CONFIRM')}
        cancelLabel={t('CONTACT_US.DISCARD.KEEP')}
        danger
        onConfirm={() => {
          setAskDiscard(false);
          onClose();
        }}
        onCancel={() => setAskDiscard(false)}
      />
    </form>
  );
}
