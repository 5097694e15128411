import { buyAddonContract, buyAddonOnTrialContract } from '@fluxo/domain/addons/contracts';
import { apiRequest } from '../../../lib/api/client.ts';
import { idempotencyHeaders } from '../../../lib/api/idempotency.ts';
import type { AddonTarget } from './get-addon-cost.ts';

export interface AddonOrder {
  key: string;
  quantity: number;
  target: AddonTarget;
}

/** What the server needs to price a purchase itself: never a price field. */
function purchaseBody({ key, quantity, target }: AddonOrder) {
  return target.scope === 'user'
    ? { key, quantity, userId: target.userId }
    : { key, quantity, organizationId: target.organizationId };
}

/** Buys an add-on (after the purchase modal); a fresh Idempotency-Key per attempt. */
export function buyAddon(order: AddonOrder) {
  return apiRequest(buyAddonContract, {
    body: purchaseBody(order),
    headers: idempotencyHeaders(),
    ...(order.target.scope === 'organization' ? { organizationId: order.target.organizationId } : {}),
  });
}

/** On trial the purchase is immediate, with no confirmation (spec §4). */
export function buyAddonOnTrial(order: AddonOrder) {
  return apiRequest(buyAddonOnTrialContract, {
    body: purchaseBody(order),
    headers: idempotencyHeaders(),
    ...(order.target.scope === 'organization' ? { organizationId: order.target.organizationId } : {}),
  });
}
