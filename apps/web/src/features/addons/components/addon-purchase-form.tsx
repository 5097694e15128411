import type { AddonCost } from '@fluxo/domain/addons/contracts';
import { Button, Group, NumberInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { useFormatDate, useFormatMoney } from '../../../lib/format/money.ts';
import { addonTotals, remainingUnits } from '../addon-flow.ts';
import { addonName } from '../addon-names.ts';

export type PurchaseReason = 'purchase' | 'noCredits';

/**
 * The purchase modal's body (spec §2): subtitle, quantity, total cost, the buy button (disabled while
 * buying) and help text. The totals are the server's unit price times the quantity, for display.
 */
export function AddonPurchaseForm({
  cost,
  reason,
  initialQuantity,
  onBuy,
  onCancel,
}: {
  cost: AddonCost;
  reason: PurchaseReason;
  initialQuantity: number;
  onBuy: (quantity: number) => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const date = useFormatDate();
  const remaining = remainingUnits(cost);
  const max = remaining === null ? 1000 : Math.max(1, remaining);
  const [quantity, setQuantity] = useState(Math.min(Math.max(1, initialQuantity), max));
  const [buying, setBuying] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const totals = addonTotals(cost, quantity);
  const name = addonName(t, cost.key);
  const discounted = totals.totalWithoutDiscountCents > totals.totalCents;

  const buy = async () => {
    if (buying) return;
    setBuying(true);
    setError(null);
    try {
      await onBuy(quantity);
    } catch (failure) {
      setError(failure);
      setBuying(false);
    }
  };

  return (
    <Stack gap="md">
      <Text c="dimmed">
        {reason === 'noCredits'
          ? t('ADDONS.NO_CREDITS.SUBTITLE', { name })
          : t('ADDONS.PURCHASE.SUBTITLE', { name })}
      </Text>
      <NumberInput
        label={t('ADDONS.PURCHASE.QUANTITY')}
        min={1}
        max={max}
        clampBehavior="strict"
        allowDecimal={false}
        allowNegative={false}
        value={quantity}
        onChange={(value) => setQuantity(typeof value === 'number' && value >= 1 ? Math.floor(value) : 1)}
        disabled={buying}
        description={remaining === null ? undefined : t('ADDONS.PURCHASE.REMAINING', { count: remaining })}
      />
      <Group justify="space-between" align="baseline">
        <Text>{t('ADDONS.PURCHASE.UNIT_PRICE')}</Text>
        <Text data-testid="addon-unit-price">{money(cost.price, cost.currency)}</Text>
      </Group>
      <Group justify="space-between" align="baseline">
        <Text fw={700}>{t('ADDONS.PURCHASE.TOTAL')}</Text>
        <Group gap="xs" align="baseline">
          {discounted && (
            <Text td="line-through" c="dimmed" size="sm">
              {money(totals.totalWithoutDiscountCents, cost.currency)}
            </Text>
          )}
          <Text fw={700} fz="lg" data-testid="addon-total" aria-live="polite">
            {money(totals.totalCents, cost.currency)}
          </Text>
        </Group>
      </Group>
      <Text size="sm" c="dimmed">
        {cost.isMonthly
          ? t('ADDONS.PURCHASE.HELP_MONTHLY', { date: date(cost.expirationDate) })
          : t('ADDONS.PURCHASE.HELP_ONCE')}
      </Text>
      <ErrorAlert error={error} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel} disabled={buying}>
          {t('COMMON.CANCEL')}
        </Button>
        <Button onClick={buy} loading={buying} disabled={buying}>
          {t('ADDONS.PURCHASE.BUY', { total: money(totals.totalCents, cost.currency) })}
        </Button>
      </Group>
    </Stack>
  );
}
