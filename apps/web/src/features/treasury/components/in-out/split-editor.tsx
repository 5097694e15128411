import type { Transaction } from '@fluxo/domain/treasury/model';
import { ActionIcon, Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatMoney } from '../../../../lib/format/money.ts';
import { currencyMinorDigits } from '../../../../lib/format/money-input.ts';
import { useSplitTransaction } from '../../api/transactions-split.ts';
import type { InOutLookups } from '../../hooks/use-in-out-lookups.ts';
import { CategorySelect } from './category-select.tsx';
import { MoneyInput } from './money-input.tsx';
import { toastApiError } from './toast-api-error.tsx';

interface DraftPart {
  key: number;
  /** The part's size, without sign: it takes the movement's sign. */
  magnitude: number | null;
  categoryId: string | null;
  description: string;
}

let nextKey = 1;
const draft = (magnitude: number | null, categoryId: string | null, description = ''): DraftPart => ({
  key: nextKey++,
  magnitude,
  categoryId,
  description,
});

/** What is left to share out: the movement's size minus the parts typed so far. */
export function remainingOf(amount: number, parts: readonly { magnitude: number | null }[]): number {
  return Math.abs(amount) - parts.reduce((sum, part) => sum + (part.magnitude ?? 0), 0);
}

/**
 * Splits a movement into parts, each with its own category. Parts are typed as sizes and take the
 * movement's sign; the remaining amount updates as one types, and saving waits until it is zero.
 */
export function SplitEditor({
  transaction,
  lookups,
  onDone,
}: {
  transaction: Transaction;
  lookups: InOutLookups;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const formatMoney = useFormatMoney();
  const digits = currencyMinorDigits(transaction.currency);
  const sign = transaction.amount < 0 ? -1 : 1;
  const kinds = sign < 0 ? (['expense', 'income'] as const) : (['income', 'expense'] as const);
  const [parts, setParts] = useState<DraftPart[]>(() =>
    transaction.parts.length > 0
      ? transaction.parts.map((part) => draft(Math.abs(part.amount), part.categoryId, part.description ?? ''))
      : [draft(Math.abs(transaction.amount), transaction.categoryId), draft(null, null)],
  );
  const split = useSplitTransaction();
  const remaining = remainingOf(transaction.amount, parts);
  const complete = parts.length >= 2 && remaining === 0 && parts.every((part) => (part.magnitude ?? 0) > 0);

  const change = (key: number, patch: Partial<DraftPart>) =>
    setParts((current) => current.map((part) => (part.key === key ? { ...part, ...patch } : part)));

  const save = (list: DraftPart[]) =>
    split.mutate(
      {
        id: transaction.id,
        parts: list.map((part) => ({
          amount: sign * (part.magnitude ?? 0),
          categoryId: part.categoryId,
          description: part.description.trim() || null,
        })),
      },
      { onSuccess: onDone, onError: toastApiError },
    );

  return (
    <Stack gap="sm" role="group" aria-label={t('TREASURY.IN_OUT.SPLIT.TITLE')}>
      <Text size="sm" c="dimmed">
        {t('TREASURY.IN_OUT.SPLIT.HINT', { amount: formatMoney(transaction.amount, transaction.currency) })}
      </Text>
      {parts.map((part, index) => (
        <Group key={part.key} align="flex-end" gap="xs" wrap="wrap">
          <MoneyInput
            w={130}
            label={t('TREASURY.IN_OUT.SPLIT.PART_AMOUNT', { n: index + 1 })}
            minorDigits={digits}
            value={part.magnitude}
            onChange={(magnitude) =>
              change(part.key, { magnitude: magnitude === null ? null : Math.abs(magnitude) })
            }
          />
          <CategorySelect
            style={{ flex: 1, minWidth: 180 }}
            lookups={lookups}
            kinds={kinds}
            label={t('TREASURY.IN_OUT.SPLIT.PART_CATEGORY', { n: index + 1 })}
            value={part.categoryId}
            onChange={(categoryId) => change(part.key, { categoryId })}
          />
          <TextInput
            style={{ flex: 1, minWidth: 140 }}
            label={t('TREASURY.IN_OUT.SPLIT.PART_DESCRIPTION', { n: index + 1 })}
            value={part.description}
            maxLength={300}
            onChange={(event) => change(part.key, { description: event.currentTarget.value })}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            disabled={parts.length <= 2}
            aria-label={t('TREASURY.IN_OUT.SPLIT.REMOVE_PART', { n: index + 1 })}
            onClick={() => setParts((current) => current.filter((item) => item.key !== part.key))}
          >
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Group>
      ))}
      <Group justify="space-between">
        <Button
          variant="subtle"
          size="xs"
          leftSection={<IconPlus size={14} aria-hidden />}
          disabled={parts.length >= 50}
          onClick={() => setParts((current) => [...current, draft(remaining > 0 ? remaining : null, null)])}
        >
          {t('TREASURY.IN_OUT.SPLIT.ADD_PART')}
        </Button>
        <Text
          size="sm"
          fw={600}
          c={remaining === 0 ? 'teal.9' : 'red.9'}
          aria-live="polite"
          data-testid="split-remaining"
        >
          {t('TREASURY.IN_OUT.SPLIT.REMAINING', {
            amount: formatMoney(sign * remaining, transaction.currency),
          })}
        </Text>
      </Group>
      {!complete && remaining !== 0 && (
        <Alert color="yellow" variant="light" p="xs">
          {t('TREASURY.IN_OUT.SPLIT.MUST_SUM')}
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        {transaction.isSplit && (
          <Button variant="default" color="red" onClick={() => save([])} loading={split.isPending}>
            {t('TREASURY.IN_OUT.SPLIT.UNSPLIT')}
          </Button>
        )}
        <Button variant="default" onClick={onDone}>
          {t('DIALOGS.CANCEL')}
        </Button>
        <Button disabled={!complete} onClick={() => save(parts)} loading={split.isPending}>
          {t('TREASURY.IN_OUT.SPLIT.SAVE')}
        </Button>
      </Group>
    </Stack>
  );
}
