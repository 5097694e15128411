import { z } from 'zod';
import { defineContract } from '../contract.ts';
import type { Resource } from '../permissions.ts';
import { ZIsoDate, ZMinorUnits } from '../treasury/model.ts';

/**
 * The dashboards page (/dashboards, docs/dashboards.md): widgets the user arranges, each fed by one
 * module and shown only to whoever may read that module's data.
 */
export const DASHBOARD_WIDGETS = [
  'balances',
  'dailyBalances',
  'receivables',
  'payables',
  'unreconciled',
  'documentsToAttach',
  'taxDeadlines',
] as const;
export type DashboardWidget = (typeof DASHBOARD_WIDGETS)[number];

/** The grant (VIEW) each widget reads under: the same one the module's own page asks for. */
export const DASHBOARD_WIDGET_RESOURCES: Record<DashboardWidget, Resource> = {
  balances: 'treasury.cash',
  dailyBalances: 'treasury.cash',
  receivables: 'billing.outstandingInvoices',
  payables: 'billing.outstandingInvoices',
  unreconciled: 'accounting.reconciliation',
  documentsToAttach: 'treasury.digitalDocs',
  taxDeadlines: 'financial.agenda',
};

/** The daily balances chart also needs this feature flag (spec §3 "Feature flags"). */
export const DAILY_BALANCES_FLAG = 'dailyBalancesDashboardFeature';

/** How many days the daily balances chart covers, today included. */
export const DAILY_BALANCES_DAYS = 90;

export const ZDashboardWidget = z.enum(DASHBOARD_WIDGETS);

/** A user's arrangement: the widgets shown, in order (top to bottom, left to right). */
export const ZDashboardLayout = z.object({
  widgets: z
    .array(ZDashboardWidget)
    .max(DASHBOARD_WIDGETS.length)
    .refine((widgets) => new Set(widgets).size === widgets.length, {
      message: 'A widget appears at most once.',
    }),
});
export type DashboardLayout = z.infer<typeof ZDashboardLayout>;

const ZAgingTotals = z.object({
  currency: z.string(),
  notDue: ZMinorUnits,
  days1to30: ZMinorUnits,
  days31to60: ZMinorUnits,
  days61to90: ZMinorUnits,
  over90: ZMinorUnits,
  credits: ZMinorUnits,
  open: ZMinorUnits,
  overdue: ZMinorUnits,
});
export type DashboardAging = z.infer<typeof ZAgingTotals>;

export const ZDashboardData = z.object({
  balances: z
    .object({
      accounts: z.array(
        z.object({
          id: z.string(),
          name: z.string(),
          kind: z.string(),
          currency: z.string(),
          balance: ZMinorUnits,
        }),
      ),
      totals: z.array(z.object({ currency: z.string(), balance: ZMinorUnits })),
      /** Every account in the organization's currency (today's rates); missingRates left out. */
      total: z.object({ currency: z.string(), balance: ZMinorUnits, missingRates: z.array(z.string()) }),
    })
    .optional(),
  dailyBalances: z
    .object({
      currency: z.string(),
      points: z.array(z.object({ date: ZIsoDate, balance: ZMinorUnits })),
    })
    .optional(),
  receivables: z.object({ asOf: ZIsoDate, totals: z.array(ZAgingTotals) }).optional(),
  payables: z.object({ asOf: ZIsoDate, totals: z.array(ZAgingTotals) }).optional(),
  unreconciled: z
    .object({
      total: z.number().int(),
      accounts: z.array(z.object({ id: z.string(), name: z.string(), unreconciled: z.number().int() })),
    })
    .optional(),
  documentsToAttach: z
    .object({
      /** Outgoing movements (not transfers between own accounts) with no receipt or invoice attached. */
      count: z.number().int(),
      totals: z.array(z.object({ currency: z.string(), amount: ZMinorUnits })),
    })
    .optional(),
  taxDeadlines: z
    .object({
      /** monthly or quarterly VAT returns. */
      regime: z.enum(['monthly', 'quarterly']),
      /** Where the regime comes from: last year's turnover (PT rule) or the country's general regime. */
      basis: z.enum(['organization', 'country']),
      items: z.array(
        z.object({
          kind: z.enum(['vatReturn', 'vatPayment']),
          /** The period declared: YYYY-MM (monthly) or YYYY-Qn (quarterly). */
          period: z.string(),
          due: ZIsoDate,
        }),
      ),
    })
    .optional(),
});
export type DashboardData = z.infer<typeof ZDashboardData>;

/** The whole dashboard in one call: the layout, which widgets the user may add, and their figures. */
export const getDashboardContract = defineContract({
  method: 'GET',
  path: '/api/v1/dashboards',
  response: z.object({
    layout: ZDashboardLayout,
    /** The widgets this user may show here (permissions and feature flags). */
    available: z.array(ZDashboardWidget),
    /** Data of the widgets in the layout. */
    data: ZDashboardData,
  }),
});

export const getDashboardLayoutContract = defineContract({
  method: 'GET',
  path: '/api/v1/dashboards/layout',
  response: ZDashboardLayout,
});

/** Saves the user's layout for the selected organization (widgets they may not see are refused). */
export const saveDashboardLayoutContract = defineContract({
  method: 'PUT',
  path: '/api/v1/dashboards/layout',
  body: ZDashboardLayout,
  response: ZDashboardLayout,
});
