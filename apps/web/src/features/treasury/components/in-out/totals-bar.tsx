import type { ContractResponse } from '@fluxo/domain/contract';
import type { listTransactionsContract } from '@fluxo/domain/treasury/contracts';
import { Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AmountText } from './amount-text.tsx';

type Totals = ContractResponse<typeof listTransactionsContract>['totals'];

/** Income, expense and net of the whole filtered set, per currency (transfers count as neither). */
export function TotalsBar({ totals, compact = false }: { totals: Totals; compact?: boolean }) {
  const { t } = useTranslation();
  if (totals.length === 0) return null;
  return (
    <Stack gap={6} aria-label={t('TREASURY.IN_OUT.TOTALS.TITLE')} role="group">
      {totals.map((total) => (
        <Paper key={total.currency} withBorder radius="md" px="md" py={compact ? 6 : 'xs'}>
          <Group gap={compact ? 'sm' : 'xl'} wrap="wrap">
            <Text size="sm" fw={700}>
              {total.currency}
            </Text>
            <Text size="sm" c="dimmed">
              {t('TREASURY.IN_OUT.TOTALS.COUNT', { count: total.count })}
            </Text>
            <Text size="sm">
              {t('TREASURY.IN_OUT.TOTALS.INCOME')}{' '}
              <AmountText amount={total.income} currency={total.currency} size="sm" />
            </Text>
            <Text size="sm">
              {t('TREASURY.IN_OUT.TOTALS.EXPENSE')}{' '}
              <AmountText amount={total.expense} currency={total.currency} size="sm" />
            </Text>
            <Text size="sm">
              {t('TREASURY.IN_OUT.TOTALS.NET')}{' '}
              <AmountText amount={total.net} currency={total.currency} size="sm" />
            </Text>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
