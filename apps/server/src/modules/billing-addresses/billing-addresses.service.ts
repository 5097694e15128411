import {
  type BillingAddress,
  isValidPostalCode,
  isValidTaxNumber,
  Profile,
  ptRegionForPostalCode,
  type ZBillingAddressInput,
} from '@fluxo/domain';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import type { Session } from '../../platform/guard.ts';
import { iso, type Tx } from '../../platform/tx.ts';
import * as repo from './billing-addresses.repository.ts';

function view(row: repo.BillingAddressRow): BillingAddress {
  return {
    id: row.id,
    userId: row.user_id,
    name: row.name,
    vatNumber: row.vat_number,
    country: row.country,
    address: row.address,
    postalCode: row.postal_code,
    city: row.city,
    email: row.email,
    isDefault: row.is_default,
    createdAt: iso(row.created_at)!,
    updatedAt: iso(row.updated_at)!,
  };
}

/** A user sees his own addresses; an Admin may look at anyone's (the guard's `self` rule). */
export async function listAddresses(db: Db, session: Session, userId: string | undefined) {
  const owner = userId ?? session.userId;
  return (await repo.listForUser(db, owner)).map(view);
}

async function own(executor: Db | Tx, session: Session, id: string, lock = false) {
  const row = await repo.findById(executor, id, lock);
  const visible = row && (row.user_id === session.userId || (!lock && session.claims.pid === Profile.ADMIN));
  if (!row || !visible) throw new AppError('NOT_FOUND', 'No such billing address.');
  return row;
}

export async function getAddress(db: Db, session: Session, id: string) {
  return view(await own(db, session, id));
}

/** Checks what VAT depends on: a well-formed VAT number and, for PT, a real postal code. */
function checkFields(input: z.infer<typeof ZBillingAddressInput>) {
  const vatNumber = input.vatNumber ? input.vatNumber : null;
  if (vatNumber && !isValidTaxNumber(input.country, vatNumber)) {
    throw new AppError('INVALID_VAT_NUMBER', `Not a valid ${input.country} VAT number.`);
  }
  const postalCode = input.postalCode ? input.postalCode : null;
  if (postalCode) {
    const ok =
      input.country === 'PT'
        ? ptRegionForPostalCode(postalCode) !== null
        : isValidPostalCode(input.country, postalCode);
    if (!ok) throw new AppError('INVALID_POSTAL_CODE', `Not a valid ${input.country} postal code.`);
  }
  return {
    name: input.name,
    vatNumber,
    country: input.country,
    address: input.address,
    postalCode,
    city: input.city,
    email: input.email ?? null,
  };
}

/** Updates one of the caller's addresses (with id) or adds one; the first address is the default. */
export async function saveAddress(db: Db, session: Session, input: z.infer<typeof ZBillingAddressInput>) {
  const fields = checkFields(input);
  return db.transaction(async (tx) => {
    let id = input.id;
    if (id) {
      await own(tx, session, id, true);
      await repo.update(tx, id, fields);
    } else {
      const first = (await repo.countForUser(tx, session.userId)) === 0;
      if (input.isDefault) await repo.clearDefault(tx, session.userId);
      id = await repo.insert(tx, session.userId, fields, first || input.isDefault === true);
    }
    if (input.id && input.isDefault) {
      await repo.clearDefault(tx, session.userId);
      await repo.makeDefault(tx, id);
    }
    return view((await repo.findById(tx, id))!);
  });
}

export async function setDefaultAddress(db: Db, session: Session, id: string) {
  return db.transaction(async (tx) => {
    await own(tx, session, id, true);
    await repo.clearDefault(tx, session.userId);
    await repo.makeDefault(tx, id);
    return view((await repo.findById(tx, id))!);
  });
}
