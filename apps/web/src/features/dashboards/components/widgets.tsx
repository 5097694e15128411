import '@mantine/charts/styles.css';
import type { DashboardAging, DashboardWidget } from '@fluxo/domain/dashboards/contracts';
import { AreaChart, BarChart } from '@mantine/charts';
import { Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatDate, useFormatMoney } from '../../../lib/format/money.ts';
import type { Dashboard } from '../api/dashboards.ts';

type Data = Dashboard['data'];

function Empty({ children }: { children: ReactNode }) {
  return (
    <Text c="dimmed" size="sm">
      {children}
    </Text>
  );
}

function Balances({ data }: { data: NonNullable<Data['balances']> }) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  return (
    <Stack gap="sm">
      <div>
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          {t('DASHBOARDS.BALANCES.TOTAL', { currency: data.total.currency })}
        </Text>
        <Text fz={28} fw={700} data-testid="dashboard-total-balance">
          {money(data.total.balance, data.total.currency)}
        </Text>
        {data.total.missingRates.length > 0 && (
          <Text size="xs" c="red.9" role="note">
            {t('DASHBOARDS.BALANCES.MISSING_RATES', { currencies: data.total.missingRates.join(', ') })}
          </Text>
        )}
      </div>
      {data.accounts.length === 0 ? (
        <Empty>{t('DASHBOARDS.BALANCES.EMPTY')}</Empty>
      ) : (
        <Table fz="sm" verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('DASHBOARDS.BALANCES.ACCOUNT')}</Table.Th>
              <Table.Th ta="right">{t('DASHBOARDS.BALANCES.BALANCE')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.accounts.map((account) => (
              <Table.Tr key={account.id}>
                <Table.Td>{account.name}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {money(account.balance, account.currency)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

function DailyBalances({ data }: { data: NonNullable<Data['dailyBalances']> }) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const date = useFormatDate();
  const first = data.points[0];
  const last = data.points.at(-1);
  if (!first || !last) return <Empty>{t('DASHBOARDS.DAILY_BALANCES.EMPTY')}</Empty>;
  return (
    <div
      role="img"
      aria-label={t('DASHBOARDS.DAILY_BALANCES.SUMMARY', {
        from: date(first.date),
        to: date(last.date),
        start: money(first.balance, data.currency),
        end: money(last.balance, data.currency),
      })}
    >
      <AreaChart
        h={200}
        data={data.points}
        dataKey="date"
        series={[{ name: 'balance', label: t('DASHBOARDS.BALANCES.BALANCE'), color: 'teal.6' }]}
        valueFormatter={(value) => money(value, data.currency)}
        withDots={false}
        withXAxis={false}
        yAxisProps={{ width: 90 }}
        curveType="linear"
      />
    </div>
  );
}

const BUCKETS = ['notDue', 'days1to30', 'days31to60', 'days61to90', 'over90'] as const;

function Aging({ data }: { data: { asOf: string; totals: DashboardAging[] } }) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  if (data.totals.length === 0) return <Empty>{t('DASHBOARDS.AGING.EMPTY')}</Empty>;
  const [main, ...others] = data.totals;
  if (!main) return null;
  const bars = BUCKETS.map((bucket) => ({
    bucket: t(`DASHBOARDS.AGING.${bucket.toUpperCase()}`),
    amount: main[bucket],
  }));
  return (
    <Stack gap="xs">
      <Group justify="space-between" wrap="wrap">
        <div>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {t('DASHBOARDS.AGING.OPEN')}
          </Text>
          <Text fz={22} fw={700}>
            {money(main.open, main.currency)}
          </Text>
        </div>
        <div>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {t('DASHBOARDS.AGING.OVERDUE')}
          </Text>
          <Text fz={22} fw={700} c={main.overdue > 0 ? 'red.9' : undefined}>
            {money(main.overdue, main.currency)}
          </Text>
        </div>
      </Group>
      <VisuallyHidden>
        <ul>
          {bars.map((bar) => (
            <li key={bar.bucket}>{`${bar.bucket}: ${money(bar.amount, main.currency)}`}</li>
          ))}
        </ul>
      </VisuallyHidden>
      <div aria-hidden>
        <BarChart
          h={160}
          data={bars}
          dataKey="bucket"
          series={[{ name: 'amount', label: t('DASHBOARDS.AGING.AMOUNT'), color: 'blue.6' }]}
          valueFormatter={(value) => money(value, main.currency)}
          yAxisProps={{ width: 90 }}
        />
      </div>
      {others.map((total) => (
        <Text key={total.currency} size="sm">
          {t('DASHBOARDS.AGING.OTHER_CURRENCY', {
            open: money(total.open, total.currency),
            overdue: money(total.overdue, total.currency),
          })}
        </Text>
      ))}
    </Stack>
  );
}

function Unreconciled({ data }: { data: NonNullable<Data['unreconciled']> }) {
  const { t } = useTranslation();
  if (data.total === 0) return <Empty>{t('DASHBOARDS.UNRECONCILED.NONE')}</Empty>;
  return (
    <Stack gap="xs">
      <Text fz={28} fw={700} data-testid="dashboard-unreconciled">
        {data.total}
      </Text>
      <Text size="sm" c="dimmed">
        {t('DASHBOARDS.UNRECONCILED.TEXT', { count: data.total })}
      </Text>
      {data.accounts.map((account) => (
        <Group key={account.id} justify="space-between" wrap="nowrap">
          <Text size="sm">{account.name}</Text>
          <Text size="sm" fw={600}>
            {account.unreconciled}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

function DocumentsToAttach({ data }: { data: NonNullable<Data['documentsToAttach']> }) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  if (data.count === 0) return <Empty>{t('DASHBOARDS.DOCUMENTS.NONE')}</Empty>;
  return (
    <Stack gap="xs">
      <Text fz={28} fw={700}>
        {data.count}
      </Text>
      <Text size="sm" c="dimmed">
        {t('DASHBOARDS.DOCUMENTS.TEXT', { count: data.count })}
      </Text>
      {data.totals.map((total) => (
        <Text key={total.currency} size="sm">
          {t('DASHBOARDS.DOCUMENTS.AMOUNT', { amount: money(total.amount, total.currency) })}
        </Text>
      ))}
    </Stack>
  );
}

function TaxDeadlines({ data }: { data: NonNullable<Data['taxDeadlines']> }) {
  const { t } = useTranslation();
  const date = useFormatDate();
  return (
    <Stack gap="xs">
      <Table fz="sm" verticalSpacing={4}>
        <Table.Tbody>
          {data.items.map((item) => (
            <Table.Tr key={`${item.kind}-${item.period}`}>
              <Table.Td>
                {t(item.kind === 'vatReturn' ? 'DASHBOARDS.TAX.VAT_RETURN' : 'DASHBOARDS.TAX.VAT_PAYMENT', {
                  period: item.period,
                })}
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {date(item.due)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="xs" c="dimmed">
        {t(data.regime === 'monthly' ? 'DASHBOARDS.TAX.MONTHLY' : 'DASHBOARDS.TAX.QUARTERLY')}{' '}
        {t(
          data.basis === 'organization'
            ? 'DASHBOARDS.TAX.BASIS_ORGANIZATION'
            : 'DASHBOARDS.TAX.BASIS_COUNTRY',
        )}
      </Text>
    </Stack>
  );
}

/** What a widget shows, from the dashboard's data; a note when its figures have not arrived yet. */
export function WidgetBody({ widget, data }: { widget: DashboardWidget; data: Data }) {
  const { t } = useTranslation();
  const pending = <Empty>{t('COMMON.LOADING')}</Empty>;
  switch (widget) {
    case 'balances':
      return data.balances ? <Balances data={data.balances} /> : pending;
    case 'dailyBalances':
      return data.dailyBalances ? <DailyBalances data={data.dailyBalances} /> : pending;
    case 'receivables':
      return data.receivables ? <Aging data={data.receivables} /> : pending;
    case 'payables':
      return data.payables ? <Aging data={data.payables} /> : pending;
    case 'unreconciled':
      return data.unreconciled ? <Unreconciled data={data.unreconciled} /> : pending;
    case 'documentsToAttach':
      return data.documentsToAttach ? <DocumentsToAttach data={data.documentsToAttach} /> : pending;
    case 'taxDeadlines':
      return data.taxDeadlines ? <TaxDeadlines data={data.taxDeadlines} /> : pending;
  }
}
