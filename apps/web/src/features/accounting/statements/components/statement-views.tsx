import type {
  BalanceSheet,
  FinancialStatementSection,
  IncomeStatement,
} from '@fluxo/domain/accounting/statements-contracts';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconCheck, IconScale } from '@tabler/icons-react';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../../components/error-alert.tsx';
import { localeOf, useFormatDate } from '../../../../lib/format/money.ts';
import {
  useBalanceSheet,
  useGeneralLedger,
  useIncomeStatement,
  useTrialBalance,
  useVatSummary,
} from '../api/statements.ts';
import { type StatementPeriod, searchOf } from '../lib/statement-period.ts';

/** Minor units as a number with two decimals in the interface language (display only). */
function useAmount(): (cents: number) => string {
  const { i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  return useCallback(
    (cents: number) =>
      new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
        cents / 100,
      ),
    [locale],
  );
}

/** A link to an account's general ledger over the same period (the drill-down). */
function AccountLink({ code, period }: { code: string; period: StatementPeriod }) {
  const { t } = useTranslation();
  return (
    <Anchor
      component={Link}
      to={{ search: `?${searchOf({ statement: 'general-ledger', period, account: code }).toString()}` }}
      aria-label={t('ACCOUNTING.STATEMENTS.OPEN_LEDGER', { code })}
      ff="monospace"
    >
      {code}
    </Anchor>
  );
}

function Waiting({ loading, error }: { loading: boolean; error: unknown }) {
  if (error) return <ErrorAlert error={error} />;
  if (loading)
    return (
      <Center py="xl">
        <Loader size="sm" />
      </Center>
    );
  return null;
}

const num = { ta: 'right' as const, style: { whiteSpace: 'nowrap' as const } };

export function TrialBalanceView({ period, mobile }: { period: StatementPeriod; mobile: boolean }) {
  const { t } = useTranslation();
  const amount = useAmount();
  const query = useTrialBalance(period, true);
  const data = query.data;
  if (!data) return <Waiting loading={query.isLoading} error={query.error} />;
  if (data.rows.length === 0) return <Text c="dimmed">{t('ACCOUNTING.STATEMENTS.NO_MOVEMENTS')}</Text>;
  const balanced =
    data.totals.debit === data.totals.credit && data.totals.openingDebit === data.totals.openingCredit;
  return (
    <Stack gap="sm">
      {query.error ? <ErrorAlert error={query.error} /> : null}
      <Table.ScrollContainer minWidth={mobile ? 360 : 900}>
        <Table striped highlightOnHover fz="sm" aria-label={t('ACCOUNTING.STATEMENTS.KIND.TRIAL_BALANCE')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('ACCOUNTING.STATEMENTS.ACCOUNT')}</Table.Th>
              <Table.Th>{t('ACCOUNTING.STATEMENTS.NAME')}</Table.Th>
              {!mobile && <Table.Th {...num}>{t('ACCOUNTING.STATEMENTS.OPENING_DEBIT')}</Table.Th>}
              {!mobile && <Table.Th {...num}>{t('ACCOUNTING.STATEMENTS.OPENING_CREDIT')}</Table.Th>}
              {!mobile && <Table.Th {...num}>{t('ACCOUNTING.STATEMENTS.DEBIT')}</Table.Th>}
              {!mobile && <Table.Th {...num}>{t('ACCOUNTING.STATEMENTS.CREDIT')}</Table.Th>}
              <Table.Th {...num}>{t('ACCOUNTING.STATEMENTS.BALANCE')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.rows.map((row) => {
              const parent = row.groupingCategory !== 'GM';
              return (
                <Table.Tr key={row.accountId} fw={parent ? 600 : undefined}>
                  <Table.Td style={{ paddingLeft: `${0.5 + (row.level - 1) * 0.75}rem` }}>
                    <AccountLink code={row.code} period={period} />
                  </Table.Td>
                  <Table.Td>{row.name}</Table.Td>
                  {!mobile && <Table.Td {...num}>{amount(row.openingDebit)}</Table.Td>}
                  {!mobile && <Table.Td {...num}>{amount(row.openingCredit)}</Table.Td>}
                  {!mobile && <Table.Td {...num}>{amount(row.debit)}</Table.Td>}
                  {!mobile && <Table.Td {...num}>{amount(row.credit)}</Table.Td>}
                  <Table.Td {...num}>{amount(row.balance)}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr fw={700}>
              <Table.Td colSpan={2}>{t('ACCOUNTING.STATEMENTS.TOTAL')}</Table.Td>
              {!mobile && <Table.Td {...num}>{amount(data.totals.openingDebit)}</Table.Td>}
              {!mobile && <Table.Td {...num}>{amount(data.totals.openingCredit)}</Table.Td>}
              {!mobile && <Table.Td {...num}>{amount(data.totals.debit)}</Table.Td>}
              {!mobile && <Table.Td {...num}>{amount(data.totals.credit)}</Table.Td>}
              <Table.Td {...num}>
                {amount(data.totals.debtorBalances - data.totals.creditorBalances)}
              </Table.Td>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>
      <Group gap="xs">
        <Badge
          color={balanced ? 'green' : 'red'}
          variant="light"
          leftSection={<IconScale size={14} aria-hidden />}
        >
          {t(balanced ? 'ACCOUNTING.STATEMENTS.BALANCED' : 'ACCOUNTING.STATEMENTS.UNBALANCED')}
        </Badge>
        <Text size="xs" c="dimmed">
          {t('ACCOUNTING.STATEMENTS.TRIAL_BALANCE_HINT')}
        </Text>
      </Group>
    </Stack>
  );
}

export function GeneralLedgerView({
  period,
  account,
  mobile,
}: {
  period: StatementPeriod;
  account: string;
  mobile: boolean;
}) {
  const { t } = useTranslation();
  const amount = useAmount();
  const formatDate = useFormatDate();
  const query = useGeneralLedger(period, account, true);
  if (!account) return <Text c="dimmed">{t('ACCOUNTING.STATEMENTS.CHOOSE_ACCOUNT')}</Text>;
  const first = query.data?.pages[0];
  if (!first) return <Waiting loading={query.isLoading} error={query.error} />;
  const lines = query.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Stack gap="sm">
      <Title order={3} fz="md">
        <Text span ff="monospace" inherit>
          {first.account.code}
        </Text>{' '}
        {first.account.name}
      </Title>
      <Table.ScrollContainer minWidth={mobile ? 360 : 860}>
        <Table striped fz="sm" aria-label={t('ACCOUNTING.STATEMENTS.KIND.GENERAL_LEDGER')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('ACCOUNTING.STATEMENTS.DATE')}</Table.Th>
              <Table.Th>{t('ACCOUNTING.STATEMENTS.ENTRY')}</Table.Th>
              {!mobile && <Table.Th>{t('ACCOUNTING.STATEMENTS.DESCRIPTION')}</Table.Th>}
              <Table.Th {...num}>{t('ACCOUNTING.STATEMENTS.DEBIT')}</Table.Th>
              <Table.Th {...num}>{t('ACCOUNTING.STATEMENTS.CREDIT')}</Table.Th>
              <Table.Th {...num}>{t('ACCOUNTING.STATEMENTS.BALANCE')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <Table.Tr fw={600}>
              <Table.Td>{formatDate(period.from)}</Table.Td>
              <Table.Td colSpan={mobile ? 3 : 4}>{t('ACCOUNTING.STATEMENTS.OPENING_BALANCE')}</Table.Td>
              <Table.Td {...num}>{amount(first.openingBalance)}</Table.Td>
            </Table.Tr>
            {lines.map((line) => (
              <Table.Tr key={line.lineId}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(line.date)}</Table.Td>
                <Table.Td>
                  <Anchor
                    component={Link}
                    to={{
                      search: `?${new URLSearchParams({ tab: 'journal', entry: line.entryId }).toString()}`,
                    }}
                    aria-label={t('ACCOUNTING.STATEMENTS.OPEN_ENTRY', { reference: line.reference })}
                    size="sm"
                  >
                    {line.reference}
                  </Anchor>
                  {mobile && (
                    <Text size="xs" c="dimmed">
                      {line.description}
                    </Text>
                  )}
                </Table.Td>
                {!mobile && (
                  <Table.Td>
                    {line.description}
                    {line.accountCode !== first.account.code && (
                      <Text span size="xs" c="dimmed" ff="monospace">
                        {' '}
                        ({line.accountCode})
                      </Text>
                    )}
                    {line.sourceDocumentNumber && (
                      <Text size="xs" c="dimmed">
                        {line.sourceDocumentNumber}
                      </Text>
                    )}
                  </Table.Td>
                )}
                <Table.Td {...num}>{line.debit ? amount(line.debit) : ''}</Table.Td>
                <Table.Td {...num}>{line.credit ? amount(line.credit) : ''}</Table.Td>
                <Table.Td {...num}>{amount(line.balance)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          {!query.hasNextPage && (
            <Table.Tfoot>
              <Table.Tr fw={700}>
                <Table.Td>{formatDate(period.to)}</Table.Td>
                <Table.Td colSpan={mobile ? 1 : 2}>{t('ACCOUNTING.STATEMENTS.CLOSING_BALANCE')}</Table.Td>
                <Table.Td {...num}>{amount(first.debit)}</Table.Td>
                <Table.Td {...num}>{amount(first.credit)}</Table.Td>
                <Table.Td {...num}>{amount(first.closingBalance)}</Table.Td>
              </Table.Tr>
            </Table.Tfoot>
          )}
        </Table>
      </Table.ScrollContainer>
      {lines.length === 0 && <Text c="dimmed">{t('ACCOUNTING.STATEMENTS.NO_MOVEMENTS')}</Text>}
      {query.error ? <ErrorAlert error={query.error} /> : null}
      {query.hasNextPage && (
        <Button variant="default" onClick={() => query.fetchNextPage()} loading={query.isFetchingNextPage}>
          {t('ACCOUNTING.STATEMENTS.LOAD_MORE')}
        </Button>
      )}
    </Stack>
  );
}

function SectionsTable({
  sections,
  period,
  label,
}: {
  sections: FinancialStatementSection[];
  period: StatementPeriod;
  label: string;
}) {
  const { t } = useTranslation();
  const amount = useAmount();
  return (
    <Table fz="sm" aria-label={label}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('ACCOUNTING.STATEMENTS.CAPTION')}</Table.Th>
          <Table.Th {...num}>{t('ACCOUNTING.STATEMENTS.AMOUNT')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {sections.flatMap((section) => {
          const heading = section.lines.some((line) => !line.total) && sections.length > 1;
          return [
            heading ? (
              <Table.Tr key={`${section.key}-heading`}>
                <Table.Td colSpan={2} fw={700} pt="md">
                  {section.label}
                </Table.Td>
              </Table.Tr>
            ) : null,
            ...section.lines.flatMap((line) => [
              <Table.Tr key={`${section.key}-${line.key}`} fw={line.total ? 700 : undefined}>
                <Table.Td>{line.label}</Table.Td>
                <Table.Td {...num}>{amount(line.amount)}</Table.Td>
              </Table.Tr>,
              ...line.accounts.map((account) => (
                <Table.Tr key={`${section.key}-${line.key}-${account.code}`}>
                  <Table.Td pl="xl">
                    <Text size="xs" c="dimmed" span>
                      {account.code ? <AccountLink code={account.code} period={period} /> : null}{' '}
                      {account.name}
                    </Text>
                  </Table.Td>
                  <Table.Td {...num}>
                    <Text size="xs" c="dimmed" span>
                      {amount(account.amount)}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )),
            ]),
          ];
        })}
      </Table.Tbody>
    </Table>
  );
}

function ModelNote({ statement }: { statement: BalanceSheet | IncomeStatement }) {
  const { t } = useTranslation();
  return (
    <Text size="xs" c="dimmed">
      {t('ACCOUNTING.STATEMENTS.MODEL', { model: statement.model })}
    </Text>
  );
}

export function BalanceSheetView({ period }: { period: StatementPeriod }) {
  const { t } = useTranslation();
  const query = useBalanceSheet(period, true);
  const data = query.data;
  if (!data) return <Waiting loading={query.isLoading} error={query.error} />;
  const balanced = data.totalAssets === data.totalEquity + data.totalLiabilities;
  return (
    <Stack gap="sm">
      <ModelNote statement={data} />
      <Text size="xs" c="dimmed">
        {t('ACCOUNTING.STATEMENTS.BALANCE_SHEET_NOTE')}
      </Text>
      <Table.ScrollContainer minWidth={320}>
        <SectionsTable
          sections={data.sections}
          period={period}
          label={t('ACCOUNTING.STATEMENTS.KIND.BALANCE_SHEET')}
        />
      </Table.ScrollContainer>
      <Alert
        color={balanced ? 'green' : 'red'}
        variant="light"
        icon={<IconCheck size={18} aria-hidden />}
        role="status"
      >
        {t(balanced ? 'ACCOUNTING.STATEMENTS.SHEET_BALANCED' : 'ACCOUNTING.STATEMENTS.SHEET_UNBALANCED')}
      </Alert>
    </Stack>
  );
}

export function IncomeStatementView({ period }: { period: StatementPeriod }) {
  const { t } = useTranslation();
  const query = useIncomeStatement(period, true);
  const data = query.data;
  if (!data) return <Waiting loading={query.isLoading} error={query.error} />;
  return (
    <Stack gap="sm">
      <ModelNote statement={data} />
      <Table.ScrollContainer minWidth={320}>
        <SectionsTable
          sections={data.sections}
          period={period}
          label={t('ACCOUNTING.STATEMENTS.KIND.INCOME_STATEMENT')}
        />
      </Table.ScrollContainer>
    </Stack>
  );
}

export function VatSummaryView({ period, mobile }: { period: StatementPeriod; mobile: boolean }) {
  const { t } = useTranslation();
  const amount = useAmount();
  const query = useVatSummary(period, true);
  const data = query.data;
  if (!data) return <Waiting loading={query.isLoading} error={query.error} />;
  const boxes = (row: (typeof data.rows)[number]) => {
    const fields = [row.boxes.base, row.boxes.vat].filter(Boolean).join(' / ');
    if (!fields) return '—';
    return row.boxes.annex
      ? t('ACCOUNTING.STATEMENTS.ANNEX_BOXES', { annex: row.boxes.annex, boxes: fields })
      : fields;
  };
  return (
    <Stack gap="sm">
      {data.rows.length === 0 ? (
        <Text c="dimmed">{t('ACCOUNTING.STATEMENTS.NO_VAT')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={mobile ? 360 : 720}>
          <Table striped fz="sm" aria-label={t('ACCOUNTING.STATEMENTS.KIND.VAT_SUMMARY')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('ACCOUNTING.STATEMENTS.SIDE')}</Table.Th>
                <Table.Th>{t('ACCOUNTING.STATEMENTS.REGION')}</Table.Th>
                <Table.Th {...num}>{t('ACCOUNTING.STATEMENTS.RATE')}</Table.Th>
                <Table.Th {...num}>{t('ACCOUNTING.STATEMENTS.BASE')}</Table.Th>
                <Table.Th {...num}>{t('ACCOUNTING.STATEMENTS.VAT')}</Table.Th>
                <Table.Th>{t('ACCOUNTING.STATEMENTS.BOXES')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.rows.map((row) => (
                <Table.Tr key={`${row.side}-${row.region}-${row.rateBasisPoints}`}>
                  <Table.Td>
                    {t(
                      row.side === 'collected'
                        ? 'ACCOUNTING.STATEMENTS.COLLECTED'
                        : 'ACCOUNTING.STATEMENTS.DEDUCTIBLE',
                    )}
                  </Table.Td>
                  <Table.Td>{row.region}</Table.Td>
                  <Table.Td {...num}>{amount(row.rateBasisPoints)} %</Table.Td>
                  <Table.Td {...num}>{amount(row.base)}</Table.Td>
                  <Table.Td {...num}>{amount(row.vat)}</Table.Td>
                  <Table.Td>{boxes(row)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Table fz="sm" maw={480} aria-label={t('ACCOUNTING.STATEMENTS.VAT_TOTALS')}>
        <Table.Tbody>
          <Table.Tr>
            <Table.Td>{t('ACCOUNTING.STATEMENTS.VAT_COLLECTED')}</Table.Td>
            <Table.Td {...num}>{amount(data.collected)}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Td>{t('ACCOUNTING.STATEMENTS.VAT_DEDUCTIBLE')}</Table.Td>
            <Table.Td {...num}>{amount(data.deductible)}</Table.Td>
          </Table.Tr>
          <Table.Tr fw={700}>
            <Table.Td>
              {t(
                data.balance >= 0 ? 'ACCOUNTING.STATEMENTS.VAT_PAYABLE' : 'ACCOUNTING.STATEMENTS.VAT_CREDIT',
              )}
            </Table.Td>
            <Table.Td {...num}>{amount(Math.abs(data.balance))}</Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      <Text size="xs" c="dimmed">
        {t('ACCOUNTING.STATEMENTS.VAT_BOXES_NOTE', { region: data.seatRegion })}
      </Text>
    </Stack>
  );
}
