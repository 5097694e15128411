import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import {
  accountingFiscalYears,
  accountingJournals,
  accountingPeriods,
  accountingSettings,
  organizations,
} from '../../../db/schema.ts';
import { AppError } from '../../../platform/errors.ts';
import { seedChart } from '../charts/seed.ts';

export type JournalKind = 'sales' | 'purchases' | 'bank' | 'cash' | 'general' | 'opening';
export type ChartName = 'SNC' | 'PGC';

/** The journals every organization has (SAF-T JournalID and the kind automatic posting uses). */
export const DEFAULT_JOURNALS: readonly { code: string; kind: JournalKind; name: string }[] = [
  { code: 'VND', kind: 'sales', name: 'Vendas' },
  { code: 'CMP', kind: 'purchases', name: 'Compras' },
  { code: 'BCO', kind: 'bank', name: 'Bancos' },
  { code: 'CXA', kind: 'cash', name: 'Caixa' },
  { code: 'DIV', kind: 'general', name: 'Diversos' },
  { code: 'ABE', kind: 'opening', name: 'Abertura' },
];

/** Angolan organizations keep the PGC; everyone else the Portuguese SNC. */
export function chartOfCountry(country: string): ChartName {
  return country === 'AO' ? 'PGC' : 'SNC';
}

/**
 * The organization's accounting set-up, made on first use: settings, chart, journals. Idempotent and
 * safe under concurrency (every insert is ON CONFLICT DO NOTHING).
 */
export async function ensureLedger(tx: Db, organizationId: string): Promise<{ chart: ChartName }> {
  const [existing] = await tx
    .select({ chart: accountingSettings.chart })
    .from(accountingSettings)
    .where(eq(accountingSettings.organizationId, organizationId));
  if (existing) return { chart: existing.chart as ChartName };
  const [organization] = await tx
    .select({ country: organizations.country, fiscalYearStartMonth: organizations.fiscalYearStartMonth })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  if (!organization) throw new AppError('NOT_FOUND', 'Unknown organization.');
  const chart = chartOfCountry(organization.country);
  await tx
    .insert(accountingSettings)
    .values({
      organizationId,
      chart,
      taxonomyReference: chart === 'SNC' ? 'S' : 'O',
      // The organization's fiscal settings (/organization) say when its year starts.
      fiscalYearStartMonth: organization.fiscalYearStartMonth,
    })
    .onConflictDoNothing();
  await seedChart(tx, organizationId, chart);
  await tx
    .insert(accountingJournals)
    .values(DEFAULT_JOURNALS.map((journal) => ({ organizationId, ...journal })))
    .onConflictDoNothing();
  return { chart };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The last day of a month (month 1–12). */
function monthEnd(year: number, month: number): string {
  const day = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${pad(month)}-${pad(day)}`;
}

/**
 * The fiscal year holding `date`, created with its periods when missing: 0 opening (its first day),
 * 1–12 the months, 13–16 the closing periods (its last day). Fiscal years follow the settings' start month.
 */
export async function ensureFiscalYear(tx: Db, organizationId: string, date: string) {
  const [found] = await tx
    .select()
    .from(accountingFiscalYears)
    .where(
      and(
        eq(accountingFiscalYears.organizationId, organizationId),
        sql`${accountingFiscalYears.startDate} <= ${date} AND ${accountingFiscalYears.endDate} >= ${date}`,
      ),
    );
  if (found) return found;
  const [settings] = await tx
    .select({ startMonth: accountingSettings.fiscalYearStartMonth })
    .from(accountingSettings)
    .where(eq(accountingSettings.organizationId, organizationId));
  const startMonth = settings?.startMonth ?? 1;
  const [y, m] = date.split('-').map(Number) as [number, number];
  const year = m >= startMonth ? y : y - 1;
  const months = Array.from({ length: 12 }, (_, i) => {
    const month = ((startMonth - 1 + i) % 12) + 1;
    const monthYear = year + Math.floor((startMonth - 1 + i) / 12);
    return { start: `${monthYear}-${pad(month)}-01`, end: monthEnd(monthYear, month) };
  });
  const startDate = months[0]?.start as string;
  const endDate = months[11]?.end as string;
  await tx
    .insert(accountingFiscalYears)
    .values({ organizationId, year, startDate, endDate })
    .onConflictDoNothing();
  const [fiscalYear] = await tx
    .select()
    .from(accountingFiscalYears)
    .where(
      and(eq(accountingFiscalYears.organizationId, organizationId), eq(accountingFiscalYears.year, year)),
    );
  if (!fiscalYear) throw new AppError('INTERNAL', 'The fiscal year could not be created.');
  const periods = [
    { number: 0, startDate, endDate: startDate },
    ...months.map((month, i) => ({ number: i + 1, startDate: month.start, endDate: month.end })),
    ...[13, 14, 15, 16].map((number) => ({ number, startDate: endDate, endDate })),
  ];
  await tx
    .insert(accountingPeriods)
    .values(periods.map((period) => ({ organizationId, fiscalYearId: fiscalYear.id, ...period })))
    .onConflictDoNothing();
  return fiscalYear;
}
