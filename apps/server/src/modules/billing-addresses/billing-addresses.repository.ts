import { sql } from 'drizzle-orm';
import { type Executor, query } from '../../platform/tx.ts';

export interface BillingAddressRow {
  id: string;
  user_id: string;
  name: string;
  vat_number: string | null;
  country: string;
  address: string;
  postal_code: string | null;
  city: string;
  email: string | null;
  is_default: boolean;
  created_at: Date;
  updated_at: Date;
}

export function listForUser(executor: Executor, userId: string) {
  return query<BillingAddressRow>(
    executor,
    sql`SELECT * FROM billing_addresses WHERE user_id = ${userId} ORDER BY is_default DESC, created_at, id`,
  );
}

export async function findById(executor: Executor, id: string, lock = false) {
  const [row] = await query<BillingAddressRow>(
    executor,
    lock
      ? sql`SELECT * FROM billing_addresses WHERE id = ${id} FOR UPDATE`
      : sql`SELECT * FROM billing_addresses WHERE id = ${id}`,
  );
  return row ?? null;
}

export async function clearDefault(executor: Executor, userId: string) {
  await executor.execute(
    sql`UPDATE billing_addresses SET is_default = false WHERE user_id = ${userId} AND is_default`,
  );
}

export async function makeDefault(executor: Executor, id: string) {
  await executor.execute(
    sql`UPDATE billing_addresses SET is_default = true, updated_at = now() WHERE id = ${id}`,
  );
}

export async function countForUser(executor: Executor, userId: string) {
  const [row] = await query<{ n: number }>(
    executor,
    sql`SELECT count(*)::int AS n FROM billing_addresses WHERE user_id = ${userId}`,
  );
  return row?.n ?? 0;
}

interface Fields {
  name: string;
  vatNumber: string | null;
  country: string;
  address: string;
  postalCode: string | null;
  city: string;
  email: string | null;
}

export async function insert(executor: Executor, userId: string, fields: Fields, isDefault: boolean) {
  const [row] = await query<{ id: string }>(
    executor,
    sql`INSERT INTO billing_addresses (user_id, name, vat_number, country, address, postal_code, city, email, is_default)
        VALUES (${userId}, ${fields.name}, ${fields.vatNumber}, ${fields.country}, ${fields.address},
                ${fields.postalCode}, ${fields.city}, ${fields.email}, ${isDefault})
        RETURNING id`,
  );
  return row!.id;
}

export async function update(executor: Executor, id: string, fields: Fields) {
  await executor.execute(sql`
    UPDATE billing_addresses SET name = ${fields.name}, vat_number = ${fields.vatNumber}, country = ${fields.country},
           address = ${fields.address}, postal_code = ${fields.postalCode}, city = ${fields.city},
           email = ${fields.email}, updated_at = now()
    WHERE id = ${id}`);
}
