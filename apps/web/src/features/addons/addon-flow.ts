import type { AddonCost } from '@fluxo/domain/addons/contracts';
import { totalCents } from '../../lib/format/money.ts';

export interface AddonTotals {
  quantity: number;
  totalCents: number;
  totalWithoutDiscountCents: number;
}

/** Spec §4: the unit price and the undiscounted price times the quantity (display only). */
export function addonTotals(cost: Pick<AddonCost, 'price' | 'priceWithoutDiscount'>, quantity: number) {
  return {
    quantity,
    totalCents: totalCents(cost.price, quantity),
    totalWithoutDiscountCents: totalCents(cost.priceWithoutDiscount, quantity),
  } satisfies AddonTotals;
}

/** How many more units may be bought now; null when the add-on has no maximum. */
export function remainingUnits(cost: Pick<AddonCost, 'maximum' | 'held'>): number | null {
  return cost.maximum === null ? null : Math.max(0, cost.maximum - cost.held);
}

export type AddonFlowDecision =
  /** The maximum is reached: the contact-the-account-manager modal. */
  | { step: 'contact' }
  /** On trial: buy at once, no confirmation. */
  | ({ step: 'buy' } & AddonTotals)
  /** Otherwise: the purchase modal, which confirms before buying. */
  | ({ step: 'confirm' } & AddonTotals);

/**
 * Spec §4's add-on purchase flow once the cost is known: multiply by the quantity; the contact modal
 * when the maximum is reached; a direct purchase on trial; else the purchase modal.
 */
export function decideAddonFlow(
  cost: Pick<AddonCost, 'price' | 'priceWithoutDiscount' | 'reachedMaximum'>,
  context: { isTrial: boolean; quantity?: number },
): AddonFlowDecision {
  const totals = addonTotals(cost, Math.max(1, Math.floor(context.quantity ?? 1)));
  if (cost.reachedMaximum) return { step: 'contact' };
  if (context.isTrial) return { step: 'buy', ...totals };
  return { step: 'confirm', ...totals };
}
