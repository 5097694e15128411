import type { PosBatch } from '@fluxo/domain/treasury/contracts';
import { Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormatDate, useFormatMoney } from '../../../../lib/format/money.ts';
import { SettlementBadge } from '../settlement-badge.tsx';

/** One sales batch on a phone: date, terminal, gross/fees/net, settlement state and its action. */
export function PosBatchCard({
  batch,
  terminalName,
  canEdit,
  onMatch,
  onUnmatch,
}: {
  batch: PosBatch;
  terminalName: string;
  canEdit: boolean;
  onMatch: (batch: PosBatch) => void;
  onUnmatch: (batch: PosBatch) => void;
}) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const date = useFormatDate();
  return (
    <Card
      withBorder
      radius="md"
      padding="sm"
      component="article"
      aria-label={`${batch.reference} · ${date(batch.batchDate)}`}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={0} miw={0}>
          <Text fw={600} truncate>
            {batch.reference}
          </Text>
          <Text size="xs" c="dimmed">
            {date(batch.batchDate)} · {terminalName} ·{' '}
            {t('TREASURY.POS.SALES_N', { count: batch.salesCount })}
          </Text>
        </Stack>
        <SettlementBadge batch={batch} />
      </Group>
      <SimpleGrid cols={3} mt="xs" spacing="xs">
        {(['gross', 'fees', 'net'] as const).map((figure) => (
          <Stack key={figure} gap={0}>
            <Text size="xs" c="dimmed">
              {t(`TREASURY.POS.${figure.toUpperCase()}`)}
            </Text>
            <Text size="sm" fw={figure === 'net' ? 700 : 500}>
              {money(batch[figure], batch.currency)}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
      {canEdit &&
        (batch.settlementTransactionId ? (
          <Button mt="xs" fullWidth variant="default" onClick={() => onUnmatch(batch)}>
            {t('TREASURY.POS.UNMATCH')}
          </Button>
        ) : (
          <Button mt="xs" fullWidth variant="default" onClick={() => onMatch(batch)}>
            {t('TREASURY.POS.MATCH')}
          </Button>
        ))}
    </Card>
  );
}
