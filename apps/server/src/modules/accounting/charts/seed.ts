import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import type { ChartName } from '../ledger/setup.ts';

/** An account of an official chart as kept in resources/fiscal/charts/<chart>.json (see its NOTICE). */
export interface ChartAccount {
  code: string;
  name: string;
  parentCode: string | null;
  groupingCategory: 'GR' | 'GA' | 'GM';
  taxonomyCode: number | null;
  nature: 'asset' | 'liability' | 'equity' | 'income' | 'expense' | 'result' | 'analytic';
}

export const CHARTS_FOLDER = path.join(import.meta.dirname, '../../../../resources/fiscal/charts');

const charts = new Map<ChartName, Promise<ChartAccount[]>>();

/** The official chart, read once per process. */
export function chartAccounts(chart: ChartName): Promise<ChartAccount[]> {
  let accounts = charts.get(chart);
  if (!accounts) {
    accounts = readFile(path.join(CHARTS_FOLDER, `${chart.toLowerCase()}.json`), 'utf8').then(
      (text) => JSON.parse(text) as ChartAccount[],
    );
    charts.set(chart, accounts);
  }
  return accounts;
}

/** Copies the official chart into the organization's accounts (one statement; existing codes kept). */
export async function seedChart(tx: Db, organizationId: string, chart: ChartName): Promise<void> {
  const accounts = await chartAccounts(chart);
  await tx.execute(sql`
    INSERT INTO accounting_accounts
      (organization_id, code, name, parent_code, grouping_category, taxonomy_code, nature, system)
    SELECT ${organizationId}, a.code, a.name, a."parentCode", a."groupingCategory", a."taxonomyCode", a.nature, true
    FROM jsonb_to_recordset(${JSON.stringify(accounts)}::jsonb)
      AS a(code text, name text, "parentCode" text, "groupingCategory" text, "taxonomyCode" int, nature text)
    ON CONFLICT (organization_id, code) DO NOTHING`);
}
