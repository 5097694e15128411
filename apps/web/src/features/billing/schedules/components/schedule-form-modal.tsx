import type { BillingSchedule } from '@fluxo/domain/billing/schedules-contracts';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Modal,
  Radio,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../../components/error-alert.tsx';
import { showSuccess } from '../../../../components/widgets/toasts.ts';
import { useFormatDate, useFormatMoney } from '../../../../lib/format/money.ts';
import { useSaveSchedule, useScheduleLookups, useSchedulePreview } from '../api/schedules.ts';
import {
  bodyOf,
  emptyForm,
  type FormErrors,
  formatScaled,
  formFromSchedule,
  newLine,
  ruleOf,
  type ScheduleFormState,
} from '../lib/schedule-form.ts';

function localToday(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The next dates the rule gives, or why it is refused (SCHEDULE_RULE_INVALID, translated). */
function NextDates({ form }: { form: ScheduleFormState }) {
  const { t } = useTranslation();
  const date = useFormatDate();
  const preview = useSchedulePreview(ruleOf(form), form.startDate, form.endDate || null);
  if (preview.isError) return <ErrorAlert error={preview.error} />;
  const dates = preview.data?.dates ?? [];
  return (
    <Stack gap={2} aria-live="polite">
      <Text size="sm" fw={600} id="schedule-next-dates">
        {t('BILLING.SCHEDULES.FORM.NEXT_DATES')}
      </Text>
      <Text size="sm" c="dimmed" aria-labelledby="schedule-next-dates">
        {dates.length ? dates.map((item) => date(item)).join(' · ') : t('BILLING.SCHEDULES.FORM.NO_DATES')}
      </Text>
    </Stack>
  );
}

/** Creates a schedule, or edits one (price and line changes apply to the runs to come). */
export function ScheduleFormModal({
  schedule,
  opened,
  onClose,
  fullScreen = false,
}: {
  /** null: a new schedule. */
  schedule: BillingSchedule | null;
  opened: boolean;
  onClose: () => void;
  fullScreen?: boolean;
}) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const lookups = useScheduleLookups();
  const save = useSaveSchedule();
  const [form, setForm] = useState<ScheduleFormState>(() =>
    schedule ? formFromSchedule(schedule) : emptyForm(localToday()),
  );
  const [errors, setErrors] = useState<FormErrors>({});
  const set = <K extends keyof ScheduleFormState>(key: K, value: ScheduleFormState[K]) =>
    setForm((current) => ({ ...current, [key]: value }));
  const setLine = (key: string, patch: Partial<ScheduleFormState['lines'][number]>) =>
    setForm((current) => ({
      ...current,
      lines: current.lines.map((line) => (line.key === key ? { ...line, ...patch } : line)),
    }));
  const error = (path: string) => (errors[path] ? t(errors[path] as string) : undefined);
  const productById = new Map(lookups.products.map((product) => [product.id, product]));
  const currency = schedule?.currency ?? 'EUR';

  const submit = () => {
    const result = bodyOf(form);
    setErrors(result.errors ?? {});
    if (!result.body) return;
    save.mutate(
      { id: schedule?.id ?? null, body: result.body },
      {
        onSuccess: () => {
          showSuccess({
            message: t(schedule ? 'BILLING.SCHEDULES.FORM.SAVED' : 'BILLING.SCHEDULES.FORM.CREATED'),
          });
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="xl"
      title={t(schedule ? 'BILLING.SCHEDULES.FORM.EDIT_TITLE' : 'BILLING.SCHEDULES.FORM.NEW_TITLE')}
      centered={!fullScreen}
      fullScreen={fullScreen}
      closeButtonProps={{ 'aria-label': t('DIALOGS.CLOSE') }}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <ErrorAlert error={lookups.error} />
          {!lookups.isPending && lookups.series.length === 0 && (
            <Alert color="yellow" variant="light">
              {t('BILLING.SCHEDULES.FORM.NO_SERIES')}
            </Alert>
          )}
          <TextInput
            label={t('BILLING.SCHEDULES.FORM.NAME')}
            required
            value={form.name}
            onChange={(event) => set('name', event.currentTarget.value)}
            error={error('name')}
          />
          <Group grow align="flex-start" wrap={fullScreen ? 'wrap' : 'nowrap'}>
            <Select
              label={t('BILLING.SCHEDULES.FORM.CUSTOMER')}
              required
              searchable
              data={lookups.customers.map((party) => ({
                value: party.id,
                label: `${party.name} (${party.taxId})`,
              }))}
              value={form.partyId}
              onChange={(value) => set('partyId', value)}
              error={error('partyId')}
              nothingFoundMessage={t('BILLING.SCHEDULES.FORM.NO_CUSTOMERS')}
            />
            <Select
              label={t('BILLING.SCHEDULES.FORM.SERIES')}
              required
              data={lookups.series.map((series) => ({
                value: series.id,
                label: `${series.documentType} ${series.code}`,
              }))}
              value={form.seriesId}
              onChange={(value) => set('seriesId', value)}
              error={error('seriesId')}
            />
          </Group>

          <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
            <Title order={3} fz="md" component="legend">
              {t('BILLING.SCHEDULES.FORM.LINES')}
            </Title>
            {form.lines.map((line, index) => {
              const product = line.productId ? productById.get(line.productId) : undefined;
              return (
                <Group key={line.key} align="flex-end" gap="xs" wrap={fullScreen ? 'wrap' : 'nowrap'}>
                  <Select
                    flex={3}
                    miw={200}
                    label={t('BILLING.SCHEDULES.FORM.PRODUCT', { n: index + 1 })}
                    searchable
                    data={lookups.products.map((item) => ({
                      value: item.id,
                      label: `${item.code} — ${item.description}`,
                    }))}
                    value={line.productId}
                    onChange={(value) => setLine(line.key, { productId: value })}
                    error={error(`lines.${index}.productId`)}
                  />
                  <TextInput
                    flex={1}
                    miw={80}
                    label={t('BILLING.SCHEDULES.FORM.QUANTITY', { n: index + 1 })}
                    inputMode="decimal"
                    value={line.quantity}
                    onChange={(event) => setLine(line.key, { quantity: event.currentTarget.value })}
                    error={error(`lines.${index}.quantity`)}
                  />
                  <TextInput
                    flex={1}
                    miw={110}
                    label={t('BILLING.SCHEDULES.FORM.UNIT_PRICE', { n: index + 1 })}
                    inputMode="decimal"
                    placeholder={product ? formatScaled(product.unitPrice, 4) : undefined}
                    description={
                      product && !line.unitPrice
                        ? t('BILLING.SCHEDULES.FORM.PRODUCT_PRICE', {
                            price: money(Math.round(product.unitPrice / 100), currency),
                          })
                        : undefined
                    }
                    value={line.unitPrice}
                    onChange={(event) => setLine(line.key, { unitPrice: event.currentTarget.value })}
                    error={error(`lines.${index}.unitPrice`)}
                  />
                  {form.lines.length > 1 && (
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      size="lg"
                      aria-label={t('BILLING.SCHEDULES.FORM.REMOVE_LINE', { n: index + 1 })}
                      onClick={() =>
                        setForm((current) => ({
                          ...current,
                          lines: current.lines.filter((item) => item.key !== line.key),
                        }))
                      }
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  )}
                </Group>
              );
            })}
            <Group>
              <Button
                variant="subtle"
                size="compact-sm"
                leftSection={<IconPlus size={14} aria-hidden />}
                onClick={() => setForm((current) => ({ ...current, lines: [...current.lines, newLine()] }))}
              >
                {t('BILLING.SCHEDULES.FORM.ADD_LINE')}
              </Button>
            </Group>
          </Stack>

          <Radio.Group
            label={t('BILLING.SCHEDULES.FORM.FREQUENCY')}
            value={form.frequency}
            onChange={(value) => set('frequency', value as ScheduleFormState['frequency'])}
          >
            <Group mt={6} gap="md">
              {(['monthly', 'quarterly', 'yearly', 'custom'] as const).map((frequency) => (
                <Radio
                  key={frequency}
                  value={frequency}
                  label={t(`BILLING.SCHEDULES.FREQUENCY.${frequency.toUpperCase()}`)}
                />
              ))}
            </Group>
          </Radio.Group>
          {form.frequency === 'custom' && (
            <TextInput
              label={t('BILLING.SCHEDULES.FORM.RRULE')}
              description={t('BILLING.SCHEDULES.FORM.RRULE_HELP')}
              value={form.customRule}
              onChange={(event) => set('customRule', event.currentTarget.value)}
              ff="monospace"
            />
          )}
          <Group grow align="flex-start">
            <TextInput
              type="date"
              label={t('BILLING.SCHEDULES.FORM.START')}
              required
              value={form.startDate}
              onChange={(event) => set('startDate', event.currentTarget.value)}
              error={error('startDate')}
            />
            <TextInput
              type="date"
              label={t('BILLING.SCHEDULES.FORM.END')}
              value={form.endDate}
              onChange={(event) => set('endDate', event.currentTarget.value)}
              error={error('endDate')}
            />
          </Group>
          {form.frequency !== 'custom' && Number(form.startDate.slice(8, 10)) > 28 && (
            <Text size="xs" c="dimmed">
              {t('BILLING.SCHEDULES.FORM.MONTH_END')}
            </Text>
          )}
          <NextDates form={form} />

          <Radio.Group
            label={t('BILLING.SCHEDULES.FORM.ACTION')}
            value={form.action}
            onChange={(value) => set('action', value as ScheduleFormState['action'])}
          >
            <Stack mt={6} gap={6}>
              <Radio value="issue" label={t('BILLING.SCHEDULES.ACTION.ISSUE')} />
              <Radio value="draft" label={t('BILLING.SCHEDULES.ACTION.DRAFT')} />
            </Stack>
          </Radio.Group>
          <Switch
            label={t('BILLING.SCHEDULES.FORM.SEND_EMAIL')}
            checked={form.action === 'issue' && form.sendEmail}
            disabled={form.action !== 'issue'}
            onChange={(event) => set('sendEmail', event.currentTarget.checked)}
          />

          {save.isError && <ErrorAlert error={save.error} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('COMMON.CANCEL')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t(schedule ? 'BILLING.SCHEDULES.FORM.SAVE' : 'BILLING.SCHEDULES.FORM.CREATE')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
