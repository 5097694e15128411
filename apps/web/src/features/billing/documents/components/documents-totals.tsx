import { Group, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormatMoney } from '../../../../lib/format/money.ts';
import type { DocumentsQuery } from '../api/documents-keys.ts';
import { useDocumentsTotals } from '../api/documents-queries.ts';

/**
 * What every document the filters select adds up to — not only the rows loaded so far: invoiced (net of
 * credit notes) and still to receive, per currency.
 */
export function DocumentsTotals({ query, compact = false }: { query: DocumentsQuery; compact?: boolean }) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const sums = useDocumentsTotals(query).data?.totals ?? [];
  if (sums.length === 0) return null;
  return (
    <Paper
      withBorder
      radius="md"
      p={compact ? 'xs' : 'sm'}
      aria-label={t('BILLING.DOCUMENTS.TOTALS.TITLE')}
      role="group"
    >
      {sums.map((sum) => (
        <Group key={sum.currency} gap={compact ? 'sm' : 'xl'} wrap="wrap">
          <Text size="sm" c="dimmed">
            {t('BILLING.DOCUMENTS.TOTALS.SHOWN', { count: sum.count })}
          </Text>
          <Text size="sm">
            {t('BILLING.DOCUMENTS.TOTALS.INVOICED')}{' '}
            <Text span fw={600} data-total="invoiced">
              {money(sum.gross, sum.currency)}
            </Text>
          </Text>
          <Text size="sm">
            {t('BILLING.DOCUMENTS.TOTALS.OUTSTANDING')}{' '}
            <Text span fw={600} data-total="outstanding">
              {money(sum.outstanding, sum.currency)}
            </Text>
          </Text>
        </Group>
      ))}
    </Paper>
  );
}
