// The exemption reason each M-code stands for, written out on the document as the law asks ("o motivo
// justificativo da não liquidação do imposto", CIVA art. 36.º n.º 5 e); AO: Decreto Presidencial
// 312/18). PT: the AT's table of exemption codes (SAF-T TaxExemptionReason, as in force since 2023);
// AO: AGT's table of exemption codes for SAF-T (AO). Legal text: Portuguese in both countries.

const PT_REASONS: Record<string, string> = {
  M01: 'Artigo 16.º, n.º 6 do CIVA',
  M02: 'Artigo 6.º do Decreto-Lei n.º 198/90, de 19 de junho',
  M04: 'Isento artigo 13.º do CIVA',
  M05: 'Isento artigo 14.º do CIVA',
  M06: 'Isento artigo 15.º do CIVA',
  M07: 'Isento artigo 9.º do CIVA',
  M09: 'IVA - não confere direito a dedução (artigo 62.º alínea b) do CIVA)',
  M10: 'IVA - regime de isenção (artigo 57.º do CIVA)',
  M11: 'Regime particular do tabaco (Decreto-Lei n.º 346/85, de 23 de agosto)',
  M12: 'Regime da margem de lucro - Agências de viagens (Decreto-Lei n.º 221/85, de 3 de julho)',
  M13: 'Regime da margem de lucro - Bens em segunda mão (Decreto-Lei n.º 199/96, de 18 de outubro)',
  M14: 'Regime da margem de lucro - Objetos de arte (Decreto-Lei n.º 199/96, de 18 de outubro)',
  M15: 'Regime da margem de lucro - Objetos de coleção e antiguidades (Decreto-Lei n.º 199/96, de 18 de outubro)',
  M16: 'Isento artigo 14.º do RITI',
  M19: 'Outras isenções - isenções temporárias determinadas em diploma próprio',
  M20: 'IVA - regime forfetário (artigo 59.º-D n.º 2 do CIVA)',
  M21: 'IVA - não confere direito à dedução (artigo 72.º n.º 4 do CIVA)',
  M25: 'Mercadorias à consignação (artigo 38.º n.º 1 alínea a) do CIVA)',
  M26: 'Isenção de IVA com direito à dedução no cabaz alimentar (Lei n.º 17/2023, de 14 de abril)',
  M30: 'IVA - autoliquidação (artigo 2.º n.º 1 alínea i) do CIVA)',
  M31: 'IVA - autoliquidação (artigo 2.º n.º 1 alínea j) do CIVA)',
  M32: 'IVA - autoliquidação (artigo 2.º n.º 1 alínea l) do CIVA)',
  M33: 'IVA - autoliquidação (artigo 2.º n.º 1 alínea m) do CIVA)',
  M34: 'IVA - autoliquidação (artigo 2.º n.º 1 alínea n) do CIVA)',
  M40: 'IVA - autoliquidação (artigo 6.º n.º 6 alínea a) do CIVA, a contrário)',
  M41: 'IVA - autoliquidação (artigo 8.º n.º 3 do RITI)',
  M42: 'IVA - autoliquidação (Decreto-Lei n.º 21/2007, de 29 de janeiro)',
  M43: 'IVA - autoliquidação (Decreto-Lei n.º 362/99, de 16 de setembro)',
  M99: 'Não sujeito ou não tributado',
};

const AO_REASONS: Record<string, string> = {
  M00: 'Regime transitório',
  M02: 'Transmissão de bens e serviço não sujeita',
  M04: 'IVA - Regime de não sujeição',
  M10: 'Isento nos termos da alínea a) do n.º 1 do artigo 12.º do CIVA',
  M11: 'Isento nos termos da alínea b) do n.º 1 do artigo 12.º do CIVA',
  M12: 'Isento nos termos da alínea c) do n.º 1 do artigo 12.º do CIVA',
  M13: 'Isento nos termos da alínea d) do n.º 1 do artigo 12.º do CIVA',
  M14: 'Isento nos termos da alínea e) do n.º 1 do artigo 12.º do CIVA',
  M15: 'Isento nos termos da alínea f) do n.º 1 do artigo 12.º do CIVA',
  M16: 'Isento nos termos da alínea g) do n.º 1 do artigo 12.º do CIVA',
  M17: 'Isento nos termos da alínea h) do n.º 1 do artigo 12.º do CIVA',
  M18: 'Isento nos termos da alínea i) do n.º 1 do artigo 12.º do CIVA',
  M19: 'Isento nos termos da alínea j) do n.º 1 do artigo 12.º do CIVA',
  M20: 'Isento nos termos da alínea k) do n.º 1 do artigo 12.º do CIVA',
  M21: 'Isento nos termos da alínea l) do n.º 1 do artigo 12.º do CIVA',
  M22: 'Isento nos termos da alínea m) do artigo 12.º do CIVA',
  M23: 'Isento nos termos da alínea n) do artigo 12.º do CIVA',
  M24: 'Isento nos termos da alínea o) do artigo 12.º do CIVA',
  M30: 'Isento nos termos da alínea a) do artigo 15.º do CIVA',
  M31: 'Isento nos termos da alínea b) do artigo 15.º do CIVA',
  M32: 'Isento nos termos da alínea c) do artigo 15.º do CIVA',
  M33: 'Isento nos termos da alínea d) do artigo 15.º do CIVA',
  M34: 'Isento nos termos da alínea e) do artigo 15.º do CIVA',
  M35: 'Isento nos termos da alínea f) do artigo 15.º do CIVA',
  M36: 'Isento nos termos da alínea g) do artigo 15.º do CIVA',
  M37: 'Isento nos termos da alínea h) do artigo 15.º do CIVA',
  M38: 'Isento nos termos da alínea i) do artigo 15.º do CIVA',
  M80: 'Isento nos termos da alínea a) do n.º 1 do artigo 14.º do CIVA',
  M81: 'Isento nos termos da alínea b) do n.º 1 do artigo 14.º do CIVA',
  M82: 'Isento nos termos da alínea c) do n.º 1 do artigo 14.º do CIVA',
  M83: 'Isento nos termos da alínea d) do n.º 1 do artigo 14.º do CIVA',
  M84: 'Isento nos termos da alínea e) do n.º 1 do artigo 14.º do CIVA',
  M85: 'Isento nos termos da alínea a) do n.º 2 do artigo 14.º do CIVA',
  M86: 'Isento nos termos da alínea b) do n.º 2 do artigo 14.º do CIVA',
  M90: 'Isento nos termos da alínea a) do n.º 1 do artigo 16.º do CIVA',
  M91: 'Isento nos termos da alínea b) do n.º 1 do artigo 16.º do CIVA',
  M92: 'Isento nos termos da alínea c) do n.º 1 do artigo 16.º do CIVA',
  M93: 'Isento nos termos da alínea d) do n.º 1 do artigo 16.º do CIVA',
  M94: 'Isento nos termos da alínea e) do n.º 1 do artigo 16.º do CIVA',
};

/**
 * The written-out reason for an exemption code in a tax region (PT, PT-AC and PT-MA share the PT
 * table). A code outside the table is printed as it is: a document never loses its code.
 */
export function exemptionReasonText(taxRegion: string, code: string): string {
  const table = taxRegion === 'AO' ? AO_REASONS : PT_REASONS;
  return table[code] ?? code;
}
