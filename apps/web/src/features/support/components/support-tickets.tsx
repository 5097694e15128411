import { formatFileSize } from '@fluxo/domain/format/file-size';
import { ATTACHMENTS_PER_TICKET, TICKET_CATEGORIES } from '@fluxo/domain/sales/contracts';
import {
  Alert,
  Badge,
  Button,
  Card,
  FileButton,
  Group,
  List,
  Loader,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconPaperclip } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiErrorMessage } from '../../../components/api-error-message.tsx';
import { showSuccess } from '../../../components/widgets/toasts.ts';
import { errorMessageKeyOf } from '../../../lib/api/errors.ts';
import { useFieldProps } from '../../../lib/forms/use-field-props.ts';
import { currentLanguage } from '../../../lib/i18n/i18n.ts';
import {
  ATTACHMENT_ACCEPT,
  attachmentProblem,
  type SupportTicket,
  type TicketInput,
  useCreateTicket,
  useTickets,
  useUploadAttachment,
} from '../api/tickets.ts';
import { validateContact } from './contact-request-form.tsx';

type Category = (typeof TICKET_CATEGORIES)[number];

function NewTicketForm() {
  const { t } = useTranslation();
  const create = useCreateTicket();
  const form = useForm<{ subject: string; message: string; category: Category }>({
    initialValues: { subject: '', message: '', category: 'question' },
    validate: (values) => validateContact(values),
    validateInputOnBlur: true,
  });
  const field = useFieldProps(form);
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => {
        if (create.isPending) return;
        const body: TicketInput = {
          subject: values.subject.trim(),
          message: values.message.trim(),
          category: values.category,
        };
        create.mutate(body, {
          onSuccess: () => {
            form.reset();
            showSuccess({ message: t('SUPPORT.TICKETS.CREATED') });
          },
        });
      })}
    >
      <Stack gap="sm">
        <Title order={3} fz="md">
          {t('SUPPORT.TICKETS.NEW')}
        </Title>
        {create.isError && (
          <Alert color="red" role="alert" icon={<IconAlertCircle size={18} aria-hidden />}>
            <ApiErrorMessage error={create.error} />
          </Alert>
        )}
        <Group grow align="flex-start">
          <TextInput label={t('CONTACT_US.SUBJECT')} withAsterisk {...field('subject')} />
          <Select
            label={t('SUPPORT.TICKETS.CATEGORY')}
            allowDeselect={false}
            data={TICKET_CATEGORIES.map((value) => ({
              value,
              label: t(`SUPPORT.CATEGORIES.${value.toUpperCase()}`),
            }))}
            {...form.getInputProps('category')}
          />
        </Group>
        <Textarea label={t('CONTACT_US.MESSAGE')} withAsterisk autosize minRows={3} {...field('message')} />
        <Group justify="flex-end">
          <Button type="submit" loading={create.isPending}>
            {t('SUPPORT.TICKETS.OPEN')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function TicketCard({ ticket }: { ticket: SupportTicket }) {
  const { t } = useTranslation();
  const upload = useUploadAttachment();
  const [problem, setProblem] = useState<string | null>(null);
  const full = ticket.attachments.length >= ATTACHMENTS_PER_TICKET;

  const attach = (file: File | null) => {
    if (!file) return;
    const reason = attachmentProblem(file, ticket.attachments.length);
    setProblem(reason);
    if (reason) return;
    upload.mutate(
      { ticketId: ticket.id, file },
      { onError: (error) => setProblem(errorMessageKeyOf(error)) },
    );
  };

  return (
    <Card withBorder radius="md" padding="md" component="li" aria-label={ticket.subject}>
      <Group justify="space-between" wrap="nowrap" gap="sm" mb={4}>
        <Text fw={600} lineClamp={1}>
          {ticket.subject}
        </Text>
        <Badge variant="light">{t(`SUPPORT.CATEGORIES.${ticket.category.toUpperCase()}`)}</Badge>
      </Group>
      <Text size="xs" c="dimmed" mb="xs">
        #{ticket.id} ·{' '}
        {new Date(ticket.createdAt).toLocaleString(currentLanguage() === 'gb' ? 'en-GB' : currentLanguage())}
      </Text>
      <Text size="sm" mb="sm" style={{ whiteSpace: 'pre-wrap' }} lineClamp={4}>
        {ticket.message}
      </Text>
      {ticket.attachments.length > 0 && (
        <List
          size="sm"
          spacing={2}
          mb="sm"
          aria-label={t('SUPPORT.TICKETS.ATTACHMENTS')}
          icon={<IconPaperclip size={14} aria-hidden />}
        >
          {ticket.attachments.map((attachment) => (
            <List.Item key={attachment.id}>
              {attachment.fileName}{' '}
              <Text span size="xs" c="dimmed">
                ({formatFileSize(attachment.size)})
              </Text>
            </List.Item>
          ))}
        </List>
      )}
      {problem && (
        <Alert color="red" role="alert" mb="sm" py={6}>
          {t(problem)}
        </Alert>
      )}
      <Group justify="space-between" gap="xs">
        <Text size="xs" c="dimmed">
          {t('SUPPORT.TICKETS.ATTACHMENT_RULES', { count: ATTACHMENTS_PER_TICKET })}
        </Text>
        <FileButton onChange={attach} accept={ATTACHMENT_ACCEPT} disabled={full || upload.isPending}>
          {(props) => (
            <Button
              {...props}
              size="xs"
              variant="light"
              leftSection={<IconPaperclip size={14} aria-hidden />}
              loading={upload.isPending}
              disabled={full}
              aria-label={t('SUPPORT.TICKETS.ATTACH_TO', { subject: ticket.subject })}
            >
              {t('SUPPORT.TICKETS.ATTACH')}
            </Button>
          )}
        </FileButton>
      </Group>
    </Card>
  );
}

/** Support tickets (spec §2, §7): open one, attach files to it, see the ones already opened. */
export function SupportTickets() {
  const { t } = useTranslation();
  const tickets = useTickets();
  return (
    <Stack gap="lg">
      <NewTicketForm />
      <Stack gap="sm">
        <Title order={3} fz="md">
          {t('SUPPORT.TICKETS.MINE')}
        </Title>
        {tickets.isPending ? (
          <Loader size="sm" aria-label={t('COMMON.LOADING')} />
        ) : tickets.isError ? (
          <Alert color="red" role="alert">
            <ApiErrorMessage error={tickets.error} />
          </Alert>
        ) : tickets.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('SUPPORT.TICKETS.NONE')}
          </Text>
        ) : (
          <Stack
            component="ul"
            gap="sm"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-label={t('SUPPORT.TICKETS.MINE')}
          >
            {tickets.data.map((ticket) => (
              <TicketCard key={ticket.id} ticket={ticket} />
            ))}
          </Stack>
        )}
      </Stack>
    </Stack>
  );
}
