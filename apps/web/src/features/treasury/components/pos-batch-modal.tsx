import { Button, Group, Modal, NumberInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { fieldErrorsOf } from '../../../lib/api/errors.ts';
import { useFormatMoney } from '../../../lib/format/money.ts';
import { parseMoneyInput } from '../../../lib/format/money-input.ts';
import { useFieldProps } from '../../../lib/forms/use-field-props.ts';
import { useCreatePosBatch } from '../api/pos.ts';
import type { Terminal } from '../hooks/use-pos-page.ts';
import { todayIso } from './account-kinds.ts';

interface Values {
  accountId: string | null;
  batchDate: string;
  reference: string;
  salesCount: number | string;
  gross: string;
  fees: string;
  expectedSettlementDate: string;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export function validateBatch(values: Values): Partial<Record<keyof Values, string>> {
  const errors: Partial<Record<keyof Values, string>> = {};
  if (!values.accountId) errors.accountId = 'VALIDATION.REQUIRED_FIELD';
  if (!ISO_DATE.test(values.batchDate)) errors.batchDate = 'VALIDATION.REQUIRED_FIELD';
  if (values.reference.trim() === '') errors.reference = 'VALIDATION.REQUIRED_FIELD';
  if (typeof values.salesCount !== 'number' || values.salesCount < 0)
    errors.salesCount = 'VALIDATION.REQUIRED_FIELD';
  for (const key of ['gross', 'fees'] as const) {
    if (values[key].trim() === '') errors[key] = 'VALIDATION.REQUIRED_FIELD';
    else if (parseMoneyInput(values[key]) === null) errors[key] = 'TREASURY.ACCOUNT.AMOUNT_INVALID';
  }
  if (values.expectedSettlementDate !== '' && !ISO_DATE.test(values.expectedSettlementDate))
    errors.expectedSettlementDate = 'VALIDATION.REQUIRED_FIELD';
  return errors;
}

/** "Add batch": a day's card sales of a terminal, with the acquirer's fees; the net is what the bank should receive. */
export function PosBatchModal({
  opened,
  onClose,
  terminals,
  fullScreen = false,
}: {
  opened: boolean;
  onClose: () => void;
  terminals: Terminal[];
  fullScreen?: boolean;
}) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const create = useCreatePosBatch();
  const form = useForm<Values>({
    initialValues: {
      accountId: terminals[0]?.id ?? null,
      batchDate: todayIso(),
      reference: '',
      salesCount: 0,
      gross: '',
      fees: '0',
      expectedSettlementDate: '',
    },
    validate: validateBatch,
  });
  const field = useFieldProps(form);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a fresh form each time the dialog opens
  useEffect(() => {
    if (!opened) return;
    form.reset();
    form.setFieldValue('accountId', terminals[0]?.id ?? null);
    create.reset();
  }, [opened]);

  const terminal = terminals.find((item) => item.id === form.values.accountId);
  const gross = parseMoneyInput(form.values.gross);
  const fees = parseMoneyInput(form.values.fees);
  const net = gross !== null && fees !== null ? gross - Math.abs(fees) : null;

  async function submit(values: Values) {
    try {
      await create.mutateAsync({
        accountId: values.accountId ?? '',
        batchDate: values.batchDate,
        reference: values.reference.trim(),
        salesCount: Number(values.salesCount),
        gross: parseMoneyInput(values.gross) ?? 0,
        fees: Math.abs(parseMoneyInput(values.fees) ?? 0),
        expectedSettlementDate: values.expectedSettlementDate || null,
      });
      onClose();
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (Object.keys(fields).length) form.setErrors(fields);
    }
  }

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('TREASURY.POS.ADD_BATCH')}
      centered={!fullScreen}
      fullScreen={fullScreen}
      size="lg"
      closeButtonProps={{ 'aria-label': t('DIALOGS.CLOSE') }}
    >
      <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
        <Stack gap="md">
          <Select
            label={t('TREASURY.POS.TERMINAL')}
            data={terminals.map((item) => ({ value: item.id, label: item.name }))}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            {...field('accountId')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput type="date" label={t('TREASURY.POS.BATCH_DATE')} {...field('batchDate')} />
            <TextInput label={t('TREASURY.POS.REFERENCE')} maxLength={100} {...field('reference')} />
            <NumberInput
              label={t('TREASURY.POS.SALES_COUNT')}
              min={0}
              allowDecimal={false}
              allowNegative={false}
              {...field('salesCount')}
            />
            <TextInput
              type="date"
              label={t('TREASURY.POS.EXPECTED_SETTLEMENT')}
              {...field('expectedSettlementDate')}
            />
            <TextInput
              label={t('TREASURY.POS.GROSS')}
              inputMode="decimal"
              description={t('TREASURY.ACCOUNT.AMOUNT_HINT')}
              {...field('gross')}
            />
            <TextInput
              label={t('TREASURY.POS.FEES')}
              inputMode="decimal"
              description={t('TREASURY.ACCOUNT.AMOUNT_HINT')}
              {...field('fees')}
            />
          </SimpleGrid>
          {net !== null && terminal && (
            <Text size="sm" aria-live="polite">
              {t('TREASURY.POS.NET_PREVIEW', { amount: money(net, terminal.currency) })}
            </Text>
          )}
          {create.error && Object.keys(fieldErrorsOf(create.error)).length === 0 && (
            <ErrorAlert error={create.error} />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('TREASURY.ACCOUNT.CANCEL')}
            </Button>
            <Button type="submit" loading={create.isPending} disabled={terminals.length === 0}>
              {t('TREASURY.ACCOUNT.SAVE')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
