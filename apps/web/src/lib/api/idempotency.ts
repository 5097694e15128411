import { IDEMPOTENCY_HEADER } from '@fluxo/domain/addons/contracts';

/** A fresh Idempotency-Key for one purchase attempt: a repeat of the same attempt buys once. */
export function idempotencyHeaders(): Record<string, string> {
  return { [IDEMPOTENCY_HEADER]: crypto.randomUUID() };
}
