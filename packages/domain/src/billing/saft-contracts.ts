import { z } from 'zod';
import { defineContract } from '../contract.ts';

// The SAF-T (PT) export (Portaria 302/2016, schema 1.04_01). TaxAccountingBasis F (billing) lands with
// issue 12; C (accounting) and I (integrated, C with F's source documents) with the accounting issue.

/** SAF-T TaxAccountingBasis values Fluxo exports. */
export const SAFT_BASES = ['F', 'C', 'I'] as const;
export type SaftBasis = (typeof SAFT_BASES)[number];

export const exportSaftContract = defineContract({
  method: 'GET',
  path: '/api/v1/accounting/saft/export',
  query: z.object({ basis: z.enum(SAFT_BASES), from: z.iso.date(), to: z.iso.date() }),
  /** The XML file, streamed (application/xml, UTF-8). */
  response: z.string(),
});

/** The period a SAF-T file covers: one fiscal (calendar) year at most, `from` not after `to`. */
export function saftPeriodProblem(from: string, to: string): 'ORDER' | 'YEAR' | null {
  if (from > to) return 'ORDER';
  if (from.slice(0, 4) !== to.slice(0, 4)) return 'YEAR';
  return null;
}

/**
 * TaxExemptionReason for each TaxExemptionCode, after the AT's table of exemption reason codes
 * ("Códigos de motivos de isenção", Portal das Finanças, SAF-T and e-Fatura): the legal provision,
 * 6 to 60 characters as the schema requires.
 */
export const SAFT_EXEMPTION_REASONS: Readonly<Record<string, string>> = {
  M01: 'Artigo 16.º, n.º 6 do CIVA',
  M02: 'Artigo 6.º do Decreto-Lei n.º 198/90, de 19 de junho',
  M04: 'Isento artigo 13.º do CIVA',
  M05: 'Isento artigo 14.º do CIVA',
  M06: 'Isento artigo 15.º do CIVA',
  M07: 'Isento artigo 9.º do CIVA',
  M09: 'IVA - não confere direito a dedução',
  M10: 'IVA - regime de isenção',
  M11: 'Regime particular do tabaco',
  M12: 'Regime da margem de lucro - Agências de viagens',
  M13: 'Regime da margem de lucro - Bens em segunda mão',
  M14: 'Regime da margem de lucro - Objetos de arte',
  M15: 'Margem de lucro - Objetos de coleção e antiguidades',
  M16: 'Isento artigo 14.º do RITI',
  M19: 'Outras isenções',
  M20: 'IVA - regime forfetário',
  M21: 'IVA - não confere direito à dedução',
  M25: 'Mercadorias à consignação',
  M26: 'Isenção de IVA com direito à dedução no cabaz alimentar',
  M30: 'IVA - autoliquidação',
  M31: 'IVA - autoliquidação',
  M32: 'IVA - autoliquidação',
  M33: 'IVA - autoliquidação',
  M40: 'IVA - autoliquidação',
  M41: 'IVA - autoliquidação',
  M42: 'IVA - autoliquidação',
  M43: 'IVA - autoliquidação',
  M99: 'Não sujeito ou não tributado',
};

export function saftExemptionReason(code: string): string {
  return SAFT_EXEMPTION_REASONS[code] ?? `Isenção ${code}`;
}
