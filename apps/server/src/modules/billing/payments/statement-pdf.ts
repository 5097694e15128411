import type { PartyRole } from '@fluxo/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { organizations } from '../../../db/schema.ts';
import { AppError } from '../../../platform/errors.ts';
import { partyOf } from '../parties-products.service.ts';
import { renderStatementPdf } from '../pdf/statement-pdf.ts';
import { currentAccount, statement } from './current-account.service.ts';

// The statement of account on paper: the same figures as the statement call (opening balance, every
// movement with the running balance, open items) and the party's aging at the statement's end date,
// printed by the billing PDF renderer in the party's language.

export async function statementPdf(
  db: Db,
  organizationId: string,
  partyId: string,
  query: { role?: PartyRole | undefined; from?: string | undefined; to?: string | undefined },
): Promise<{ pdf: Buffer; fileName: string }> {
  const data = await statement(db, organizationId, partyId, query);
  const party = await partyOf(db, organizationId, partyId);
  const [org] = await db.select().from(organizations).where(eq(organizations.id, organizationId));
  if (!org) throw new AppError('NOT_FOUND', 'No such organization.');
  const account = await currentAccount(db, organizationId, { role: data.role, asOf: data.to, partyId });
  const aging = account.rows.find((row) => row.currency === data.currency);
  const pdf = await renderStatementPdf({
    language: data.party.language,
    organization: {
      name: org.name,
      vatNumber: org.vatNumber,
      country: org.country,
      address: org.address,
      postalCode: org.postalCode,
      city: org.city,
      email: org.email,
      phone: org.phone,
      logoUrl: org.logoUrl,
    },
    party: {
      name: party.name,
      taxId: party.taxId,
      country: party.country,
      address: party.address,
      postalCode: party.postalCode,
      city: party.city,
    },
    currency: data.currency,
    period: { from: data.from, to: data.to },
    openingBalance: data.openingBalance,
    lines: data.entries.map((entry) => ({
      date: entry.date,
      document: entry.number,
      description: entry.kind === 'payment' ? entry.documentType : null,
      debit: entry.debit,
      credit: entry.credit,
      balance: entry.balance,
    })),
    closingBalance: data.closingBalance,
    openItems: data.openItems.map((item) => ({
      document: item.number,
      date: item.documentDate,
      dueDate: item.dueDate,
      total: item.payable,
      open: item.open,
      daysOverdue: item.daysOverdue,
    })),
    aging: {
      notDue: aging?.notDue ?? 0,
      days1to30: aging?.days1to30 ?? 0,
      days31to60: aging?.days31to60 ?? 0,
      days61to90: aging?.days61to90 ?? 0,
      over90: aging?.over90 ?? 0,
    },
  });
  const name = party.name.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '') || 'party';
  return { pdf, fileName: `statement-${name}-${data.to}.pdf` };
}
