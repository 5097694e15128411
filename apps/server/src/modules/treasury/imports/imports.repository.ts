import type { ColumnMapping, ImportResult, StatementFormat } from '@fluxo/domain';
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../../../db/client.ts';

// SQL of statement imports and saved column mappings; every statement names the organization.

export interface ImportAccount {
  id: string;
  name: string;
  currency: string;
  iban: string | null;
  archived: boolean;
  openingBalance: number;
}

interface ImportRow {
  id: string;
  account_id: string;
  format: string;
  file_name: string | null;
  status: 'processing' | 'done' | 'failed';
  imported: number;
  duplicates: number;
  rejected: ImportResult['rejected'] | null;
  period_from: string | null;
  period_to: string | null;
  statement_opening_balance: string | number | null;
  statement_closing_balance: string | number | null;
  account_balance_at_end: string | number | null;
  balance_matches: boolean | null;
  balance_note: string | null;
  created_at: Date | string;
}

const numberOrNull = (value: string | number | null) => (value === null ? null : Number(value));

function toResult(row: ImportRow): ImportResult {
  return {
    id: row.id,
    accountId: row.account_id,
    format: row.format as ImportResult['format'],
    fileName: row.file_name,
    status: row.status,
    imported: row.imported,
    duplicates: row.duplicates,
    rejected: row.rejected ?? [],
    periodFrom: row.period_from,
    periodTo: row.period_to,
    statementOpeningBalance: numberOrNull(row.statement_opening_balance),
    statementClosingBalance: numberOrNull(row.statement_closing_balance),
    accountBalanceAtEnd: numberOrNull(row.account_balance_at_end),
    balanceMatches: row.balance_matches,
    balanceNote: row.balance_note,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** The account, when it is the organization's and among the accounts the viewer sees. */
export async function findAccount(
  db: Db,
  organizationId: string,
  accountId: string,
  visible: string[] | null,
): Promise<ImportAccount | null> {
  if (visible !== null && !visible.includes(accountId)) return null;
  const [row] = await rows<{
    id: string;
    name: string;
    currency: string;
    iban: string | null;
    archived: boolean;
    opening_balance: string | number;
  }>(
    db,
    sql`SELECT id, name, currency, iban, archived, opening_balance FROM treasury_accounts
        WHERE id = ${accountId} AND organization_id = ${organizationId}`,
  );
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    currency: row.currency.trim(),
    iban: row.iban,
    archived: row.archived,
    openingBalance: Number(row.opening_balance),
  };
}

export async function insertImport(
  tx: Db,
  input: {
    id: string;
    organizationId: string;
    accountId: string;
    format: StatementFormat;
    fileName: string | null;
    fileSha256: string;
    createdBy: string;
  },
): Promise<void> {
  await tx.execute(sql`
    INSERT INTO treasury_imports (id, organization_id, account_id, format, file_name, file_sha256, status, created_by)
    VALUES (${input.id}, ${input.organizationId}, ${input.accountId}, ${input.format}, ${input.fileName},
            ${input.fileSha256}, 'processing', ${input.createdBy})`);
}

export async function finishImport(
  tx: Db,
  organizationId: string,
  importId: string,
  outcome: {
    imported: number;
    duplicates: number;
    periodFrom: string | null;
    periodTo: string | null;
    statementOpeningBalance: number | null;
    statementClosingBalance: number | null;
    accountBalanceAtEnd: number | null;
    balanceMatches: boolean | null;
    balanceNote: string | null;
  },
): Promise<ImportResult> {
  const [row] = await rows<ImportRow>(
    tx,
    sql`UPDATE treasury_imports SET status = 'done', imported = ${outcome.imported}, duplicates = ${outcome.duplicates},
          rejected = '[]'::jsonb, period_from = ${outcome.periodFrom}, period_to = ${outcome.periodTo},
          statement_opening_balance = ${outcome.statementOpeningBalance},
          statement_closing_balance = ${outcome.statementClosingBalance},
          account_balance_at_end = ${outcome.accountBalanceAtEnd}, balance_matches = ${outcome.balanceMatches},
          balance_note = ${outcome.balanceNote}, finished_at = now()
        WHERE id = ${importId} AND organization_id = ${organizationId}
        RETURNING *`,
  );
  if (!row) throw new Error(`import ${importId} vanished inside its own transaction`);
  return toResult(row);
}

export async function listImports(
  db: Db,
  organizationId: string,
  accountId: string,
): Promise<ImportResult[]> {
  const found = await rows<ImportRow>(
    db,
    sql`SELECT * FROM treasury_imports WHERE organization_id = ${organizationId} AND account_id = ${accountId}
        ORDER BY created_at DESC, id LIMIT 200`,
  );
  return found.map(toResult);
}

/** The account's balance (opening plus movements) at the end of `date`, and before `date`. */
export async function balanceAround(
  tx: Db,
  account: { id: string; openingBalance: number },
  date: string,
): Promise<{ before: number; atEnd: number }> {
  const [row] = await rows<{ before: string | number; through: string | number }>(
    tx,
    sql`SELECT coalesce(sum(amount) FILTER (WHERE booking_date < ${date}), 0) AS before,
               coalesce(sum(amount) FILTER (WHERE booking_date <= ${date}), 0) AS through
        FROM treasury_transactions WHERE account_id = ${account.id} AND booking_date <= ${date}`,
  );
  return {
    before: account.openingBalance + Number(row?.before ?? 0),
    atEnd: account.openingBalance + Number(row?.through ?? 0),
  };
}

// ── Profiles ──────────────────────────────────────────────────────────────────────────────────────

export interface ProfileRow {
  id: string;
  name: string;
  accountId: string | null;
  headerSignature: string;
  mapping: ColumnMapping;
  updatedAt: string;
}

interface RawProfile {
  id: string;
  name: string;
  account_id: string | null;
  header_signature: string;
  mapping: ColumnMapping | string;
  updated_at: Date | string;
}

const toProfile = (row: RawProfile): ProfileRow => ({
  id: row.id,
  name: row.name,
  accountId: row.account_id,
  headerSignature: row.header_signature,
  mapping: typeof row.mapping === 'string' ? (JSON.parse(row.mapping) as ColumnMapping) : row.mapping,
  updatedAt: new Date(row.updated_at).toISOString(),
});

export async function listProfiles(db: Db, organizationId: string): Promise<ProfileRow[]> {
  const found = await rows<RawProfile>(
    db,
    sql`SELECT id, name, account_id, header_signature, mapping, updated_at FROM treasury_import_profiles
        WHERE organization_id = ${organizationId} ORDER BY updated_at DESC LIMIT 500`,
  );
  return found.map(toProfile);
}

/** Creates or replaces the organization's profile for that header. */
export async function saveProfile(
  tx: Db,
  input: {
    organizationId: string;
    name: string;
    accountId: string;
    headerSignature: string;
    mapping: ColumnMapping;
  },
): Promise<void> {
  await tx.execute(sql`
    INSERT INTO treasury_import_profiles (organization_id, name, header_signature, account_id, mapping)
    VALUES (${input.organizationId}, ${input.name}, ${input.headerSignature}, ${input.accountId},
            ${JSON.stringify(input.mapping)}::jsonb)
    ON CONFLICT (organization_id, header_signature)
    DO UPDATE SET name = excluded.name, account_id = excluded.account_id, mapping = excluded.mapping,
                  updated_at = now()`);
}

export async function deleteProfile(db: Db, organizationId: string, profileId: string): Promise<boolean> {
  const deleted = await rows<{ id: string }>(
    db,
    sql`DELETE FROM treasury_import_profiles WHERE id = ${profileId} AND organization_id = ${organizationId}
        RETURNING id`,
  );
  return deleted.length > 0;
}
