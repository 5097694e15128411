import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rows } from '../../db/client.ts';
import { treasuryAccounts, treasuryMerchants, treasuryPosBatches, treasuryRules } from '../../db/schema.ts';
import { ensureDefaultCategories, insertEntries, lockAccount } from '../treasury/index.ts';
import {
  buildAngolanDemo,
  buildPortugueseDemo,
  type DemoMovement,
  type DemoTreasury,
} from './treasury-demo-data.ts';

// Writes the demo companies' accounts and movements. Every movement goes through the treasury's own
// insertEntries (running balances, de-duplication, hooks), a thousand rows a statement, so the demo
// behaves like imported data and the seed stays well under a second on PGlite.

export interface TreasurySeedTarget {
  organizationId: string;
  country: 'PT' | 'AO';
  createdBy: string;
}

/** Today as the demo sees it (UTC calendar date); a parameter so that tests can pin it. */
export function demoToday(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/**
 * Seeds the PT and AO demo companies' treasury. Skips an organization that already has an account, so
 * running it twice changes nothing.
 */
export async function seedDemoTreasury(
  tx: Db,
  targets: { pt: TreasurySeedTarget; ao: TreasurySeedTarget },
  today = demoToday(),
): Promise<void> {
  await seedOrganization(tx, targets.pt, buildPortugueseDemo(today));
  await seedOrganization(tx, targets.ao, buildAngolanDemo(today));
}

async function seedOrganization(tx: Db, target: TreasurySeedTarget, demo: DemoTreasury): Promise<void> {
  const { organizationId } = target;
  const existing = await rows<{ id: string }>(
    tx,
    sql`SELECT id FROM treasury_accounts WHERE organization_id = ${organizationId} LIMIT 1`,
  );
  if (existing.length > 0) return;

  const categories = await ensureDefaultCategories(tx, organizationId, target.country);
  const categoryId = (code: string | null) => (code ? (categories.get(code) ?? null) : null);

  const merchantRows = await tx
    .insert(treasuryMerchants)
    .values(
      demo.merchants.map((merchant) => ({
        organizationId,
        name: merchant.name,
        vatNumber: merchant.vatNumber,
        defaultCategoryId: categoryId(merchant.category),
      })),
    )
    .returning({ id: treasuryMerchants.id, name: treasuryMerchants.name });
  const merchants = new Map(merchantRows.map((row) => [row.name, row.id]));
  const merchantId = (name: string | null) => (name ? (merchants.get(name) ?? null) : null);

  const accountRows = await tx
    .insert(treasuryAccounts)
    .values(
      demo.accounts.map((account) => ({
        organizationId,
        kind: account.kind,
        name: account.name,
        institution: account.institution,
        iban: account.iban,
        bic: account.bic,
        currency: account.currency,
        openingBalance: account.openingBalance,
        openingDate: account.openingDate,
        createdBy: target.createdBy,
      })),
    )
    .returning({ id: treasuryAccounts.id, name: treasuryAccounts.name });
  const accountIdByName = new Map(accountRows.map((row) => [row.name, row.id]));
  const accountIds = new Map(
    demo.accounts.map((account) => [account.key, accountIdByName.get(account.name) as string]),
  );

  for (const account of demo.accounts) {
    if (account.movements.length === 0) continue;
    const locked = await lockAccount(tx, organizationId, accountIds.get(account.key) as string);
    const byEntry = new Map(
      account.movements.map((movement): [object, DemoMovement] => [movement.entry, movement]),
    );
    await insertEntries(tx, {
      account: locked,
      entries: account.movements.map((movement) => movement.entry),
      source: account.kind === 'cash' ? 'manual' : 'import',
      createdBy: target.createdBy,
      classify: (entry) => {
        const movement = byEntry.get(entry);
        return {
          categoryId: categoryId(movement?.category ?? null),
          merchantId: merchantId(movement?.merchant ?? null),
        };
      },
    });
  }

  // Transfers and settlements name their movements by bank reference, unique in each account.
  const movementIds = new Map<string, string>();
  if (demo.transfers.length > 0 || demo.posBatches.length > 0) {
    const inserted = await rows<{ id: string; account_id: string; bank_reference: string }>(
      tx,
      sql`SELECT id, account_id, bank_reference FROM treasury_transactions
          WHERE organization_id = ${organizationId} AND bank_reference IS NOT NULL`,
    );
    for (const row of inserted) movementIds.set(`${row.account_id}:${row.bank_reference}`, row.id);
  }
  const movementId = (side: { account: string; bankReference: string }) =>
    movementIds.get(`${accountIds.get(side.account)}:${side.bankReference}`);

  const links: SQL[] = [];
  for (const transfer of demo.transfers) {
    const from = movementId(transfer.from);
    const to = movementId(transfer.to);
    if (!from || !to) continue;
    links.push(sql`(${from}::uuid, ${to}::uuid)`, sql`(${to}::uuid, ${from}::uuid)`);
  }
  if (links.length > 0) {
    await tx.execute(sql`
      UPDATE treasury_transactions t SET transfer_transaction_id = pair.other, category_id = NULL
      FROM (VALUES ${sql.join(links, sql`, `)}) AS pair(id, other)
      WHERE t.id = pair.id AND t.organization_id = ${organizationId}`);
  }

  if (demo.posBatches.length > 0) {
    await tx.insert(treasuryPosBatches).values(
      demo.posBatches.map((batch) => ({
        organizationId,
        accountId: accountIds.get(batch.account) as string,
        batchDate: batch.batchDate,
        reference: batch.reference,
        salesCount: batch.salesCount,
        gross: batch.gross,
        fees: batch.fees,
        net: batch.net,
        expectedSettlementDate: batch.expectedSettlementDate,
        settlementTransactionId: movementId(batch.settlement) ?? null,
      })),
    );
  }

  const rules = demo.rules.flatMap((rule) => {
    const category = categoryId(rule.category);
    if (!category) return [];
    return [
      {
        organizationId,
        name: rule.name,
        priority: rule.priority,
        conditions: [{ field: 'description', operator: 'contains', value: rule.contains }],
        actions: {
          categoryId: category,
          ...(rule.merchant ? { merchantId: merchantId(rule.merchant) } : {}),
        },
      },
    ];
  });
  if (rules.length > 0) await tx.insert(treasuryRules).values(rules);
}
