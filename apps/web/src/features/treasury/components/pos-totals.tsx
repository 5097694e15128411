import { Card, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormatMoney } from '../../../lib/format/money.ts';
import type { PosBatchList } from '../api/pos.ts';

const FIGURES = ['gross', 'fees', 'net', 'settled', 'pending'] as const;

/** Gross sales, fees, net, settled and still pending, per currency. */
export function PosTotals({ totals }: { totals: PosBatchList['totals'] }) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  return (
    <Stack gap="sm">
      {totals.map((total) => (
        <Card
          key={total.currency}
          withBorder
          radius="lg"
          padding="md"
          component="section"
          aria-label={t('TREASURY.POS.TOTALS', { currency: total.currency })}
        >
          <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="sm">
            {FIGURES.map((figure) => (
              <Stack key={figure} gap={0}>
                <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                  {t(`TREASURY.POS.${figure.toUpperCase()}`)}
                </Text>
                <Text
                  fw={700}
                  data-testid={`pos-total-${figure}`}
                  c={figure === 'pending' && total.pending !== 0 ? 'red.9' : undefined}
                >
                  {money(total[figure], total.currency)}
                </Text>
              </Stack>
            ))}
          </SimpleGrid>
        </Card>
      ))}
    </Stack>
  );
}
