import { EU_COUNTRIES, isValidTaxNumber, nationalTaxNumber, type PartyLookup } from '@fluxo/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { billingParties, organizations } from '../../db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import { saveViesCheck } from '../tax/vies.repository.ts';
import type { ViesSettings } from '../tax/vies.service.ts';
import { FINAL_CONSUMER_TAX_IDS } from './parties-products.service.ts';

// "Who is this tax number?" for the customer and supplier form: the country's tax-number rule, then
// the EU's VIES register (name and address of a VAT-registered business), then what Fluxo already
// knows — a company registered in Fluxo under that number, or one of this organization's own parties.

/** VIES keys Greece as EL, every other member state by its ISO code. */
const viesCountry = (country: string) => (country === 'GR' ? 'EL' : country);

export interface ViesAnswer {
  valid: boolean;
  name: string | null;
  address: string | null;
}

/**
 * One call to the VIES REST `check-vat-number` endpoint (POST { countryCode, vatNumber }). Null when
 * VIES gives no answer: unreachable, slower than the timeout, an error status, or a member state's
 * own service down (userError MS_UNAVAILABLE, TIMEOUT, …).
 */
export async function checkVatNumber(
  settings: ViesSettings,
  country: string,
  vatNumber: string,
): Promise<ViesAnswer | null> {
  if (!settings.viesUrl) return null;
  try {
    const response = await fetch(settings.viesUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ countryCode: viesCountry(country), vatNumber }),
      signal: AbortSignal.timeout(settings.viesTimeoutMs),
    });
    if (!response.ok) return null;
    const body = (await response.json()) as Record<string, unknown>;
    if (typeof body.userError === 'string' && !['VALID', 'INVALID'].includes(body.userError)) return null;
    const valid = typeof body.valid === 'boolean' ? body.valid : body.isValid;
    if (typeof valid !== 'boolean') return null;
    // VIES writes "---" where a member state does not disclose a field.
    const text = (value: unknown) =>
      typeof value === 'string' && value.trim() !== '' && value.trim() !== '---' ? value.trim() : null;
    return { valid, name: text(body.name), address: text(body.address) };
  } catch {
    return null;
  }
}

/**
 * VIES gives the address as one text, lines separated by newlines, the last usually
 * "<postal code> <city>" ("1000-001 LISBOA", "10115 Berlin"): split that line off when it looks so.
 */
export function splitViesAddress(address: string): {
  address: string;
  postalCode: string | null;
  city: string | null;
} {
  const lines = address
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  const last = lines.at(-1) ?? '';
  const match = /^((?:[A-Z]{1,2}-)?\d[\d-]{2,9}(?:\s\d{3})?)\s+(.+)$/.exec(last);
  if (lines.length > 1 && match)
    return {
      address: lines.slice(0, -1).join(', '),
      postalCode: match[1] as string,
      city: match[2] as string,
    };
  return { address: lines.join(', '), postalCode: null, city: null };
}

async function knownToFluxo(
  db: Db,
  organizationId: string,
  country: string,
  national: string,
): Promise<Omit<PartyLookup, 'valid' | 'viesRegistered'> | null> {
  // A company registered in Fluxo publishes its name and address on its own documents; a private
  // person's account ('particular') is never disclosed.
  const [company] = await db
    .select({
      name: organizations.name,
      address: organizations.address,
      postalCode: organizations.postalCode,
      city: organizations.city,
    })
    .from(organizations)
    .where(
      and(
        eq(organizations.country, country),
        eq(organizations.vatNumber, national),
        eq(organizations.type, 'company'),
      ),
    )
    .limit(1);
  if (company) return { ...company, source: 'fluxo' };
  const [party] = await db
    .select({
      name: billingParties.name,
      address: billingParties.address,
      postalCode: billingParties.postalCode,
      city: billingParties.city,
    })
    .from(billingParties)
    .where(
      and(
        eq(billingParties.organizationId, organizationId),
        eq(billingParties.country, country),
        sql`upper(${billingParties.taxId}) = ${national}`,
      ),
    )
    .limit(1);
  return party ? { ...party, source: 'fluxo' } : null;
}

const NOTHING = { name: null, address: null, postalCode: null, city: null, source: null } as const;

export async function lookupParty(
  db: Db,
  vies: ViesSettings,
  organizationId: string,
  input: { country: string; taxId: string },
): Promise<PartyLookup> {
  const country = input.country.toUpperCase();
  const national = nationalTaxNumber(country, input.taxId);
  if (FINAL_CONSUMER_TAX_IDS.includes(national)) return { valid: true, viesRegistered: null, ...NOTHING };
  if (!isValidTaxNumber(country, national) || !/^[A-Z0-9]{2,20}$/.test(national))
    return { valid: false, viesRegistered: null, ...NOTHING };
  let viesRegistered: boolean | null = null;
  // An empty VIES_URL turns VIES off on purpose (an offline install): Fluxo's own knowledge answers.
  if (vies.viesUrl && (EU_COUNTRIES as readonly string[]).includes(country)) {
    const answer = await checkVatNumber(vies, country, national);
    if (answer) {
      viesRegistered = answer.valid;
      await saveViesCheck(db, {
        country,
        vatNumber: national,
        valid: answer.valid,
        name: answer.name,
        checkedAt: new Date(),
      });
      if (answer.valid && answer.name) {
        const where = answer.address ? splitViesAddress(answer.address) : null;
        return {
          valid: true,
          viesRegistered,
          name: answer.name,
          address: where?.address ?? null,
          postalCode: where?.postalCode ?? null,
          city: where?.city ?? null,
          source: 'vies',
        };
      }
    } else {
      const known = await knownToFluxo(db, organizationId, country, national);
      if (known) return { valid: true, viesRegistered: null, ...known };
      throw new AppError(
        'VIES_UNAVAILABLE',
        'The EU VAT register (VIES) did not answer: try again in a moment, or fill the details in by hand.',
      );
    }
  }
  const known = await knownToFluxo(db, organizationId, country, national);
  return { valid: true, viesRegistered, ...(known ?? NOTHING) };
}
