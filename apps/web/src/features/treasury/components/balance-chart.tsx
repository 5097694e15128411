import '@mantine/charts/styles.css';
import { AreaChart } from '@mantine/charts';
import { Card, Group, SegmentedControl, Skeleton, Text, VisuallyHidden } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { localeOf, useFormatMoney } from '../../../lib/format/money.ts';
import { useDailyBalances } from '../api/get-daily-balances.ts';
import { addDays, todayIso } from './account-kinds.ts';

export type BalancePeriod = '90d' | '12m';

/** The chart's first and last day for a period ending today. */
export function periodRange(period: BalancePeriod, today = todayIso()): { from: string; to: string } {
  return { from: addDays(today, period === '90d' ? -89 : -364), to: today };
}

/**
 * The organization's daily balance (every account, converted to its currency) over 90 days or 12
 * months. Values stay integer minor units; only the labels turn them into money.
 */
export function BalanceChart({ height = 240 }: { height?: number }) {
  const { t, i18n } = useTranslation();
  const money = useFormatMoney();
  const [period, setPeriod] = useState<BalancePeriod>('90d');
  const range = useMemo(() => periodRange(period), [period]);
  const balances = useDailyBalances(range.from, range.to);
  const currency = balances.data?.currency ?? 'EUR';
  const dayFormat = useMemo(
    () =>
      new Intl.DateTimeFormat(localeOf(i18n.language), {
        day: 'numeric',
        month: 'short',
        ...(period === '12m' ? { year: '2-digit' } : {}),
        timeZone: 'UTC',
      }),
    [i18n.language, period],
  );
  const points = balances.data?.total ?? [];
  const first = points[0];
  const last = points.at(-1);

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="balance-chart-title">
      <Group justify="space-between" mb="md" wrap="wrap">
        <Text fw={600} id="balance-chart-title">
          {t('TREASURY.WALLETS.CHART_TITLE')}
        </Text>
        <SegmentedControl
          size="xs"
          value={period}
          onChange={(value) => setPeriod(value as BalancePeriod)}
          aria-label={t('TREASURY.WALLETS.CHART_PERIOD')}
          data={[
            { value: '90d', label: t('TREASURY.WALLETS.PERIOD_90D') },
            { value: '12m', label: t('TREASURY.WALLETS.PERIOD_12M') },
          ]}
        />
      </Group>
      {balances.isError ? (
        <ErrorAlert error={balances.error} />
      ) : balances.isPending ? (
        <Skeleton h={height} radius="md" />
      ) : points.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('TREASURY.WALLETS.CHART_EMPTY')}
        </Text>
      ) : (
        <div role="img" aria-labelledby="balance-chart-title balance-chart-summary">
          <VisuallyHidden id="balance-chart-summary">
            {first && last
              ? t('TREASURY.WALLETS.CHART_SUMMARY', {
                  from: dayFormat.format(new Date(first.date)),
                  to: dayFormat.format(new Date(last.date)),
                  start: money(first.balance, currency),
                  end: money(last.balance, currency),
                })
              : ''}
          </VisuallyHidden>
          <AreaChart
            h={height}
            data={points}
            dataKey="date"
            series={[{ name: 'balance', label: t('TREASURY.WALLETS.BALANCE'), color: 'teal.6' }]}
            curveType="linear"
            withDots={false}
            gridAxis="y"
            valueFormatter={(value) => money(Math.round(value), currency)}
            xAxisProps={{
              tickFormatter: (value: string) => dayFormat.format(new Date(value)),
              minTickGap: 24,
            }}
            yAxisProps={{ width: 96 }}
          />
        </div>
      )}
    </Card>
  );
}
