import { EU_COUNTRIES, isValidTaxNumber, nationalTaxNumber } from '@fluxo/domain';
import type { Config } from '../../platform/config.ts';
import { DAY_MS, type Executor } from '../../platform/tx.ts';
import * as repo from './vies.repository.ts';

export type ViesSettings = Pick<Config['billing'], 'viesUrl' | 'viesTimeoutMs'>;

/** A registered number is trusted for a week; a refusal is asked again the next day (new registrations). */
const VALID_FOR_MS = 7 * DAY_MS;
const INVALID_FOR_MS = DAY_MS;

/** VIES keys Greece as EL, every other member state by its ISO code. */
const viesCountry = (country: string) => (country === 'GR' ? 'EL' : country);

/**
 * Asks the VIES REST API whether a national VAT number is registered. Null when VIES gives no
 * answer — unreachable, slower than the timeout, an error status, or a member state's own service
 * down (VIES's userError MS_UNAVAILABLE, TIMEOUT, …).
 */
export async function askVies(
  settings: ViesSettings,
  country: string,
  vatNumber: string,
): Promise<{ valid: boolean; name: string | null } | null> {
  if (!settings.viesUrl) return null;
  let response: Response;
  try {
    response = await fetch(settings.viesUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ countryCode: viesCountry(country), vatNumber }),
      signal: AbortSignal.timeout(settings.viesTimeoutMs),
    });
  } catch {
    return null;
  }
  if (!response.ok) return null;
  let body: { valid?: unknown; isValid?: unknown; userError?: unknown; name?: unknown };
  try {
    body = (await response.json()) as typeof body;
  } catch {
    return null;
  }
  if (typeof body.userError === 'string' && !['VALID', 'INVALID'].includes(body.userError)) return null;
  const valid = typeof body.valid === 'boolean' ? body.valid : body.isValid;
  if (typeof valid !== 'boolean') return null;
  const name = typeof body.name === 'string' && body.name !== '---' ? body.name : null;
  return { valid, name };
}

/** Whether VIES applies: a well-formed VAT number of a member state other than Portugal. */
export function viesApplies(country: string, vatNumber: string | null | undefined): boolean {
  const code = country.toUpperCase();
  return (
    code !== 'PT' &&
    (EU_COUNTRIES as readonly string[]).includes(code) &&
    !!vatNumber?.trim() &&
    isValidTaxNumber(code, vatNumber)
  );
}

/**
 * VIES's word on a VAT number: from the cache while fresh, else asked (and cached). `registered`
 * is null when VIES could not be asked, so the number's format decides alone.
 */
export async function viesRegistration(
  executor: Executor,
  settings: ViesSettings,
  country: string,
  vatNumber: string,
  now = new Date(),
): Promise<{ registered: boolean | null }> {
  const code = country.toUpperCase();
  const national = nationalTaxNumber(code, vatNumber);
  const cached = await repo.findViesCheck(executor, code, national);
  if (cached) {
    const age = now.getTime() - new Date(cached.checked_at).getTime();
    if (age < (cached.valid ? VALID_FOR_MS : INVALID_FOR_MS)) return { registered: cached.valid };
  }
  const answer = await askVies(settings, code, national);
  if (!answer) return { registered: null };
  await repo.saveViesCheck(executor, {
    country: code,
    vatNumber: national,
    valid: answer.valid,
    name: answer.name,
    checkedAt: now,
  });
  return { registered: answer.valid };
}

/** The cached answer only (no network): what invoicing inside a transaction may rely on. */
export async function cachedViesRegistration(
  executor: Executor,
  country: string,
  vatNumber: string,
): Promise<boolean | null> {
  const code = country.toUpperCase();
  const cached = await repo.findViesCheck(executor, code, nationalTaxNumber(code, vatNumber));
  return cached ? cached.valid : null;
}
