import type { CurrentAccountRow } from '@fluxo/domain/billing/payments-contracts';
import { Anchor, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormatDate, useFormatMoney } from '../../../../lib/format/money.ts';

type Totals = Omit<CurrentAccountRow, 'partyId' | 'partyName' | 'taxId' | 'oldestDueDate' | 'openDocuments'>;

const BUCKETS = [
  ['notDue', 'BILLING.CURRENT_ACCOUNT.NOT_DUE'],
  ['days1to30', 'BILLING.CURRENT_ACCOUNT.DAYS_1_30'],
  ['days31to60', 'BILLING.CURRENT_ACCOUNT.DAYS_31_60'],
  ['days61to90', 'BILLING.CURRENT_ACCOUNT.DAYS_61_90'],
  ['over90', 'BILLING.CURRENT_ACCOUNT.DAYS_OVER_90'],
] as const;

/** Per party: what is open, and how long past due, with a line of totals per currency. */
export function AgingTable({
  rows,
  totals,
  selectedPartyId,
  onSelect,
}: {
  rows: CurrentAccountRow[];
  totals: Totals[];
  selectedPartyId: string | null;
  onSelect: (partyId: string) => void;
}) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const date = useFormatDate();
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table aria-label={t('BILLING.CURRENT_ACCOUNT.AGING')} verticalSpacing="sm" striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('BILLING.CURRENT_ACCOUNT.PARTY')}</Table.Th>
            <Table.Th ta="right">{t('BILLING.CURRENT_ACCOUNT.OPEN')}</Table.Th>
            {BUCKETS.map(([key, label]) => (
              <Table.Th key={key} ta="right">
                {t(label)}
              </Table.Th>
            ))}
            <Table.Th ta="right">{t('BILLING.CURRENT_ACCOUNT.CREDITS')}</Table.Th>
            <Table.Th>{t('BILLING.CURRENT_ACCOUNT.OLDEST_DUE')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr
              key={`${row.partyId}-${row.currency}`}
              bg={row.partyId === selectedPartyId ? 'var(--mantine-primary-color-light)' : undefined}
            >
              <Table.Td>
                <Anchor
                  component="button"
                  type="button"
                  fw={600}
                  onClick={() => onSelect(row.partyId)}
                  aria-label={t('BILLING.CURRENT_ACCOUNT.OPEN_STATEMENT_OF', { name: row.partyName })}
                >
                  {row.partyName}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {row.taxId}
                </Text>
              </Table.Td>
              <Table.Td ta="right" fw={700}>
                {money(row.open, row.currency)}
              </Table.Td>
              {BUCKETS.map(([key]) => (
                <Table.Td key={key} ta="right" c={key !== 'notDue' && row[key] > 0 ? 'red' : undefined}>
                  {row[key] === 0 ? '—' : money(row[key], row.currency)}
                </Table.Td>
              ))}
              <Table.Td ta="right">{row.credits === 0 ? '—' : money(-row.credits, row.currency)}</Table.Td>
              <Table.Td>{date(row.oldestDueDate)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          {totals.map((total) => (
            <Table.Tr key={total.currency}>
              <Table.Th>
                {t('BILLING.CURRENT_ACCOUNT.TOTAL')} ({total.currency})
              </Table.Th>
              <Table.Th ta="right">{money(total.open, total.currency)}</Table.Th>
              {BUCKETS.map(([key]) => (
                <Table.Th key={key} ta="right">
                  {money(total[key], total.currency)}
                </Table.Th>
              ))}
              <Table.Th ta="right">{money(-total.credits, total.currency)}</Table.Th>
              <Table.Th />
            </Table.Tr>
          ))}
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The same, as cards on a phone. */
export function AgingCards({
  rows,
  onSelect,
}: {
  rows: CurrentAccountRow[];
  onSelect: (partyId: string) => void;
}) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  return (
    <>
      {rows.map((row) => (
        <Anchor
          key={`${row.partyId}-${row.currency}`}
          component="button"
          type="button"
          onClick={() => onSelect(row.partyId)}
          aria-label={t('BILLING.CURRENT_ACCOUNT.OPEN_STATEMENT_OF', { name: row.partyName })}
          underline="never"
          c="inherit"
          style={{
            display: 'block',
            width: '100%',
            textAlign: 'left',
            border: '1px solid var(--mantine-color-default-border)',
            borderRadius: 'var(--mantine-radius-lg)',
            padding: 'var(--mantine-spacing-md)',
          }}
        >
          <Text fw={600}>{row.partyName}</Text>
          <Text fw={700} fz="lg">
            {money(row.open, row.currency)}
          </Text>
          {row.overdue > 0 && (
            <Text size="sm" c="red">
              {t('BILLING.CURRENT_ACCOUNT.OVERDUE_AMOUNT', { amount: money(row.overdue, row.currency) })}
            </Text>
          )}
        </Anchor>
      ))}
    </>
  );
}
