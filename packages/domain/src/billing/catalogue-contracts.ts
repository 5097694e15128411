import { z } from 'zod';
import { defineContract } from '../contract.ts';

// The catalogue part of billing: looking a customer or supplier up by tax number, and the
// organization's billing settings (Multibanco entity, document footer, reminders).

export const PARTY_LOOKUP_SOURCES = ['vies', 'fluxo'] as const;

/**
 * What is known of a tax number: `valid` is the country's tax-number rule (a private person's number
 * is valid without being in VIES); name and address come from VIES or from what Fluxo knows.
 */
export const ZPartyLookup = z.object({
  valid: z.boolean(),
  /** VIES's word for an EU number: registered for intra-EU VAT or not; null when not asked. */
  viesRegistered: z.boolean().nullable(),
  name: z.string().nullable(),
  address: z.string().nullable(),
  postalCode: z.string().nullable(),
  city: z.string().nullable(),
  source: z.enum(PARTY_LOOKUP_SOURCES).nullable(),
});
export type PartyLookup = z.infer<typeof ZPartyLookup>;

export const lookupPartyContract = defineContract({
  method: 'GET',
  path: '/api/v1/billing/parties/lookup',
  query: z.object({
    country: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/),
    taxId: z.string().trim().min(1).max(30),
  }),
  response: ZPartyLookup,
});

export const ZBillingSettings = z.object({
  /** The Multibanco entity (5 digits) references are generated for; null: none. */
  multibancoEntity: z.string().nullable(),
  /** Printed at the foot of every document. */
  documentFooter: z.string().nullable(),
  /** Days after the due date a reminder goes out; null: never. */
  reminderAfterDays: z.number().int().nullable(),
});
export type BillingSettings = z.infer<typeof ZBillingSettings>;

export const getBillingSettingsContract = defineContract({
  method: 'GET',
  path: '/api/v1/billing/settings',
  response: ZBillingSettings,
});

export const updateBillingSettingsContract = defineContract({
  method: 'PUT',
  path: '/api/v1/billing/settings',
  body: z.strictObject({
    multibancoEntity: z
      .string()
      .trim()
      .regex(/^\d{5}$/)
      .nullable(),
    documentFooter: z.string().trim().max(1000).nullable(),
    reminderAfterDays: z.number().int().min(0).max(365).nullable(),
  }),
  response: ZBillingSettings,
});
