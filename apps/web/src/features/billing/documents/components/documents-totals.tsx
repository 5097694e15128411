import type { BillingDocument } from '@fluxo/domain/billing/contracts';
import { Group, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormatMoney } from '../../../../lib/format/money.ts';
import { sumDocuments } from '../lib/document-sums.ts';

/** What the documents shown add up to: invoiced (net of credit notes) and still to receive. */
export function DocumentsTotals({
  documents,
  compact = false,
}: {
  documents: BillingDocument[];
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const sums = sumDocuments(documents);
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
