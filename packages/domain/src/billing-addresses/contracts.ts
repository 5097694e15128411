import { z } from 'zod';
import { defineContract } from '../contract.ts';

export const ZBillingAddress = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  name: z.string(),
  vatNumber: z.string().nullable(),
  country: z.string().length(2),
  address: z.string(),
  postalCode: z.string().nullable(),
  city: z.string(),
  email: z.string().nullable(),
  isDefault: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BillingAddress = z.infer<typeof ZBillingAddress>;

/** Creates an address (no id) or updates one of the caller's (with id). */
export const ZBillingAddressInput = z.strictObject({
  id: z.uuid().optional(),
  name: z.string().trim().min(1).max(200),
  vatNumber: z.string().trim().max(20).optional(),
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/)
    .transform((v) => v.toUpperCase()),
  address: z.string().trim().min(1).max(300),
  postalCode: z.string().trim().max(20).optional(),
  city: z.string().trim().min(1).max(100),
  email: z.email().max(254).optional(),
  isDefault: z.boolean().optional(),
});

export const billingAddressesContract = defineContract({
  method: 'GET',
  path: '/api/v1/internal-billing',
  query: z.object({ userId: z.uuid().optional() }),
  response: z.array(ZBillingAddress),
});
export const billingAddressContract = defineContract({
  method: 'GET',
  path: '/api/v1/internal-billing/:id',
  params: z.object({ id: z.uuid() }),
  response: ZBillingAddress,
});
export const updateBillingAddressContract = defineContract({
  method: 'PATCH',
  path: '/api/v1/internal-billing/update',
  body: ZBillingAddressInput,
  response: ZBillingAddress,
});
export const defaultBillingAddressContract = defineContract({
  method: 'PATCH',
  path: '/api/v1/internal-billing/:id/default',
  params: z.object({ id: z.uuid() }),
  response: ZBillingAddress,
});
