import {
  ACCOUNTING_STATEMENT_FORMATS,
  ACCOUNTING_STATEMENT_KINDS,
  type AccountingStatementKind,
} from '@fluxo/domain/accounting/statements-contracts';
import {
  Alert,
  Button,
  Group,
  Menu,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconCheck, IconDownload } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { useIsMobileDevice } from '../../../lib/device.ts';
import { useStatementDownload } from './api/statements.ts';
import {
  BalanceSheetView,
  GeneralLedgerView,
  IncomeStatementView,
  TrialBalanceView,
  VatSummaryView,
} from './components/statement-views.tsx';
import {
  monthPeriod,
  periodProblem,
  type StatementPeriod,
  type StatementView,
  searchOf,
  viewOf,
  yearPeriod,
} from './lib/statement-period.ts';

const LABELS: Record<AccountingStatementKind, string> = {
  'trial-balance': 'ACCOUNTING.STATEMENTS.KIND.TRIAL_BALANCE',
  'general-ledger': 'ACCOUNTING.STATEMENTS.KIND.GENERAL_LEDGER',
  'balance-sheet': 'ACCOUNTING.STATEMENTS.KIND.BALANCE_SHEET',
  'income-statement': 'ACCOUNTING.STATEMENTS.KIND.INCOME_STATEMENT',
  'vat-summary': 'ACCOUNTING.STATEMENTS.KIND.VAT_SUMMARY',
};

const today = () => new Date().toISOString().slice(0, 10);

/**
 * The "statements" tab of /accounting/entries: the five statements of a period, one at a time, each
 * downloadable as CSV, XLSX or PDF; an account opens its general ledger, a ledger line its entry.
 */
export default function StatementsPanel() {
  const { t } = useTranslation();
  const mobile = useIsMobileDevice();
  const [search, setSearch] = useSearchParams();
  const view = viewOf(search, today());
  const [draft, setDraft] = useState<StatementPeriod>(view.period);
  const [accountDraft, setAccountDraft] = useState(view.account);
  const download = useStatementDownload();
  // The URL is the truth: a drill-down or the back button changes it under the inputs.
  const { from, to } = view.period;
  useEffect(() => setDraft({ from, to }), [from, to]);
  useEffect(() => setAccountDraft(view.account), [view.account]);

  const go = (next: Partial<StatementView>) => {
    download.reset();
    setSearch(searchOf({ ...view, ...next }));
  };
  const choosePeriod = (period: StatementPeriod) => {
    setDraft(period);
    if (!periodProblem(period)) go({ period });
  };
  const problem = periodProblem(draft);
  const size = mobile ? 'md' : 'sm';
  const options = ACCOUNTING_STATEMENT_KINDS.map((kind) => ({ value: kind, label: t(LABELS[kind]) }));
  const canDownload = !problem && (view.statement !== 'general-ledger' || view.account !== '');

  return (
    <Stack gap="md">
      {mobile ? (
        <Select
          label={t('ACCOUNTING.STATEMENTS.STATEMENT')}
          data={options}
          value={view.statement}
          onChange={(value) => value && go({ statement: value as AccountingStatementKind })}
          allowDeselect={false}
          size={size}
        />
      ) : (
        <SegmentedControl
          aria-label={t('ACCOUNTING.STATEMENTS.STATEMENT')}
          data={options}
          value={view.statement}
          onChange={(value) => go({ statement: value as AccountingStatementKind })}
        />
      )}
      <Group gap="xs">
        <Button variant="default" size="xs" onClick={() => choosePeriod(yearPeriod(today(), 0))}>
          {t('ACCOUNTING.STATEMENTS.THIS_YEAR')}
        </Button>
        <Button variant="default" size="xs" onClick={() => choosePeriod(yearPeriod(today(), -1))}>
          {t('ACCOUNTING.STATEMENTS.LAST_YEAR')}
        </Button>
        <Button variant="default" size="xs" onClick={() => choosePeriod(monthPeriod(today(), 0))}>
          {t('ACCOUNTING.STATEMENTS.THIS_MONTH')}
        </Button>
        <Button variant="default" size="xs" onClick={() => choosePeriod(monthPeriod(today(), -1))}>
          {t('ACCOUNTING.STATEMENTS.LAST_MONTH')}
        </Button>
      </Group>
      <SimpleGrid cols={mobile ? 1 : view.statement === 'general-ledger' ? 4 : 3} spacing="sm">
        <TextInput
          type="date"
          size={size}
          label={t('ACCOUNTING.STATEMENTS.FROM')}
          value={draft.from}
          onChange={(event) => choosePeriod({ ...draft, from: event.currentTarget.value })}
        />
        <TextInput
          type="date"
          size={size}
          label={
            view.statement === 'balance-sheet' ? t('ACCOUNTING.STATEMENTS.AT') : t('ACCOUNTING.STATEMENTS.TO')
          }
          value={draft.to}
          onChange={(event) => choosePeriod({ ...draft, to: event.currentTarget.value })}
          error={problem ? t(problem) : undefined}
        />
        {view.statement === 'general-ledger' && (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              go({ account: accountDraft.trim() });
            }}
          >
            <TextInput
              size={size}
              label={t('ACCOUNTING.STATEMENTS.ACCOUNT')}
              placeholder={t('ACCOUNTING.STATEMENTS.ACCOUNT_PLACEHOLDER')}
              value={accountDraft}
              onChange={(event) => setAccountDraft(event.currentTarget.value)}
              onBlur={() => accountDraft.trim() !== view.account && go({ account: accountDraft.trim() })}
              ff="monospace"
            />
          </form>
        )}
        <Stack justify="flex-end">
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Button
                size={size}
                variant="light"
                leftSection={<IconDownload size={16} aria-hidden />}
                disabled={!canDownload}
                loading={download.isPending}
                fullWidth={mobile}
              >
                {t('ACCOUNTING.STATEMENTS.DOWNLOAD')}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {ACCOUNTING_STATEMENT_FORMATS.map((format) => (
                <Menu.Item
                  key={format}
                  onClick={() =>
                    download.mutate({
                      statement: view.statement,
                      format,
                      period: view.period,
                      ...(view.account ? { account: view.account } : {}),
                    })
                  }
                >
                  {t(`ACCOUNTING.STATEMENTS.FORMAT.${format.toUpperCase()}`)}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        </Stack>
      </SimpleGrid>
      {download.isError && <ErrorAlert error={download.error} />}
      {download.isSuccess && (
        <Alert role="status" color="green" variant="light" icon={<IconCheck size={18} aria-hidden />}>
          {t('ACCOUNTING.STATEMENTS.DOWNLOADED', { file: download.data })}
        </Alert>
      )}
      {view.statement === 'general-ledger' && view.account !== '' && (
        <Group>
          <Button variant="subtle" size="xs" onClick={() => go({ statement: 'trial-balance', account: '' })}>
            {t('ACCOUNTING.STATEMENTS.BACK_TO_TRIAL_BALANCE')}
          </Button>
        </Group>
      )}
      {problem ? (
        <Text c="dimmed">{t(problem)}</Text>
      ) : view.statement === 'trial-balance' ? (
        <TrialBalanceView period={view.period} mobile={mobile} />
      ) : view.statement === 'general-ledger' ? (
        <GeneralLedgerView period={view.period} account={view.account} mobile={mobile} />
      ) : view.statement === 'balance-sheet' ? (
        <BalanceSheetView period={view.period} />
      ) : view.statement === 'income-statement' ? (
        <IncomeStatementView period={view.period} />
      ) : (
        <VatSummaryView period={view.period} mobile={mobile} />
      )}
    </Stack>
  );
}
