import { randomUUID } from 'node:crypto';
import {
  type ColumnMapping,
  type ImportRejection,
  type ImportResult,
  type ParsedStatement,
  STATEMENT_MAX_BYTES,
  type StatementFormat,
  ZColumnMapping,
} from '@fluxo/domain';
import type { Db } from '../../../db/client.ts';
import type { Config } from '../../../platform/config.ts';
import { AppError } from '../../../platform/errors.ts';
import { notifyOrganization, notifyUser } from '../../../realtime/notify.ts';
import { type TreasuryViewer, visibleAccountIds } from '../accounts/account-scope.ts';
import { insertEntries, lockAccount } from '../transactions/ingest.ts';
import * as repository from './imports.repository.ts';
import { minorDigits, minorToDecimal } from './parsers/amount.ts';
import { detectFormat, parseStatementFile, readTable } from './parsers/index.ts';
import { Rejections, rejectFile } from './parsers/rejection.ts';
import {
  cellText,
  guessMapping,
  headerAt,
  headerSignature,
  type Table,
  tableToStatement,
} from './parsers/tabular.ts';
import { normaliseIban } from './parsers/text.ts';
import { type SpooledFile, spoolBody } from './spool.ts';

// Statement imports: the file is received to disk, its format detected, read and checked whole; only a
// file without a single bad line is written, in one transaction that holds the account's lock.

export interface ImportDeps {
  db: Db;
  config: Config;
}

const PREVIEW_ENTRIES = 20;
const PREVIEW_ROWS = 10;

export interface ImportOptions {
  uploadId?: string;
  format?: StatementFormat;
  mapping?: string;
  saveProfile?: boolean;
  profileName?: string;
  fileName?: string | null;
}

async function accountFor(deps: ImportDeps, viewer: TreasuryViewer, accountId: string) {
  const visible = await visibleAccountIds(deps.db, viewer);
  const account = await repository.findAccount(deps.db, viewer.organizationId, accountId, visible);
  if (!account) throw new AppError('NOT_FOUND', 'No such account in this organization.');
  return account;
}

/** The mapping sent as JSON in the query string, checked like a body. */
function parseMappingText(text: string): ColumnMapping {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  const parsed = ZColumnMapping.safeParse(json);
  if (!parsed.success) {
    throw new AppError(
      'VALIDATION_FAILED',
      'The column mapping is not valid.',
      (parsed.error?.issues ?? []).slice(0, 20).map((issue) => ({
        path: ['query', 'mapping', ...issue.path.map(String)].join('.'),
        messageKey: 'VALIDATION.INVALID',
        message: issue.message,
      })),
    );
  }
  return parsed.data;
}

function formatOf(file: SpooledFile, asked: StatementFormat | undefined): StatementFormat {
  if (file.size === 0) throw rejectFile('MALFORMED', 'The file is empty.');
  const detected = detectFormat(file.head);
  if (asked) return asked;
  if (!detected) {
    throw new AppError(
      'STATEMENT_FORMAT_UNKNOWN',
      'This file is not a statement Fluxo can read (CAMT.053, OFX, MT940, CSV or XLSX).',
    );
  }
  return detected;
}

interface TabularPlan {
  table: Table;
  mapping: ColumnMapping | null;
  profileId: string | null;
  signature: string;
}

/**
 * The rows of a CSV/XLSX file and how to read them: the mapping sent, else the saved profile whose header
 * this file has, else a guess from the header names.
 */
async function planTabular(
  deps: ImportDeps,
  organizationId: string,
  file: SpooledFile,
  format: 'csv' | 'xlsx',
  mappingText: string | undefined,
): Promise<TabularPlan> {
  if (mappingText !== undefined) {
    const mapping = parseMappingText(mappingText);
    const table = await readTable(file.path, format, { mapping });
    return { table, mapping, profileId: null, signature: headerSignature(headerAt(table, mapping.skipRows)) };
  }
  let table = await readTable(file.path, format);
  const profiles = await repository.listProfiles(deps.db, organizationId);
  const profile = profiles.find(
    (candidate) => headerSignature(headerAt(table, candidate.mapping.skipRows)) === candidate.headerSignature,
  );
  if (profile) {
    const sameReading =
      format === 'xlsx' ||
      (table.encoding === profile.mapping.encoding &&
        (!profile.mapping.delimiter || table.delimiter === profile.mapping.delimiter));
    if (!sameReading) table = await readTable(file.path, format, { mapping: profile.mapping });
    return { table, mapping: profile.mapping, profileId: profile.id, signature: profile.headerSignature };
  }
  const mapping = guessMapping(table);
  return {
    table,
    mapping,
    profileId: null,
    signature: headerSignature(headerAt(table, mapping?.skipRows ?? 0)),
  };
}

/** Lines whose currency is not the account's, and a whole file in another currency. */
function checkStatementAgainstAccount(statement: ParsedStatement, account: repository.ImportAccount): void {
  if (statement.currency && statement.currency !== account.currency) {
    throw new AppError(
      'CURRENCY_MISMATCH',
      `The statement is in ${statement.currency} and the account in ${account.currency}.`,
    );
  }
  const fileIban = normaliseIban(statement.accountIban);
  const accountIban = normaliseIban(account.iban);
  if (fileIban && accountIban && fileIban !== accountIban) {
    throw rejectFile('ACCOUNT_MISMATCH', `The statement is of account ${fileIban}, not of ${accountIban}.`);
  }
  const rejections = new Rejections();
  for (const entry of statement.entries) {
    if (entry.currency && entry.currency !== account.currency) {
      rejections.add(
        entry.line,
        'CURRENCY_MISMATCH',
        `A ${entry.currency} movement in a ${account.currency} account.`,
      );
    }
  }
  rejections.throwIfAny();
}

function period(statement: ParsedStatement): { from: string | null; to: string | null } {
  let from: string | null = null;
  let to: string | null = null;
  for (const entry of statement.entries) {
    if (from === null || entry.bookingDate < from) from = entry.bookingDate;
    if (to === null || entry.bookingDate > to) to = entry.bookingDate;
  }
  return {
    from: from ?? statement.openingBalance?.date ?? statement.closingBalance?.date ?? null,
    to: to ?? statement.closingBalance?.date ?? statement.openingBalance?.date ?? null,
  };
}

// ── Preview ───────────────────────────────────────────────────────────────────────────────────────

export async function previewStatement(
  deps: ImportDeps,
  viewer: TreasuryViewer,
  accountId: string,
  body: unknown,
  query: { format?: StatementFormat; mapping?: string },
) {
  const account = await accountFor(deps, viewer, accountId);
  const file = await spoolBody(body, deps.config.dataDir, STATEMENT_MAX_BYTES);
  try {
    const format = formatOf(file, query.format);
    let header: string[] = [];
    let sampleRows: string[][] = [];
    let mapping: ColumnMapping | null = null;
    let profileId: string | null = null;
    let statement: ParsedStatement | null = null;
    let rejected: ImportRejection[] = [];
    try {
      if (format === 'csv' || format === 'xlsx') {
        const plan = await planTabular(deps, viewer.organizationId, file, format, query.mapping);
        mapping = plan.mapping;
        profileId = plan.profileId;
        const skip = mapping?.skipRows ?? 0;
        header = headerAt(plan.table, skip);
        sampleRows = plan.table.rows
          .slice(skip + 1, skip + 1 + PREVIEW_ROWS)
          .map((row) => row.cells.map(cellText));
        if (mapping) statement = tableToStatement(plan.table, mapping, format, account.currency);
      } else {
        statement = await parseStatementFile(file.path, format, { currency: account.currency });
      }
      if (statement) checkStatementAgainstAccount(statement, account);
    } catch (error) {
      // The preview shows why the file would be refused instead of failing.
      if (!(error instanceof AppError) || error.code !== 'STATEMENT_REJECTED') throw error;
      rejected = (error.details ?? []).map((detail) => ({
        line: detail.path.startsWith('line ') ? Number(detail.path.slice(5)) : null,
        code: detail.messageKey.replace('TREASURY.IMPORT.REJECT.', ''),
        message: detail.message,
      }));
      statement = null;
    }
    const range = statement ? period(statement) : { from: null, to: null };
    return {
      format,
      header,
      rows: sampleRows,
      mapping,
      profileId,
      entries: (statement?.entries ?? []).slice(0, PREVIEW_ENTRIES).map((entry) => ({
        line: entry.line,
        bookingDate: entry.bookingDate,
        amount: entry.amount,
        description: entry.description,
      })),
      entryCount: statement?.entries.length ?? 0,
      rejected,
      accountIban: statement?.accountIban ?? null,
      currency: statement?.currency ?? null,
      periodFrom: range.from,
      periodTo: range.to,
      openingBalance: statement?.openingBalance?.amount ?? null,
      closingBalance: statement?.closingBalance?.amount ?? null,
    };
  } finally {
    await file.remove();
  }
}

// ── Import ────────────────────────────────────────────────────────────────────────────────────────

type UploadStatus = 'received' | 'parsing' | 'saving' | 'done' | 'failed';

/** UPDATE_UPLOAD_FILE_STATUS to the uploader; written on its own (outside the import's transaction). */
function progressReporter(db: Db, userId: string, fileId: string, fileName: string | null) {
  let queue: Promise<unknown> = Promise.resolve();
  const send = (executor: Db, status: UploadStatus, percent: number) =>
    notifyUser(executor, userId, 'UPDATE_UPLOAD_FILE_STATUS', {
      FileId: fileId,
      Status: status,
      Percent: percent,
      ...(fileName ? { FileName: fileName.slice(0, 300) } : {}),
    });
  return {
    /** Queued so that a synchronous parser callback can report without awaiting. */
    report(status: UploadStatus, percent: number) {
      queue = queue.then(() => send(db, status, percent)).catch(() => undefined);
    },
    flush: () => queue,
    /** Inside the import's transaction: delivered exactly when the import commits. */
    inside: (tx: Db, status: UploadStatus, percent: number) => send(tx, status, percent),
  };
}

export async function importStatement(
  deps: ImportDeps,
  viewer: TreasuryViewer,
  accountId: string,
  body: unknown,
  options: ImportOptions,
): Promise<ImportResult> {
  const account = await accountFor(deps, viewer, accountId);
  const importId = randomUUID();
  const fileName = options.fileName?.trim() || null;
  const progress = progressReporter(deps.db, viewer.userId, options.uploadId ?? importId, fileName);
  let file: SpooledFile | null = null;
  try {
    if (account.archived)
      throw new AppError('ACCOUNT_ARCHIVED', 'This account is archived: restore it first.');
    file = await spoolBody(body, deps.config.dataDir, STATEMENT_MAX_BYTES);
    progress.report('received', 0);
    const format = formatOf(file, options.format);
    progress.report('parsing', 5);
    const size = file.size;
    let lastTenth = 0;
    const onProgress = (bytesRead: number) => {
      const tenth = Math.floor((bytesRead / size) * 10);
      if (tenth > lastTenth && tenth < 10) {
        lastTenth = tenth;
        progress.report('parsing', 5 + tenth * 5);
      }
    };
    let statement: ParsedStatement;
    let plan: TabularPlan | null = null;
    if (format === 'csv' || format === 'xlsx') {
      plan = await planTabular(deps, viewer.organizationId, file, format, options.mapping);
      if (!plan.mapping) {
        throw new AppError(
          'IMPORT_MAPPING_REQUIRED',
          'Tell Fluxo which column holds the date, the description and the amount.',
        );
      }
      statement = tableToStatement(plan.table, plan.mapping, format, account.currency);
      plan.table.rows.length = 0;
    } else {
      statement = await parseStatementFile(file.path, format, { currency: account.currency, onProgress });
    }
    checkStatementAgainstAccount(statement, account);
    progress.report('saving', 55);
    await progress.flush();
    const range = period(statement);
    const sha256 = file.sha256;
    const result = await deps.db.transaction(async (tx) => {
      const locked = await lockAccount(tx, viewer.organizationId, account.id);
      if (locked.archived)
        throw new AppError('ACCOUNT_ARCHIVED', 'This account is archived: restore it first.');
      await repository.insertImport(tx, {
        id: importId,
        organizationId: viewer.organizationId,
        accountId: account.id,
        format,
        fileName,
        fileSha256: sha256,
        createdBy: viewer.userId,
      });
      const inserted = await insertEntries(tx, {
        account: locked,
        entries: statement.entries,
        source: 'import',
        importId,
        createdBy: viewer.userId,
      });
      const check = await checkBalance(tx, locked, statement, range.from);
      if (options.saveProfile && plan?.mapping && plan.signature) {
        await repository.saveProfile(tx, {
          organizationId: viewer.organizationId,
          name: options.profileName?.trim() || fileName || account.name,
          accountId: account.id,
          headerSignature: plan.signature,
          mapping: plan.mapping,
        });
      }
      const finished = await repository.finishImport(tx, viewer.organizationId, importId, {
        imported: inserted.insertedIds.length,
        duplicates: inserted.duplicates,
        periodFrom: range.from,
        periodTo: range.to,
        statementOpeningBalance: statement.openingBalance?.amount ?? null,
        statementClosingBalance: statement.closingBalance?.amount ?? null,
        ...check,
      });
      await progress.inside(tx, 'done', 100);
      await notifyOrganization(tx, viewer.organizationId, 'UPDATE_STATEMENT', {
        StatementId: importId,
        AccountId: account.id,
        OrganizationId: viewer.organizationId,
      });
      return finished;
    });
    return result;
  } catch (error) {
    // The transaction's own messages vanished with it: the failure is told on its own.
    await progress.flush();
    await notifyUser(deps.db, viewer.userId, 'UPDATE_UPLOAD_FILE_STATUS', {
      FileId: options.uploadId ?? importId,
      Status: 'failed',
      ...(fileName ? { FileName: fileName.slice(0, 300) } : {}),
    }).catch(() => undefined);
    throw error;
  } finally {
    await file?.remove();
  }
}

/**
 * Does the account end on the file's closing balance? When not, the note says the likely reason: earlier
 * movements missing (the file's opening balance differs from the account's balance before the period), or
 * movements of the period that differ.
 */
async function checkBalance(
  tx: Db,
  account: { id: string; openingBalance: number; currency: string },
  statement: ParsedStatement,
  periodFrom: string | null,
): Promise<{
  accountBalanceAtEnd: number | null;
  balanceMatches: boolean | null;
  balanceNote: string | null;
}> {
  const closing = statement.closingBalance;
  if (!closing) {
    return {
      accountBalanceAtEnd: null,
      balanceMatches: null,
      balanceNote: 'The file gives no closing balance, so the account could not be checked against it.',
    };
  }
  const digits = minorDigits(account.currency) ?? 2;
  const money = (value: number) => `${minorToDecimal(value, digits)} ${account.currency}`;
  const { atEnd } = await repository.balanceAround(tx, account, closing.date);
  if (atEnd === closing.amount)
    return { accountBalanceAtEnd: atEnd, balanceMatches: true, balanceNote: null };
  const opening = statement.openingBalance;
  const startDate = periodFrom ?? opening?.date ?? closing.date;
  if (opening) {
    const { before } = await repository.balanceAround(tx, account, startDate);
    if (before !== opening.amount) {
      return {
        accountBalanceAtEnd: atEnd,
        balanceMatches: false,
        balanceNote:
          `Movements before ${startDate} are missing or differ: the file's opening balance is ${money(opening.amount)}, ` +
          `the account has ${money(before)} before that day (its opening balance or earlier statements).`,
      };
    }
  }
  return {
    accountBalanceAtEnd: atEnd,
    balanceMatches: false,
    balanceNote:
      `On ${closing.date} the account has ${money(atEnd)} and the file's closing balance is ${money(closing.amount)}: ` +
      'movements of the period differ (entered by hand, or imported from another file).',
  };
}

// ── Lists and profiles ────────────────────────────────────────────────────────────────────────────

export async function listAccountImports(deps: ImportDeps, viewer: TreasuryViewer, accountId: string) {
  const account = await accountFor(deps, viewer, accountId);
  return repository.listImports(deps.db, viewer.organizationId, account.id);
}

export async function listImportProfiles(deps: ImportDeps, organizationId: string) {
  const profiles = await repository.listProfiles(deps.db, organizationId);
  return profiles.map((profile) => ({
    id: profile.id,
    name: profile.name,
    accountId: profile.accountId,
    header: profile.headerSignature.split('|'),
    mapping: profile.mapping,
    updatedAt: profile.updatedAt,
  }));
}

export async function deleteImportProfile(deps: ImportDeps, organizationId: string, profileId: string) {
  if (!(await repository.deleteProfile(deps.db, organizationId, profileId))) {
    throw new AppError('NOT_FOUND', 'No such import profile in this organization.');
  }
  return { deleted: true as const };
}
