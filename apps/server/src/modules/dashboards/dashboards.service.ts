import {
  addDays,
  DAILY_BALANCES_DAYS,
  DAILY_BALANCES_FLAG,
  DASHBOARD_WIDGET_RESOURCES,
  DASHBOARD_WIDGETS,
  type DashboardData,
  type DashboardLayout,
  type DashboardWidget,
  hasFlag,
  PermissionFlag,
  ZDashboardLayout,
} from '@fluxo/domain';
import { and, eq, sql } from 'drizzle-orm';
import { type Db, rows } from '../../db/client.ts';
import { dashboardLayouts } from '../../db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import type { OrgContext } from '../../platform/guard.ts';
import { reconciliationAccounts } from '../accounting/index.ts';
import { agingTotals, organizationToday } from '../billing/index.ts';
import {
  accountFilter,
  dailyBalances,
  listAccounts,
  type TreasuryViewer,
  visibleAccountIds,
} from '../treasury/index.ts';
import { nextVatDeadlines, type VatRegime } from './tax-deadlines.ts';

// The dashboard (docs/dashboards.md): each widget reads its module's own service under the grant that
// module's page asks for, and every figure is a database aggregate — no movement or document row is
// loaded into the server to be summed.

/** The widgets this member may show: VIEW on the widget's resource (and, for the chart, its flag). */
export async function availableWidgets(db: Db, org: OrgContext): Promise<DashboardWidget[]> {
  const [flag] = await rows<{ enabled: boolean }>(
    db,
    sql`SELECT enabled FROM feature_flags WHERE name = ${DAILY_BALANCES_FLAG}`,
  );
  return DASHBOARD_WIDGETS.filter((widget) => {
    if (widget === 'dailyBalances' && !flag?.enabled) return false;
    if (org.role === 'owner') return true;
    const granted = org.grants[DASHBOARD_WIDGET_RESOURCES[widget]];
    return granted !== undefined && hasFlag(granted, PermissionFlag.VIEW);
  });
}

/** The saved layout, less the widgets no longer available; every available widget when none is saved. */
export async function loadLayout(
  db: Db,
  viewer: TreasuryViewer,
  available: readonly DashboardWidget[],
): Promise<DashboardLayout> {
  const [row] = await db
    .select({ layout: dashboardLayouts.layout })
    .from(dashboardLayouts)
    .where(
      and(
        eq(dashboardLayouts.userId, viewer.userId),
        eq(dashboardLayouts.organizationId, viewer.organizationId),
      ),
    );
  const saved = row ? ZDashboardLayout.safeParse(row.layout) : null;
  if (!saved?.success) return { widgets: [...available] };
  return { widgets: saved.data.widgets.filter((widget) => available.includes(widget)) };
}

export async function saveLayout(
  db: Db,
  viewer: TreasuryViewer,
  available: readonly DashboardWidget[],
  layout: DashboardLayout,
): Promise<DashboardLayout> {
  const refused = layout.widgets.filter((widget) => !available.includes(widget));
  if (refused.length > 0) {
    throw new AppError('VALIDATION_FAILED', `Widgets not available to you here: ${refused.join(', ')}.`, [
      {
        path: 'body.widgets',
        messageKey: 'DASHBOARDS.WIDGET_NOT_AVAILABLE',
        message: 'This widget is not available to you in this organization.',
      },
    ]);
  }
  const value = { widgets: [...layout.widgets] };
  await db
    .insert(dashboardLayouts)
    .values({ userId: viewer.userId, organizationId: viewer.organizationId, layout: value })
    .onConflictDoUpdate({
      target: [dashboardLayouts.userId, dashboardLayouts.organizationId],
      set: { layout: value, updatedAt: sql`now()` },
    });
  return value;
}

async function balances(db: Db, viewer: TreasuryViewer): Promise<NonNullable<DashboardData['balances']>> {
  const found = await listAccounts(db, viewer, false);
  return {
    accounts: found.accounts.map((a) => ({
      id: a.id,
      name: a.name,
      kind: a.kind,
      currency: a.currency,
      balance: a.balance,
    })),
    totals: found.totals,
    total: {
      currency: found.total.currency,
      balance: found.total.balance,
      missingRates: found.total.missingRates,
    },
  };
}

async function documentsToAttach(
  db: Db,
  viewer: TreasuryViewer,
): Promise<NonNullable<DashboardData['documentsToAttach']>> {
  const visible = await visibleAccountIds(db, viewer);
  const found = await rows<{ currency: string; count: string; amount: string }>(
    db,
    sql`SELECT trim(t.currency) AS currency, count(*) AS count, coalesce(sum(-t.amount), 0) AS amount
        FROM treasury_transactions t
        WHERE t.organization_id = ${viewer.organizationId} AND t.amount < 0 AND t.document_count = 0
          AND t.transfer_transaction_id IS NULL AND ${accountFilter(sql`t.account_id`, visible)}
        GROUP BY 1 ORDER BY 1`,
  );
  return {
    count: found.reduce((sum, row) => sum + Number(row.count), 0),
    totals: found.map((row) => ({ currency: row.currency, amount: Number(row.amount) })),
  };
}

/**
 * The VAT regime: for Portugal, the one the organization declares on /organization (monthly or
 * quarterly, by its turnover — CIVA art. 41.º); Angola's general regime is monthly.
 */
async function vatRegime(
  db: Db,
  organizationId: string,
  country: string,
): Promise<{ regime: VatRegime; basis: 'organization' | 'country' }> {
  if (country !== 'PT') return { regime: 'monthly', basis: 'country' };
  const [row] = await rows<{ vat_regime: VatRegime }>(
    db,
    sql`SELECT vat_regime FROM organizations WHERE id = ${organizationId}`,
  );
  return { regime: row?.vat_regime ?? 'monthly', basis: 'organization' };
}

/**
 * The figures of the widgets asked for, each from its own module. The widgets' queries are independent
 * reads, so they run at once: on PostgreSQL each takes a connection of the pool and the dashboard costs
 * its slowest widget rather than their sum (PGlite runs them one after the other).
 */
export async function assembleDashboard(
  db: Db,
  viewer: TreasuryViewer,
  country: string,
  widgets: readonly DashboardWidget[],
): Promise<DashboardData> {
  const data: DashboardData = {};
  const wants = new Set(widgets);
  const today = await organizationToday(db, viewer.organizationId);
  const pending: Promise<void>[] = [];
  const load = (widget: DashboardWidget, read: () => Promise<void>) => {
    if (wants.has(widget)) pending.push(read());
  };
  load('balances', async () => {
    data.balances = await balances(db, viewer);
  });
  load('dailyBalances', async () => {
    const daily = await dailyBalances(db, viewer, {
      from: addDays(today, 1 - DAILY_BALANCES_DAYS),
      to: today,
    });
    data.dailyBalances = { currency: daily.currency, points: daily.total };
  });
  load('receivables', async () => {
    data.receivables = await agingTotals(db, viewer.organizationId, 'customer', today);
  });
  load('payables', async () => {
    data.payables = await agingTotals(db, viewer.organizationId, 'supplier', today);
  });
  load('unreconciled', async () => {
    const accounts = (await reconciliationAccounts(db, viewer)).filter((a) => a.unreconciled > 0);
    data.unreconciled = {
      total: accounts.reduce((sum, a) => sum + a.unreconciled, 0),
      accounts: accounts.map((a) => ({ id: a.id, name: a.name, unreconciled: a.unreconciled })),
    };
  });
  load('documentsToAttach', async () => {
    data.documentsToAttach = await documentsToAttach(db, viewer);
  });
  load('taxDeadlines', async () => {
    const { regime, basis } = await vatRegime(db, viewer.organizationId, country);
    data.taxDeadlines = { regime, basis, items: nextVatDeadlines(country, regime, today) };
  });
  await Promise.all(pending);
  return data;
}
