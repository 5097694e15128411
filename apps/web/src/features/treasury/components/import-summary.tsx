import type { Account, ImportResult } from '@fluxo/domain/treasury/model';
import { Alert, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFormatDate, useFormatMoney } from '../../../lib/format/money.ts';
import { RejectionList } from './import-rejections.tsx';

function Figure({ label, value, testId }: { label: string; value: string | number; testId: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz="xl" fw={700} data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

/** What an import did: imported, skipped as duplicates, refused lines, and whether it ends on the file's closing balance. */
export function ImportSummary({ result, account }: { result: ImportResult; account: Account }) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const date = useFormatDate();
  return (
    <Stack gap="md" role="region" aria-label={t('TREASURY.IMPORT.SUMMARY_TITLE')}>
      <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} aria-hidden />} role="status">
        {t('TREASURY.IMPORT.DONE', { count: result.imported, account: account.name })}
      </Alert>
      <SimpleGrid cols={{ base: 2, sm: 3 }}>
        <Figure label={t('TREASURY.IMPORT.IMPORTED')} value={result.imported} testId="import-imported" />
        <Figure
          label={t('TREASURY.IMPORT.DUPLICATES')}
          value={result.duplicates}
          testId="import-duplicates"
        />
        <Figure
          label={t('TREASURY.IMPORT.REJECTED')}
          value={result.rejected.length}
          testId="import-rejected"
        />
      </SimpleGrid>
      {result.periodFrom && result.periodTo && (
        <Text size="sm">
          {t('TREASURY.IMPORT.PERIOD', { from: date(result.periodFrom), to: date(result.periodTo) })}
        </Text>
      )}
      <RejectionList rejections={result.rejected} label={t('TREASURY.IMPORT.REJECTED_LINES')} />
      {result.balanceMatches === true && result.statementClosingBalance !== null && (
        <Group gap="xs" role="note">
          <IconCircleCheck size={18} color="var(--mantine-color-teal-6)" aria-hidden />
          <Text size="sm">
            {t('TREASURY.IMPORT.BALANCE_MATCHES', {
              balance: money(result.statementClosingBalance, account.currency),
            })}
          </Text>
        </Group>
      )}
      {result.balanceMatches === false && (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} role="note">
          <Text size="sm">
            {t('TREASURY.IMPORT.BALANCE_DIFFERS', {
              file: money(result.statementClosingBalance ?? 0, account.currency),
              account: money(result.accountBalanceAtEnd ?? 0, account.currency),
            })}
          </Text>
          {result.balanceNote && (
            <Text size="xs" c="dimmed" mt={4}>
              {result.balanceNote}
            </Text>
          )}
        </Alert>
      )}
      {result.balanceMatches === null && (
        <Text size="sm" c="dimmed">
          {t('TREASURY.IMPORT.NO_CLOSING_BALANCE')}
        </Text>
      )}
    </Stack>
  );
}
