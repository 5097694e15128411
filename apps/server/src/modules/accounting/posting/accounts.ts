import { POSTING_ROLES, type PostingRole } from '@fluxo/domain';
import { sql } from 'drizzle-orm';
import { type Db, preparedRows, rows } from '../../../db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import type { ChartName } from '../ledger/setup.ts';

// The accounts automatic posting uses: by role (customers, sales of goods, VAT payable…), with the
// organization's own choices (accounting_settings.default_accounts, changed on the mappings screen)
// over the chart's defaults below; and the sub-accounts it opens on demand — one per customer and
// supplier under the customers' and suppliers' account, one per treasury account under bank or cash.

export type { PostingRole };

interface RoleDefault {
  /** Candidates, most specific first: the first the organization's chart has is used. */
  codes: readonly string[];
  /** Name of the account when posting has to open it (the chart has none of the candidates). */
  name: string;
}

/**
 * SNC (Portaria 218/2015 code list) and PGC (Decreto 82/01) defaults: the movement account of the full
 * chart (resources/fiscal/charts) first, then its group, for charts seeded before the full ones or
 * edited since. A role whose account the chart lacks is opened under its parent the first time it is used.
 */
export const ROLE_DEFAULTS: Record<ChartName, Record<PostingRole, RoleDefault>> = {
  SNC: {
    customers: { codes: ['2111', '211'], name: 'Clientes c/c' },
    suppliers: { codes: ['2211', '221'], name: 'Fornecedores c/c' },
    bank: { codes: ['12'], name: 'Depósitos à ordem' },
    cash: { codes: ['11'], name: 'Caixa' },
    salesGoods: { codes: ['711', '71'], name: 'Vendas' },
    salesServices: { codes: ['721', '72'], name: 'Prestações de serviços' },
    vatOutput: { codes: ['2433'], name: 'IVA liquidado' },
    vatInput: { codes: ['2432'], name: 'IVA dedutível' },
    withholdingSuffered: { codes: ['241'], name: 'Imposto sobre o rendimento' },
    withholdingToPay: { codes: ['242'], name: 'Retenção de impostos sobre rendimentos' },
    purchases: { codes: ['6268', '62'], name: 'Outros serviços' },
    otherIncome: { codes: ['7888', '78'], name: 'Outros não especificados' },
    otherExpense: { codes: ['6888', '68'], name: 'Outros não especificados' },
  },
  PGC: {
    customers: { codes: ['311'], name: 'Clientes - correntes' },
    suppliers: { codes: ['321'], name: 'Fornecedores - correntes' },
    bank: { codes: ['431', '43'], name: 'Moeda nacional' },
    cash: { codes: ['451', '45'], name: 'Fundo fixo' },
    salesGoods: { codes: ['613', '61'], name: 'Mercadorias' },
    salesServices: { codes: ['621', '62'], name: 'Serviços principais' },
    vatOutput: { codes: ['3453'], name: 'IVA liquidado' },
    vatInput: { codes: ['3451'], name: 'IVA suportado' },
    withholdingSuffered: { codes: ['341'], name: 'Imposto sobre os lucros' },
    withholdingToPay: { codes: ['343'], name: 'Imposto sobre o rendimento de trabalho e retenções' },
    purchases: { codes: ['752', '75'], name: 'Fornecimentos e serviços de terceiros' },
    otherIncome: { codes: ['638', '63'], name: 'Outros proveitos e ganhos operacionais' },
    otherExpense: { codes: ['758', '75'], name: 'Outros custos e perdas operacionais' },
  },
};

/**
 * The organization's own choices, kept in accounting_settings.default_accounts: a role ("customers"),
 * a product type ("productType:S"), or a VAT rate of a region ("vatOutput:PT:2300", "vatInput:PT-MA:2200").
 */
export type DefaultAccounts = Record<string, string>;

const FIRST_DIGIT_NATURE: Record<ChartName, Record<string, string>> = {
  SNC: {
    '1': 'asset',
    '2': 'asset',
    '3': 'asset',
    '4': 'asset',
    '5': 'equity',
    '6': 'expense',
    '7': 'income',
    '8': 'result',
  },
  PGC: {
    '1': 'asset',
    '2': 'asset',
    '3': 'asset',
    '4': 'asset',
    '5': 'equity',
    '6': 'income',
    '7': 'expense',
    '8': 'result',
  },
};

interface AccountRow {
  code: string;
  grouping_category: string;
  nature: string;
  archived: boolean;
  has_lines: boolean;
}

/** Account codes are digits only (SAF-T AccountID of a national chart), 1 to 30 of them. */
export const ACCOUNT_CODE = /^\d{1,30}$/;

/**
 * One posting's view of the chart: resolves codes and roles to accounts that take entries, opening what
 * is missing. Lives for one transaction (what it opened rolls back with it).
 */
export class PostingAccounts {
  private readonly postable = new Map<string, string>();
  /** The role candidates and chosen accounts as the chart has them (read once, by load()). */
  private readonly present = new Map<string, { grouping: string; archived: boolean }>();

  /** Writes entries a batch poster still holds, before lines are read back (has_lines). */
  beforeRead: () => Promise<void> = async () => {};

  constructor(
    private readonly tx: Db,
    readonly organizationId: string,
    readonly chart: ChartName,
    readonly defaults: DefaultAccounts,
  ) {}

  /** Reads, in one query, every account the roles and the organization's choices name. */
  async load(): Promise<this> {
    const codes = new Set<string>(Object.values(this.defaults).filter((code) => ACCOUNT_CODE.test(code)));
    for (const role of POSTING_ROLES)
      for (const code of ROLE_DEFAULTS[this.chart][role].codes) codes.add(code);
    const found = await preparedRows<{ code: string; grouping_category: string; archived: boolean }>(
      this.tx,
      'posting_role_accounts',
      sql`SELECT code, grouping_category, archived FROM accounting_accounts
          WHERE organization_id = ${this.organizationId} AND code = ANY(${sql.param([...codes])}::text[])`,
    );
    for (const row of found) {
      this.present.set(row.code, { grouping: row.grouping_category, archived: row.archived });
      if (row.grouping_category === 'GM' && !row.archived) this.postable.set(row.code, row.code);
    }
    return this;
  }

  /** The code the organization chose for a role (or key), else the first candidate its chart has. */
  roleCode(role: PostingRole): string {
    return this.defaults[role] ?? this.chartCode(role);
  }

  /** The chart's default for a role: its first candidate the chart has (the last one, opened on use). */
  chartCode(role: PostingRole): string {
    const candidates = ROLE_DEFAULTS[this.chart][role].codes;
    return (
      candidates.find((code) => this.present.get(code)?.archived === false) ?? (candidates.at(-1) as string)
    );
  }

  /** A role's account, opened when the chart lacks it. */
  async role(role: PostingRole): Promise<string> {
    return this.account(this.roleCode(role), ROLE_DEFAULTS[this.chart][role].name);
  }

  /**
   * The movement account for a code: the account itself when it takes entries; its first movement
   * sub-account when it aggregates; else a new movement account under its nearest existing ancestor.
   */
  async account(code: string, name: string): Promise<string> {
    const known = this.postable.get(code);
    if (known) return known;
    if (!ACCOUNT_CODE.test(code))
      throw new AppError('ACCOUNT_NOT_POSTABLE', `${code} is not an account code.`);
    const prefixes = Array.from({ length: code.length }, (_, i) => code.slice(0, i + 1));
    await this.beforeRead();
    const found = await preparedRows<AccountRow>(
      this.tx,
      'posting_account_prefixes',
      sql`SELECT code, grouping_category, nature, archived,
                 EXISTS (SELECT 1 FROM accounting_entry_lines l WHERE l.account_id = a.id) AS has_lines
          FROM accounting_accounts a
          WHERE organization_id = ${this.organizationId}
            AND code = ANY(${sql.param(prefixes)}::text[])`,
    );
    const byCode = new Map(found.map((row) => [row.code, row]));
    const self = byCode.get(code);
    let result: string;
    if (self && self.grouping_category === 'GM' && !self.archived) result = code;
    else if (self) {
      const [child] = await rows<{ code: string }>(
        this.tx,
        sql`SELECT code FROM accounting_accounts
            WHERE organization_id = ${this.organizationId} AND code LIKE ${`${code}%`} AND code <> ${code}
              AND grouping_category = 'GM' AND NOT archived AND party_id IS NULL AND treasury_account_id IS NULL
            ORDER BY length(code), code LIMIT 1`,
      );
      if (child) result = child.code;
      else {
        // Only linked sub-accounts (customers, bank accounts) under it: a general one beside them.
        result = `${code}0000`;
        await this.open({ code: result, name, parentCode: code, nature: self.nature, parent: self });
      }
    } else {
      const ancestor = [...prefixes]
        .reverse()
        .map((prefix) => byCode.get(prefix))
        .find((row): row is AccountRow => Boolean(row));
      // Under a movement account, the code is that account (its detail is the chart's to add, not ours).
      if (ancestor?.grouping_category === 'GM' && !ancestor.archived) result = ancestor.code;
      else {
        await this.open({
          code,
          name,
          parentCode: ancestor?.code ?? null,
          nature: ancestor?.nature ?? FIRST_DIGIT_NATURE[this.chart][code[0] as string] ?? 'asset',
          parent: ancestor ?? null,
        });
        result = code;
      }
    }
    this.postable.set(code, result);
    return result;
  }

  private async open(input: {
    code: string;
    name: string;
    parentCode: string | null;
    nature: string;
    parent: AccountRow | null;
    partyId?: string | null;
    treasuryAccountId?: string | null;
  }): Promise<boolean> {
    // A movement account that gets sub-accounts becomes an aggregating one (only GM takes entries).
    if (input.parent?.grouping_category === 'GM') {
      this.postable.delete(input.parent.code);
      this.present.set(input.parent.code, { grouping: 'GA', archived: input.parent.archived });
      input.parent.grouping_category = 'GA';
      await this.tx.execute(sql`
        UPDATE accounting_accounts SET grouping_category = 'GA'
        WHERE organization_id = ${this.organizationId} AND code = ${input.parent.code} AND grouping_category = 'GM'`);
    }
    const inserted = await rows<{ code: string }>(
      this.tx,
      sql`INSERT INTO accounting_accounts
            (organization_id, code, name, parent_code, grouping_category, nature, party_id, treasury_account_id, system)
          VALUES (${this.organizationId}, ${input.code}, ${input.name.slice(0, 200)}, ${input.parentCode}, 'GM',
                  ${input.nature}, ${input.partyId ?? null}, ${input.treasuryAccountId ?? null}, false)
          ON CONFLICT (organization_id, code) DO NOTHING
          RETURNING code`,
    );
    return inserted.length > 0;
  }

  /**
   * The sub-account of a customer or supplier (party) or of a treasury account under `parentCode`:
   * found by its link, else opened as parent + a 4-digit number (21110001, 21110002…). When the parent
   * already holds entries of its own, it stays a movement account and is used as it is.
   */
  async subAccount(
    parentCode: string,
    link: { partyId: string } | { treasuryAccountId: string },
    name: string,
  ): Promise<string> {
    const key = `${parentCode}|${'partyId' in link ? `p:${link.partyId}` : `t:${link.treasuryAccountId}`}`;
    const known = this.postable.get(key);
    if (known) return known;
    const linkWhere =
      'partyId' in link
        ? sql`party_id = ${link.partyId}`
        : sql`treasury_account_id = ${link.treasuryAccountId}`;
    const [existing] = await preparedRows<{ code: string }>(
      this.tx,
      'partyId' in link ? 'posting_party_account' : 'posting_bank_account',
      sql`SELECT code FROM accounting_accounts
          WHERE organization_id = ${this.organizationId} AND parent_code = ${parentCode} AND ${linkWhere}
            AND grouping_category = 'GM' AND NOT archived
          LIMIT 1`,
    );
    let result = existing?.code;
    if (!result) {
      await this.beforeRead();
      const [parent] = await rows<AccountRow>(
        this.tx,
        sql`SELECT code, grouping_category, nature, archived,
                   EXISTS (SELECT 1 FROM accounting_entry_lines l WHERE l.account_id = a.id) AS has_lines
            FROM accounting_accounts a WHERE organization_id = ${this.organizationId} AND code = ${parentCode}`,
      );
      if (!parent || (parent.grouping_category === 'GM' && parent.has_lines))
        result = await this.account(parentCode, name);
      else {
        for (let attempt = 0; attempt < 20 && !result; attempt++) {
          const [last] = await rows<{ n: number | string | null }>(
            this.tx,
            sql`SELECT max(substr(code, ${parentCode.length + 1})::bigint) AS n FROM accounting_accounts
                WHERE organization_id = ${this.organizationId} AND parent_code = ${parentCode}
                  AND code ~ ${`^${parentCode}[0-9]{4,}$`}`,
          );
          const next = Number(last?.n ?? 0) + 1 + attempt;
          const code = `${parentCode}${String(next).padStart(4, '0')}`;
          const opened = await this.open({
            code,
            name,
            parentCode,
            nature: parent.nature,
            parent,
            ...('partyId' in link
              ? { partyId: link.partyId }
              : { treasuryAccountId: link.treasuryAccountId }),
          });
          if (opened) result = code;
        }
        if (!result) throw new AppError('INTERNAL', `No sub-account could be opened under ${parentCode}.`);
      }
    }
    this.postable.set(key, result);
    return result;
  }
}
