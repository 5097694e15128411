import { and, eq, inArray, sql } from 'drizzle-orm';
import { type Db, rows } from '../../db/client.ts';
import { companies, userSettings, users } from '../../db/schema.ts';

export type UserRow = typeof users.$inferSelect;

export async function findUser(db: Db, userId: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  return user;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.email, email));
  return user;
}

export async function updateLanguage(db: Db, userId: string, language: string): Promise<void> {
  await db.update(users).set({ language }).where(eq(users.id, userId));
}

/** Completes onboarding in one transaction: the given profile fields, the intro page, active. */
export async function completeOnboarding(
  db: Db,
  userId: string,
  fields: { phone?: string; vatNumber?: string; currency?: string },
  settings: Record<string, unknown>,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ ...fields, active: true })
      .where(eq(users.id, userId));
    for (const [name, value] of Object.entries(settings)) {
      await tx
        .insert(userSettings)
        .values({ userId, name, value })
        .onConflictDoUpdate({ target: [userSettings.userId, userSettings.name], set: { value } });
    }
  });
}

export async function readSettings(db: Db, userId: string): Promise<{ name: string; value: unknown }[]> {
  return db
    .select({ name: userSettings.name, value: userSettings.value })
    .from(userSettings)
    .where(eq(userSettings.userId, userId));
}

export async function readSetting(db: Db, userId: string, name: string): Promise<unknown> {
  const [row] = await db
    .select({ value: userSettings.value })
    .from(userSettings)
    .where(and(eq(userSettings.userId, userId), eq(userSettings.name, name)));
  return row?.value;
}

/** Writes and removes settings in one transaction. */
export async function writeSettings(
  db: Db,
  userId: string,
  set: Record<string, unknown>,
  remove: string[],
): Promise<void> {
  await db.transaction(async (tx) => {
    for (const [name, value] of Object.entries(set)) {
      await tx
        .insert(userSettings)
        .values({ userId, name, value })
        .onConflictDoUpdate({ target: [userSettings.userId, userSettings.name], set: { value } });
    }
    if (remove.length > 0) {
      await tx
        .delete(userSettings)
        .where(and(eq(userSettings.userId, userId), inArray(userSettings.name, remove)));
    }
  });
}

export interface CustomerRow {
  id: string;
  name: string;
  email: string;
  country: string;
  currency: string;
  plan_name: string | null;
  is_trial: boolean | null;
  status: number | null;
}

/**
 * A user with the subscription they own: the current one (created, active, upgrading or locked)
 * when there is one, else the latest.
 */
export async function findCustomer(db: Db, userId: string): Promise<CustomerRow | undefined> {
  const [row] = await rows<CustomerRow>(
    db,
    sql`SELECT u.id, u.name, u.email, u.country, u.currency, s.plan_name, s.is_trial, s.status
        FROM users u
        LEFT JOIN LATERAL (
          SELECT plan_name, is_trial, status FROM subscriptions
          WHERE owner_id = u.id
          ORDER BY (status IN (0, 1, 4, 5)) DESC, start_date DESC, created_at DESC
          LIMIT 1
        ) s ON true
        WHERE u.id = ${userId}`,
  );
  return row;
}

/** A company of the register, under any of the given spellings of its tax number. */
export async function findCompany(db: Db, country: string, vatNumbers: string[]) {
  const [row] = await db
    .select()
    .from(companies)
    .where(and(eq(companies.country, country), inArray(companies.vatNumber, vatNumbers)))
    .limit(1);
  return row;
}
