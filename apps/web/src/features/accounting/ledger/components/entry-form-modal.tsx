import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiErrorMessage } from '../../../../components/api-error-message.tsx';
import { showSuccess } from '../../../../components/widgets/toasts.ts';
import { useFormatMoney } from '../../../../lib/format/money.ts';
import { currencyMinorDigits } from '../../../../lib/format/money-input.ts';
import { useAccounts } from '../../chart/api/chart.ts';
import { todayIso } from '../../lib/variant.ts';
import { useCreateEntry, useJournals } from '../api/ledger.ts';
import {
  type EntryFormErrors,
  type EntryValues,
  emptyLine,
  entryBody,
  entryTotals,
} from '../lib/entry-form.ts';

/** A manual entry: journal, date, description and its lines; the difference shown as it is typed. */
export function EntryFormModal({
  opened,
  onClose,
  currency,
  fullScreen,
}: {
  opened: boolean;
  onClose: () => void;
  currency: string;
  fullScreen: boolean;
}) {
  const { t } = useTranslation();
  const formatMoney = useFormatMoney();
  const digits = currencyMinorDigits(currency);
  const journals = useJournals();
  const accounts = useAccounts({});
  const create = useCreateEntry();
  const general = journals.data?.items.find((journal) => journal.kind === 'general')?.id ?? '';
  const [values, setValues] = useState<EntryValues>(() => ({
    journalId: '',
    date: todayIso(),
    description: '',
    lines: [emptyLine(), emptyLine()],
  }));
  const [errors, setErrors] = useState<EntryFormErrors>({});
  const journalId = values.journalId || general;
  const totals = entryTotals(values.lines, digits);
  const accountOptions = useMemo(
    () =>
      (accounts.data?.items ?? [])
        .filter((account) => account.groupingCategory === 'GM' && !account.archived)
        .map((account) => ({ value: account.code, label: `${account.code} — ${account.name}` })),
    [accounts.data],
  );
  const setLine = (index: number, patch: Partial<EntryValues['lines'][number]>) =>
    setValues((current) => ({
      ...current,
      lines: current.lines.map((line, i) => (i === index ? { ...line, ...patch } : line)),
    }));
  const error = (key: string) => (errors[key] ? t(errors[key]) : undefined);

  const submit = () => {
    const result = entryBody({ ...values, journalId }, digits);
    if (result.errors) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    create.mutate(result.body, {
      onSuccess: (entry) => {
        showSuccess({ message: t('ACCOUNTING.LEDGER.FORM.POSTED', { reference: entry.reference }) });
        setValues({ journalId: '', date: todayIso(), description: '', lines: [emptyLine(), emptyLine()] });
        onClose();
      },
    });
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('ACCOUNTING.LEDGER.FORM.TITLE')}
      closeButtonProps={{ 'aria-label': t('DIALOGS.CLOSE') }}
      size="xl"
      fullScreen={fullScreen}
      centered={!fullScreen}
    >
      <form
        noValidate
        aria-label={t('ACCOUNTING.LEDGER.FORM.TITLE')}
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          <SimpleGrid cols={fullScreen ? 1 : 3}>
            <Select
              label={t('ACCOUNTING.LEDGER.JOURNAL')}
              data={(journals.data?.items ?? []).map((journal) => ({
                value: journal.id,
                label: `${journal.code} — ${journal.name}`,
              }))}
              value={journalId || null}
              onChange={(value) => setValues((current) => ({ ...current, journalId: value ?? '' }))}
              allowDeselect={false}
              error={error('journalId')}
              required
            />
            <TextInput
              type="date"
              label={t('ACCOUNTING.LEDGER.DATE')}
              value={values.date}
              onChange={(event) => setValues((current) => ({ ...current, date: event.currentTarget.value }))}
              error={error('date')}
              required
            />
            <TextInput
              label={t('ACCOUNTING.LEDGER.DESCRIPTION')}
              value={values.description}
              onChange={(event) =>
                setValues((current) => ({ ...current, description: event.currentTarget.value }))
              }
              maxLength={200}
              error={error('description')}
              required
            />
          </SimpleGrid>
          <Text fw={600} component="h3" size="sm" m={0}>
            {t('ACCOUNTING.LEDGER.LINES')}
          </Text>
          {values.lines.map((line, index) => (
            <Group
              key={line.key}
              align="flex-start"
              gap="xs"
              wrap={fullScreen ? 'wrap' : 'nowrap'}
              role="group"
              aria-label={t('ACCOUNTING.LEDGER.FORM.LINE', { number: index + 1 })}
            >
              <Select
                style={{ flex: 3, minWidth: fullScreen ? '100%' : 200 }}
                label={t('ACCOUNTING.LEDGER.ACCOUNT')}
                data={accountOptions}
                value={line.accountCode || null}
                onChange={(value) => setLine(index, { accountCode: value ?? '' })}
                searchable
                error={error(`lines.${index}.accountCode`)}
              />
              <TextInput
                style={{ flex: 1 }}
                label={t('ACCOUNTING.LEDGER.DEBIT')}
                inputMode="decimal"
                value={line.debit}
                onChange={(event) => setLine(index, { debit: event.currentTarget.value })}
                error={error(`lines.${index}.debit`)}
              />
              <TextInput
                style={{ flex: 1 }}
                label={t('ACCOUNTING.LEDGER.CREDIT')}
                inputMode="decimal"
                value={line.credit}
                onChange={(event) => setLine(index, { credit: event.currentTarget.value })}
                error={error(`lines.${index}.credit`)}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                mt={26}
                disabled={values.lines.length <= 2}
                onClick={() =>
                  setValues((current) => ({ ...current, lines: current.lines.filter((_, i) => i !== index) }))
                }
                aria-label={t('ACCOUNTING.LEDGER.FORM.REMOVE_LINE', { number: index + 1 })}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          ))}
          <Group justify="space-between">
            <Button
              variant="light"
              leftSection={<IconPlus size={16} />}
              onClick={() => setValues((current) => ({ ...current, lines: [...current.lines, emptyLine()] }))}
            >
              {t('ACCOUNTING.LEDGER.FORM.ADD_LINE')}
            </Button>
            <Text
              size="sm"
              aria-live="polite"
              data-testid="entry-difference"
              c={totals.difference === 0 ? 'teal' : 'red'}
            >
              {t('ACCOUNTING.LEDGER.FORM.TOTALS', {
                debit: formatMoney(totals.debit, currency),
                credit: formatMoney(totals.credit, currency),
                difference: formatMoney(totals.difference, currency),
              })}
            </Text>
          </Group>
          {errors.balance && (
            <Alert color="red" role="alert">
              {t(errors.balance)}
            </Alert>
          )}
          {create.error ? (
            <Alert color="red" role="alert">
              <ApiErrorMessage error={create.error} />
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('DIALOGS.CANCEL')}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t('ACCOUNTING.LEDGER.FORM.POST')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
