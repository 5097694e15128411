import { decideVat, InvalidPostalCodeError, type VatDecision, type VatInput } from '@fluxo/domain';
import { sql } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';
import { type Executor, query } from '../../platform/tx.ts';
import { cachedViesRegistration, type ViesSettings, viesApplies, viesRegistration } from './vies.service.ts';

/** The VAT rule of docs/tax-rates.md, with bad postal codes refused as a clear 400. */
export function vatFor(input: VatInput): VatDecision {
  try {
    return decideVat(input);
  } catch (error) {
    if (error instanceof InvalidPostalCodeError) {
      throw new AppError('INVALID_POSTAL_CODE', 'The postal code is not a Portuguese one (NNNN-NNN).');
    }
    throw error;
  }
}

/**
 * GET /api/v1/tax: the VAT rule, with a well-formed VAT number of another member state confirmed
 * in VIES — registered: reverse charge; not registered: that state's VAT; VIES unreachable: the
 * format decides and `viesChecked` is false.
 */
export async function vatQuote(
  executor: Executor,
  settings: ViesSettings,
  input: VatInput,
): Promise<VatDecision & { viesChecked: boolean | null }> {
  const country = (input.billingCountry || input.countryCode).toUpperCase();
  if (!viesApplies(country, input.vatNumber)) return { ...vatFor(input), viesChecked: null };
  const { registered } = await viesRegistration(executor, settings, country, input.vatNumber!);
  return { ...vatFor({ ...input, viesRegistered: registered }), viesChecked: registered !== null };
}

/**
 * The VAT a user is charged: from the default billing address, else the account's country and VAT
 * number (mainland rate for PT without a postal code); a number VIES has said is not registered
 * gets no reverse charge.
 */
export async function vatForUser(executor: Executor, userId: string, day: Date): Promise<VatDecision> {
  const [row] = await query<{
    country: string;
    vat_number: string | null;
    postal_code: string | null;
    billing_country: string | null;
    billing_vat: string | null;
    billing_postal_code: string | null;
  }>(
    executor,
    sql`SELECT u.country, u.vat_number, NULL AS postal_code,
               b.country AS billing_country, b.vat_number AS billing_vat, b.postal_code AS billing_postal_code
        FROM users u
        LEFT JOIN billing_addresses b ON b.user_id = u.id AND b.is_default
        WHERE u.id = ${userId}`,
  );
  if (!row) throw new AppError('NOT_FOUND', 'Unknown user.');
  const date = day.toISOString().slice(0, 10);
  const vatNumber = row.billing_country ? row.billing_vat : row.vat_number;
  const country = row.billing_country ?? row.country;
  // Invoices are issued inside transactions: only a VIES answer already cached is used here.
  const viesRegistered = viesApplies(country, vatNumber)
    ? await cachedViesRegistration(executor, country, vatNumber!)
    : null;
  try {
    return decideVat({
      countryCode: row.country,
      billingCountry: row.billing_country,
      zipcode: row.billing_country ? row.billing_postal_code : null,
      vatNumber,
      date,
      viesRegistered,
    });
  } catch (error) {
    if (error instanceof InvalidPostalCodeError) return decideVat({ countryCode: 'PT', date });
    throw error;
  }
}
