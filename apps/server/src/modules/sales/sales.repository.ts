import { count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { salesRequests, supportTickets, ticketAttachments, users } from '../../db/schema.ts';

export async function insertSalesRequest(db: Db, values: typeof salesRequests.$inferInsert): Promise<number> {
  const [row] = await db.insert(salesRequests).values(values).returning({ id: salesRequests.id });
  return row!.id;
}

export function listSalesRequests(db: Db, limit: number) {
  return db
    .select({ request: salesRequests, userEmail: users.email })
    .from(salesRequests)
    .leftJoin(users, eq(users.id, salesRequests.userId))
    .orderBy(desc(salesRequests.id))
    .limit(limit);
}

export async function insertTicket(db: Db, values: typeof supportTickets.$inferInsert) {
  const [row] = await db.insert(supportTickets).values(values).returning();
  return row!;
}

export function findTicket(db: Db, id: number) {
  return db
    .select()
    .from(supportTickets)
    .where(eq(supportTickets.id, id))
    .then((r) => r[0]);
}

export function ticketsOfUser(db: Db, userId: string) {
  return db
    .select()
    .from(supportTickets)
    .where(eq(supportTickets.userId, userId))
    .orderBy(desc(supportTickets.id));
}

export function attachmentsOf(db: Db, ticketIds: number[]) {
  if (ticketIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: ticketAttachments.id,
      ticketId: ticketAttachments.ticketId,
      fileName: ticketAttachments.fileName,
      mimeType: ticketAttachments.mimeType,
      size: ticketAttachments.size,
    })
    .from(ticketAttachments)
    .where(inArray(ticketAttachments.ticketId, ticketIds))
    .orderBy(ticketAttachments.id);
}

export async function countAttachments(db: Db, ticketId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(ticketAttachments)
    .where(eq(ticketAttachments.ticketId, ticketId));
  return row?.n ?? 0;
}

export async function insertAttachment(db: Db, values: typeof ticketAttachments.$inferInsert) {
  const [row] = await db.insert(ticketAttachments).values(values).returning({
    id: ticketAttachments.id,
    fileName: ticketAttachments.fileName,
    mimeType: ticketAttachments.mimeType,
    size: ticketAttachments.size,
  });
  return row!;
}
