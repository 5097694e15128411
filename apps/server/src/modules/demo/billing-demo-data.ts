import {
  computeDocumentTotals,
  documentNumberOf,
  isValidTaxNumber,
  type TaxCode,
  vatRateOf,
} from '@fluxo/domain';
import {
  addDays,
  daysIn,
  demoIban,
  iso,
  MONTH_NAMES,
  type Month,
  monthsUpTo,
  pad,
  random,
  seedOf,
  workingDay,
} from './demo-calendar.ts';

// The demo companies' invoicing, built in memory (no I/O) like their treasury: customers, suppliers,
// products, a year of documents in the order they are issued, and the payments customers made for them.
// A document of a calendar month is a function of that month alone (fixed seeds, nothing random), and
// only what is dated before today exists. The treasury demo books these payments as the bank's incoming
// transfers, so the two agree to the cent.

/** Months of documents the PT demo company has, the current one included. */
export const PT_BILLING_MONTHS = 12;
/** Months of documents the AO demo company has. */
export const AO_BILLING_MONTHS = 3;

export type DemoBehaviour = 'prompt' | 'slow' | 'partial' | 'stopped' | 'grouped';

export interface DemoParty {
  key: string;
  name: string;
  taxId: string;
  country: string;
  address: string;
  postalCode: string;
  city: string;
  email: string | null;
  iban: string | null;
  paymentTermsDays: number;
  language: 'pt' | 'gb' | 'es' | 'fr';
  isCustomer: boolean;
  isSupplier: boolean;
  /** How a customer pays its invoices (the payments follow from it). */
  behaviour: DemoBehaviour;
}

export interface DemoProduct {
  code: string;
  description: string;
  productType: 'P' | 'S';
  unit: string;
  /** × 10,000, without VAT. */
  unitPrice: number;
  taxCode: TaxCode;
  exemptionCode: string | null;
}

export interface DemoLine {
  product: string;
  /** × 1,000 */
  quantity: number;
  description?: string;
  unitPrice?: number;
  discountBasisPoints?: number;
  taxCode?: TaxCode;
  exemptionCode?: string;
  subjectToWithholding?: boolean;
}

export type DemoDocumentType = 'FT' | 'FS' | 'FR' | 'NC' | 'ND' | 'OR' | 'PF';

export interface DemoDocument {
  /** Unique in the demo: what payments, notes and schedule runs name it by. */
  key: string;
  type: DemoDocumentType;
  series: string;
  /** The number it gets in its series, and its full number (e.g. `FT DEMO2026/12`). */
  number: number;
  documentNumber: string;
  date: string;
  /** Issue time on that day (local time of the organization), HH:MM:SS. */
  time: string;
  dueDate: string;
  party: string;
  lines: DemoLine[];
  withholdingBasisPoints: number;
  /** The document a note corrects, or the quote an invoice comes from. */
  reference: string | null;
  reason: string | null;
  notes: string | null;
  /** The recurring schedule whose run this document is. */
  schedule: string | null;
  /** Cancelled right after it was issued, with this reason. */
  cancelReason: string | null;
  /** FS and FR are paid when issued: the SAF-T PaymentMechanism. */
  paidAtOnce: 'CC' | 'NU' | 'MB' | 'TB' | null;
  /** The quote was accepted and invoiced (SAF-T status F). */
  invoiced: boolean;
  grossTotal: number;
  withholding: number;
  /** What the customer owes: gross − withholding. */
  payable: number;
}

export interface DemoPayment {
  /** The bank movement's remittance information: unique, it is how the seed finds the movement. */
  key: string;
  party: string;
  date: string;
  amount: number;
  method: 'TB';
  allocations: { document: string; amount: number }[];
}

export interface DemoSchedule {
  key: string;
  name: string;
  party: string;
  series: string;
  rrule: string;
  startDate: string;
  lines: DemoLine[];
  /** Run dates up to today, each with its document. */
  runs: { date: string; document: string }[];
  /** The next run after today. */
  nextDate: string;
}

export interface DemoSeries {
  type: DemoDocumentType | 'RG';
  code: string;
  year: number;
  validationCode: string;
}

export interface DemoBilling {
  parties: DemoParty[];
  products: DemoProduct[];
  series: DemoSeries[];
  /** In issue order: by date, then time. */
  documents: DemoDocument[];
  /** In date order; only those made before today. */
  payments: DemoPayment[];
  schedules: DemoSchedule[];
  settings: { multibancoEntity: string | null; documentFooter: string; reminderAfterDays: number | null };
}

// ── Tax numbers with real check digits ─────────────────────────────────────────────────────────

/** A PT NIF: the 8 digits given and the check digit of the mod-11 rule. */
export function ptNif(first8: string): string {
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += Number(first8[i]) * (9 - i);
  const remainder = sum % 11;
  return `${first8}${remainder < 2 ? 0 : 11 - remainder}`;
}

/** A Spanish CIF (company): letter, 7 digits and the control digit of the AEAT rule. */
export function esCif(letter: string, digits7: string): string {
  let sum = 0;
  for (let i = 0; i < 7; i++) {
    const digit = Number(digits7[i]);
    if (i % 2 === 1) sum += digit;
    else {
      const doubled = digit * 2;
      sum += Math.floor(doubled / 10) + (doubled % 10);
    }
  }
  return `${letter}${digits7}${(10 - (sum % 10)) % 10}`;
}

/** A French VAT number without its FR prefix: key (12 + 3 × (SIREN mod 97)) mod 97, then the SIREN. */
export function frVat(siren8: string): string {
  // The SIREN's last digit makes its Luhn sum a multiple of 10.
  let sum = 0;
  for (let i = 0; i < 8; i++) {
    let digit = Number(siren8[i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  const siren = `${siren8}${(10 - (sum % 10)) % 10}`;
  return `${pad((12 + 3 * (Number(siren) % 97)) % 97)}${siren}`;
}

/** An AT series validation code (≥ 8 of [A-Z0-9]); training series get one like any other. */
export function validationCodeOf(text: string): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  let state = seedOf(text);
  let code = '';
  for (let i = 0; i < 8; i++) {
    state = Math.imul(state ^ (state >>> 13), 0x5bd1e995) >>> 0;
    code += alphabet[state % alphabet.length];
  }
  return code;
}

function party(
  fields: Omit<DemoParty, 'isCustomer' | 'isSupplier' | 'behaviour' | 'email' | 'iban'> & {
    isSupplier?: boolean;
    isCustomer?: boolean;
    behaviour?: DemoBehaviour;
    email?: string | null;
    iban?: string | null;
  },
): DemoParty {
  const built = {
    isCustomer: true,
    isSupplier: false,
    behaviour: 'prompt' as const,
    email: null,
    iban: null,
    ...fields,
  };
  if (built.taxId !== '999999990' && !isValidTaxNumber(built.country, built.taxId))
    throw new Error(`Demo tax number ${built.country} ${built.taxId} is not valid`);
  return built;
}

// ── Portugal: Fluxo Demo, Lda (software, IT services and equipment) ───────────────────────────

/** The Multibanco entity the PT demo company issues references under (as in its treasury). */
export const PT_MB_ENTITY = '21312';

export const PT_BILLING_CUSTOMERS: readonly DemoParty[] = [
  party({
    key: 'hotel',
    name: 'Hotel Miradouro, SA',
    taxId: ptNif('50321457'),
    country: 'PT',
    address: 'Rua das Janelas Verdes 32',
    postalCode: '1200-691',
    city: 'Lisboa',
    email: 'contabilidade@hotelmiradouro.example',
    iban: demoIban('PT', '50', '0033000045678912345'),
    paymentTermsDays: 30,
    language: 'pt',
    behaviour: 'grouped',
  }),
  party({
    key: 'clinic',
    name: 'Clínica Sorriso, Lda',
    taxId: ptNif('51048762'),
    country: 'PT',
    address: 'Rua de Cedofeita 410',
    postalCode: '4050-174',
    city: 'Porto',
    email: 'geral@clinicasorriso.example',
    iban: demoIban('PT', '50', '0010000098765432101'),
    paymentTermsDays: 15,
    language: 'pt',
  }),
  party({
    key: 'pharmacy',
    name: 'Farmácia Estrela, Lda',
    taxId: ptNif('50774412'),
    country: 'PT',
    address: 'Avenida Luísa Todi 215',
    postalCode: '2900-461',
    city: 'Setúbal',
    email: 'farmacia.estrela@example.com',
    iban: demoIban('PT', '50', '0045123400012345678'),
    paymentTermsDays: 30,
    language: 'pt',
  }),
  party({
    key: 'bakery',
    name: 'Pastelaria Aurora, Lda',
    taxId: ptNif('51322988'),
    country: 'PT',
    address: 'Rua de Campo de Ourique 88',
    postalCode: '1250-066',
    city: 'Lisboa',
    email: null,
    iban: demoIban('PT', '50', '0035012300004567891'),
    paymentTermsDays: 15,
    language: 'pt',
  }),
  party({
    key: 'garage',
    name: 'Auto Reparações Silva, Lda',
    taxId: ptNif('50611903'),
    country: 'PT',
    address: 'Estrada da Falagueira 12',
    postalCode: '2700-361',
    city: 'Amadora',
    email: 'oficina@autosilva.example',
    iban: demoIban('PT', '50', '0007000000123456789'),
    paymentTermsDays: 30,
    language: 'pt',
    behaviour: 'slow',
  }),
  party({
    key: 'farm',
    name: 'Herdade do Monte, Unipessoal Lda',
    taxId: ptNif('51455610'),
    country: 'PT',
    address: 'Herdade do Monte, EN 114',
    postalCode: '7005-797',
    city: 'Évora',
    email: 'herdadedomonte@example.com',
    iban: demoIban('PT', '50', '0018000312345678901'),
    paymentTermsDays: 30,
    language: 'pt',
    behaviour: 'partial',
  }),
  party({
    key: 'builder',
    name: 'Construções Ribeiro, SA',
    taxId: ptNif('50288127'),
    country: 'PT',
    address: 'Zona Industrial da Cova das Faias, Lote 7',
    postalCode: '2415-017',
    city: 'Leiria',
    email: 'financeiro@construcoesribeiro.example',
    iban: demoIban('PT', '50', '0036001234567890123'),
    paymentTermsDays: 60,
    language: 'pt',
    behaviour: 'stopped',
  }),
  party({
    key: 'lawyers',
    name: 'Lopes Pereira & Associados — Sociedade de Advogados, SP, RL',
    taxId: ptNif('50914423'),
    country: 'PT',
    address: 'Avenida da República 50, 6.º',
    postalCode: '1050-196',
    city: 'Lisboa',
    email: 'faturas@lopespereira.example',
    iban: demoIban('PT', '50', '0033000012398765432'),
    paymentTermsDays: 30,
    language: 'pt',
  }),
  party({
    key: 'school',
    name: 'Escola de Línguas Babel, Lda',
    taxId: ptNif('51577203'),
    country: 'PT',
    address: 'Rua Ferreira Borges 101',
    postalCode: '3000-180',
    city: 'Coimbra',
    email: 'secretaria@babel-linguas.example',
    iban: demoIban('PT', '50', '0035033000123456789'),
    paymentTermsDays: 30,
    language: 'pt',
    behaviour: 'slow',
  }),
  party({
    key: 'logistics',
    name: 'Transportes Rápidos do Norte, Lda',
    taxId: ptNif('50433219'),
    country: 'PT',
    address: 'Rua da Lionesa 446',
    postalCode: '4465-671',
    city: 'Leça do Balio',
    email: 'contas@trnorte.example',
    iban: demoIban('PT', '50', '0018000398765432101'),
    paymentTermsDays: 30,
    language: 'pt',
  }),
  party({
    key: 'architects',
    name: 'Atelier Costa Arquitetos, Lda',
    taxId: ptNif('51688034'),
    country: 'PT',
    address: 'Rua de Miguel Bombarda 285',
    postalCode: '4050-377',
    city: 'Porto',
    email: 'atelier@costaarq.example',
    iban: demoIban('PT', '50', '0010000011122233344'),
    paymentTermsDays: 30,
    language: 'pt',
  }),
  party({
    key: 'winery',
    name: 'Adega Cooperativa de Borba, CRL',
    taxId: ptNif('50112875'),
    country: 'PT',
    address: 'Rua de São Bartolomeu 2',
    postalCode: '7150-128',
    city: 'Borba',
    email: 'geral@adegaborba.example',
    iban: demoIban('PT', '50', '0045512300098765432'),
    paymentTermsDays: 45,
    language: 'pt',
    behaviour: 'slow',
  }),
  party({
    key: 'iberica',
    name: 'Distribuciones Ibéricas, S.L.',
    taxId: esCif('B', '8621457'),
    country: 'ES',
    address: 'Calle de Alcalá 155',
    postalCode: '28009',
    city: 'Madrid',
    email: 'administracion@dibericas.example',
    iban: null,
    paymentTermsDays: 30,
    language: 'es',
  }),
  party({
    key: 'atlantique',
    name: 'Solutions Atlantique SARL',
    taxId: frVat('81245637'),
    country: 'FR',
    address: '12 quai des Chartrons',
    postalCode: '33000',
    city: 'Bordeaux',
    email: 'compta@solutions-atlantique.example',
    iban: null,
    paymentTermsDays: 45,
    language: 'fr',
    behaviour: 'slow',
  }),
  party({
    key: 'consumer',
    name: 'Consumidor final',
    taxId: '999999990',
    country: 'PT',
    address: 'Desconhecido',
    postalCode: '0000-000',
    city: 'Desconhecido',
    paymentTermsDays: 0,
    language: 'pt',
  }),
];

/**
 * Suppliers, named as the treasury's movements name them (merchant or counterparty), so the seed can
 * turn each paid movement into the supplier invoice it paid. `vat`: the rate on their invoices.
 */
export interface DemoSupplier extends DemoParty {
  /** The treasury merchant whose outgoing movements pay this supplier's invoices. */
  merchant: string;
  vatBasisPoints: number;
  /** Why the rate is 0 (M-code), when it is. */
  exemptionCode: string | null;
  /** Days between the invoice and its payment. */
  daysBeforePayment: number;
  /** The prefix of the supplier's document numbers (its own series). */
  series: string;
}

function supplier(
  fields: Omit<DemoSupplier, 'isCustomer' | 'isSupplier' | 'behaviour' | 'email' | 'iban' | 'language'>,
): DemoSupplier {
  return {
    ...party({ ...fields, isCustomer: false, isSupplier: true, language: 'pt' }),
    merchant: fields.merchant,
    vatBasisPoints: fields.vatBasisPoints,
    exemptionCode: fields.exemptionCode,
    daysBeforePayment: fields.daysBeforePayment,
    series: fields.series,
  };
}

export const PT_BILLING_SUPPLIERS: readonly DemoSupplier[] = [
  supplier({
    key: 'landlord',
    merchant: 'Imobiliária Avenida, Lda',
    name: 'Imobiliária Avenida, Lda',
    taxId: ptNif('50543321'),
    country: 'PT',
    address: 'Avenida da Liberdade 245',
    postalCode: '1250-143',
    city: 'Lisboa',
    paymentTermsDays: 8,
    // Rent of premises: exempt under art. 9.º n.º 29 CIVA (M07 "Artigo 9.º do CIVA").
    vatBasisPoints: 0,
    exemptionCode: 'M07',
    daysBeforePayment: 7,
    series: 'FT RND',
  }),
  supplier({
    key: 'edp',
    merchant: 'EDP Comercial',
    name: 'EDP Comercial — Comercialização de Energia, SA',
    taxId: '503504564',
    country: 'PT',
    address: 'Avenida 24 de Julho 12',
    postalCode: '1249-300',
    city: 'Lisboa',
    paymentTermsDays: 20,
    vatBasisPoints: 2300,
    exemptionCode: null,
    daysBeforePayment: 18,
    series: 'FT 1E',
  }),
  supplier({
    key: 'epal',
    merchant: 'EPAL',
    name: 'EPAL — Empresa Portuguesa das Águas Livres, SA',
    taxId: '500906840',
    country: 'PT',
    address: 'Avenida da Liberdade 24',
    postalCode: '1250-144',
    city: 'Lisboa',
    paymentTermsDays: 20,
    // Water supply: reduced rate (Lista I, 1.7).
    vatBasisPoints: 600,
    exemptionCode: null,
    daysBeforePayment: 15,
    series: 'FT EP',
  }),
  supplier({
    key: 'meo',
    merchant: 'MEO',
    name: 'MEO — Serviços de Comunicações e Multimédia, SA',
    taxId: '504615947',
    country: 'PT',
    address: 'Avenida Fontes Pereira de Melo 40',
    postalCode: '1069-300',
    city: 'Lisboa',
    paymentTermsDays: 20,
    vatBasisPoints: 2300,
    exemptionCode: null,
    daysBeforePayment: 16,
    series: 'FT M',
  }),
  supplier({
    key: 'nos',
    merchant: 'NOS',
    name: 'NOS Comunicações, SA',
    taxId: '502604751',
    country: 'PT',
    address: 'Rua Ator António Silva 9',
    postalCode: '1600-404',
    city: 'Lisboa',
    paymentTermsDays: 20,
    vatBasisPoints: 2300,
    exemptionCode: null,
    daysBeforePayment: 16,
    series: 'FT NOS',
  }),
  supplier({
    key: 'fidelidade',
    merchant: 'Fidelidade',
    name: 'Fidelidade — Companhia de Seguros, SA',
    taxId: '500918880',
    country: 'PT',
    address: 'Largo do Calhariz 30',
    postalCode: '1249-001',
    city: 'Lisboa',
    paymentTermsDays: 15,
    // Insurance: exempt under art. 9.º n.º 28 CIVA.
    vatBasisPoints: 0,
    exemptionCode: 'M07',
    daysBeforePayment: 10,
    series: 'RC F',
  }),
  supplier({
    key: 'ovh',
    merchant: 'OVHcloud Portugal',
    name: 'OVH Hosting, Sistemas Informáticos, Unipessoal Lda',
    taxId: ptNif('51044278'),
    country: 'PT',
    address: 'Rua Dom Manuel II 33',
    postalCode: '4050-345',
    city: 'Porto',
    paymentTermsDays: 10,
    vatBasisPoints: 2300,
    exemptionCode: null,
    daysBeforePayment: 5,
    series: 'FT PT',
  }),
  supplier({
    key: 'accountant',
    merchant: 'Rigor Contabilidade, Lda',
    name: 'Rigor Contabilidade, Lda',
    taxId: ptNif('50876530'),
    country: 'PT',
    address: 'Rua Castilho 39',
    postalCode: '1250-068',
    city: 'Lisboa',
    paymentTermsDays: 15,
    vatBasisPoints: 2300,
    exemptionCode: null,
    daysBeforePayment: 12,
    series: 'FT RC',
  }),
  supplier({
    key: 'worten',
    merchant: 'Worten Empresas',
    name: 'Worten — Equipamentos para o Lar, SA',
    taxId: ptNif('50303476'),
    country: 'PT',
    address: 'Rua João Mendonça 505',
    postalCode: '4464-503',
    city: 'Senhora da Hora',
    paymentTermsDays: 0,
    vatBasisPoints: 2300,
    exemptionCode: null,
    daysBeforePayment: 2,
    series: 'FT WE',
  }),
  supplier({
    key: 'staples',
    merchant: 'Staples Portugal',
    name: 'Staples Portugal — Equipamento de Escritório, SA',
    taxId: ptNif('50316231'),
    country: 'PT',
    address: 'Estrada Nacional 10, km 131',
    postalCode: '2694-001',
    city: 'Alverca',
    paymentTermsDays: 0,
    vatBasisPoints: 2300,
    exemptionCode: null,
    daysBeforePayment: 3,
    series: 'FT ST',
  }),
  supplier({
    key: 'rede',
    merchant: 'Rede Consultores, Lda',
    name: 'Rede Consultores, Lda',
    taxId: ptNif('51390116'),
    country: 'PT',
    address: 'Rua Tomás da Fonseca, Torre G',
    postalCode: '1600-209',
    city: 'Lisboa',
    paymentTermsDays: 30,
    vatBasisPoints: 2300,
    exemptionCode: null,
    daysBeforePayment: 28,
    series: 'FT RCL',
  }),
  supplier({
    key: 'ctt',
    merchant: 'CTT Expresso',
    name: 'CTT Expresso — Serviços Postais e Logística, SA',
    taxId: ptNif('50765612'),
    country: 'PT',
    address: 'Avenida Dom João II 13',
    postalCode: '1999-001',
    city: 'Lisboa',
    paymentTermsDays: 0,
    vatBasisPoints: 2300,
    exemptionCode: null,
    daysBeforePayment: 1,
    series: 'FT CTT',
  }),
];

export const PT_BILLING_PRODUCTS: readonly DemoProduct[] = [
  {
    code: 'DEV-H',
    description: 'Desenvolvimento de software',
    productType: 'S',
    unit: 'H',
    unitPrice: 550_000,
    taxCode: 'NOR',
    exemptionCode: null,
  },
  {
    code: 'CONS-H',
    description: 'Consultoria de sistemas de informação',
    productType: 'S',
    unit: 'H',
    unitPrice: 650_000,
    taxCode: 'NOR',
    exemptionCode: null,
  },
  {
    code: 'MANUT-M',
    description: 'Contrato de manutenção informática (mensal)',
    productType: 'S',
    unit: 'MES',
    unitPrice: 3_500_000,
    taxCode: 'NOR',
    exemptionCode: null,
  },
  {
    code: 'SAAS-PRO',
    description: 'Subscrição Fluxo Gestão Pro (utilizador/mês)',
    productType: 'S',
    unit: 'UN',
    unitPrice: 390_000,
    taxCode: 'NOR',
    exemptionCode: null,
  },
  {
    code: 'HOST-VPS',
    description: 'Alojamento em servidor virtual (mensal)',
    productType: 'S',
    unit: 'MES',
    unitPrice: 450_000,
    taxCode: 'NOR',
    exemptionCode: null,
  },
  {
    code: 'LIC-ERP',
    description: 'Licença de utilização de software (cedência de direitos)',
    productType: 'S',
    unit: 'UN',
    unitPrice: 12_000_000,
    taxCode: 'NOR',
    exemptionCode: null,
  },
  {
    code: 'PORT-14',
    description: 'Portátil 14" i5, 16 GB, SSD 512 GB',
    productType: 'P',
    unit: 'UN',
    unitPrice: 8_990_000,
    taxCode: 'NOR',
    exemptionCode: null,
  },
  {
    code: 'MON-27',
    description: 'Monitor 27" QHD',
    productType: 'P',
    unit: 'UN',
    unitPrice: 2_390_000,
    taxCode: 'NOR',
    exemptionCode: null,
  },
  {
    code: 'CABO-HDMI',
    description: 'Cabo HDMI 2 m',
    productType: 'P',
    unit: 'UN',
    unitPrice: 99_000,
    taxCode: 'NOR',
    exemptionCode: null,
  },
  {
    code: 'LIVRO-FAT',
    description: 'Livro "Faturação sem segredos"',
    productType: 'P',
    unit: 'UN',
    unitPrice: 189_000,
    taxCode: 'RED',
    exemptionCode: null,
  },
  {
    code: 'CATER',
    description: 'Serviço de catering para sessão de formação',
    productType: 'S',
    unit: 'PAX',
    unitPrice: 120_000,
    taxCode: 'INT',
    exemptionCode: null,
  },
  // Vocational training by a certified body: exempt under art. 9.º n.º 10 CIVA (M07).
  {
    code: 'FORM-H',
    description: 'Formação profissional certificada',
    productType: 'S',
    unit: 'H',
    unitPrice: 450_000,
    taxCode: 'ISE',
    exemptionCode: 'M07',
  },
  {
    code: 'DESLOC',
    description: 'Deslocação (km)',
    productType: 'S',
    unit: 'KM',
    unitPrice: 4_000,
    taxCode: 'NOR',
    exemptionCode: null,
  },
  // Late-payment interest is outside the taxable amount: art. 16.º n.º 6 a) CIVA (M01).
  {
    code: 'JUROS',
    description: 'Juros de mora',
    productType: 'S',
    unit: 'UN',
    unitPrice: 0,
    taxCode: 'ISE',
    exemptionCode: 'M01',
  },
];

/** The series code of a year: training series (type F) of the demo, e.g. `DEMO2026`. */
const seriesCode = (year: number) => `DEMO${year}`;

const PT_DOCUMENT_TYPES = ['FT', 'FS', 'FR', 'NC', 'ND', 'OR', 'PF', 'RG'] as const;

/** EU businesses buy services whose place of supply is theirs: art. 6.º n.º 6 a) CIVA, M40. */
const EU_SERVICE = { taxCode: 'ISE' as const, exemptionCode: 'M40' };

interface Draft
  extends Omit<
    DemoDocument,
    'number' | 'documentNumber' | 'series' | 'grossTotal' | 'withholding' | 'payable' | 'dueDate'
  > {
  dueDate?: string;
}

function draft(
  fields: Partial<Draft> & Pick<Draft, 'key' | 'type' | 'date' | 'time' | 'party' | 'lines'>,
): Draft {
  return {
    withholdingBasisPoints: 0,
    reference: null,
    reason: null,
    notes: null,
    schedule: null,
    cancelReason: null,
    paidAtOnce: null,
    invoiced: false,
    ...fields,
  };
}

const hours = (value: number) => value * 1_000;
const units = hours;

/** Totals as the issue path computes them (the same domain function), for the payments to match. */
function totalsOf(
  lines: readonly DemoLine[],
  products: ReadonlyMap<string, DemoProduct>,
  region: string,
  date: string,
  withholdingBasisPoints: number,
) {
  return computeDocumentTotals(
    lines.map((line) => {
      const product = products.get(line.product);
      if (!product) throw new Error(`No demo product ${line.product}`);
      const taxCode = line.taxCode ?? product.taxCode;
      return {
        quantity: line.quantity,
        unitPrice: line.unitPrice ?? product.unitPrice,
        discountBasisPoints: line.discountBasisPoints ?? 0,
        vatBasisPoints: vatRateOf(region, taxCode, date) ?? 0,
        taxRegion: region,
        exemptionCode: taxCode === 'ISE' ? (line.exemptionCode ?? product.exemptionCode) : null,
        subjectToWithholding: line.subjectToWithholding ?? false,
      };
    }),
    { withholdingBasisPoints },
  );
}

/** HH:MM:SS from minutes after midnight. */
const clock = (minutes: number) =>
  `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}:${pad((minutes * 7) % 60)}`;

interface MonthContext {
  month: Month;
  /** Position of the month in the window, 0 for the oldest. */
  index: number;
  windowLength: number;
}

/** The documents of one calendar month (every date in it, today's and later ones filtered afterwards). */
function monthDocuments({ month: { year, month }, index, windowLength }: MonthContext): Draft[] {
  const r = random(`billing:pt:${year}-${month}`);
  const day = (d: number) => iso(year, month, Math.min(d, daysIn(year, month)));
  const monthName = MONTH_NAMES[month - 1]!;
  const period = `${monthName} de ${year}`;
  const docs: Draft[] = [];

  // Recurring contracts (their schedules' runs): maintenance and SaaS on the 1st, hosting on the 5th.
  docs.push(
    draft({
      key: `maint:${year}-${month}`,
      type: 'FT',
      date: day(1),
      time: '06:00:00',
      party: 'hotel',
      lines: [
        {
          product: 'MANUT-M',
          quantity: units(1),
          description: `Contrato de manutenção informática — ${period}`,
        },
      ],
      schedule: 'maintenance',
    }),
    draft({
      key: `saas:${year}-${month}`,
      type: 'FT',
      date: day(1),
      time: '06:00:05',
      party: 'clinic',
      lines: [
        {
          product: 'SAAS-PRO',
          quantity: units(6),
          discountBasisPoints: 1000,
          description: `Subscrição Fluxo Gestão Pro, 6 utilizadores — ${period}`,
        },
      ],
      schedule: 'saas',
    }),
  );
  if (index >= 3)
    docs.push(
      draft({
        key: `hosting:${year}-${month}`,
        type: 'FT',
        date: day(5),
        time: '06:00:00',
        party: 'pharmacy',
        lines: [
          {
            product: 'HOST-VPS',
            quantity: units(2),
            description: `Alojamento de 2 servidores virtuais — ${period}`,
          },
          {
            product: 'MANUT-M',
            quantity: units(1),
            unitPrice: 1_500_000,
            description: `Manutenção do sítio de encomendas — ${period}`,
          },
        ],
        schedule: 'hosting',
      }),
    );

  // Project work, billed at the end of a sprint.
  const projectCustomers = [
    'hotel',
    'bakery',
    'garage',
    'farm',
    'builder',
    'lawyers',
    'logistics',
    'architects',
    'winery',
    'iberica',
    'atlantique',
  ];
  for (let i = r.int(3, 4); i > 0; i--) {
    const customer = r.pick(projectCustomers);
    const eu = customer === 'iberica' || customer === 'atlantique';
    const lines: DemoLine[] = [
      { product: 'DEV-H', quantity: hours(r.int(30, 110)), ...(eu ? EU_SERVICE : {}) },
    ];
    if (r.chance(0.5))
      lines.push({ product: 'CONS-H', quantity: hours(r.int(4, 20)), ...(eu ? EU_SERVICE : {}) });
    if (!eu && r.chance(0.25)) lines.push({ product: 'PORT-14', quantity: units(r.int(1, 3)) });
    if (!eu && r.chance(0.3)) lines.push({ product: 'MON-27', quantity: units(r.int(1, 4)) });
    if (!eu && r.chance(0.3)) lines.push({ product: 'DESLOC', quantity: units(r.int(40, 320)) });
    docs.push(
      draft({
        key: `project:${year}-${month}:${i}`,
        type: 'FT',
        date: workingDay(day(r.int(3, 27))),
        time: clock(r.int(9 * 60, 17 * 60)),
        party: customer,
        lines,
        notes: eu ? 'Reverse charge: VAT due by the customer (art. 196 Directive 2006/112/EC).' : null,
      }),
    );
  }

  // Counter sales to final consumers, paid at once.
  for (let i = r.chance(0.6) ? 1 : 0; i > 0; i--) {
    const lines: DemoLine[] = [
      { product: r.pick(['MON-27', 'CABO-HDMI', 'LIVRO-FAT']), quantity: units(r.int(1, 3)) },
    ];
    if (r.chance(0.4)) lines.push({ product: 'CABO-HDMI', quantity: units(1) });
    docs.push(
      draft({
        key: `counter:${year}-${month}:${i}`,
        type: 'FS',
        date: workingDay(day(r.int(2, 27))),
        time: clock(r.int(10 * 60, 18 * 60)),
        party: 'consumer',
        lines,
        paidAtOnce: r.pick(['CC', 'NU'] as const),
      }),
    );
  }

  // A training session paid on the day (invoice-receipt).
  if (r.chance(0.5)) {
    const customer = r.pick(['school', 'lawyers', 'pharmacy', 'architects']);
    const attendees = r.int(6, 14);
    docs.push(
      draft({
        key: `training:${year}-${month}`,
        type: 'FR',
        date: workingDay(day(r.int(8, 24))),
        time: clock(r.int(17 * 60, 18 * 60)),
        party: customer,
        lines: [
          {
            product: 'FORM-H',
            quantity: hours(r.pick([7, 14, 21])),
            description: 'Formação certificada: faturação e SAF-T',
          },
          { product: 'CATER', quantity: units(attendees) },
        ],
        paidAtOnce: r.pick(['MB', 'TB'] as const),
      }),
    );
  }

  // The year's notable documents, placed by the month's position in the window.
  const fromEnd = windowLength - 1 - index;
  if (fromEnd === 9 || fromEnd === 3) {
    // Software licences: royalties, 25 % IRC withheld by the customer (CIRC art. 94.º n.º 1 b) and n.º 4).
    docs.push(
      draft({
        key: `licence:${year}-${month}`,
        type: 'FT',
        date: workingDay(day(12)),
        time: '11:20:00',
        party: fromEnd === 9 ? 'logistics' : 'architects',
        lines: [{ product: 'LIC-ERP', quantity: units(1), subjectToWithholding: true }],
        withholdingBasisPoints: 2500,
        notes: 'Retenção na fonte de IRC de 25 % (art. 94.º n.º 1 b) do CIRC).',
      }),
    );
  }
  if (fromEnd >= 3 && fromEnd <= 5) {
    // The building contractor's site software: billed every month, unpaid since the summer.
    docs.push(
      draft({
        key: `site:${year}-${month}`,
        type: 'FT',
        date: workingDay(day(20)),
        time: '16:30:00',
        party: 'builder',
        lines: [
          {
            product: 'DEV-H',
            quantity: hours(30 + 6 * fromEnd),
            description: 'Software de gestão de obra: módulo de autos de medição',
          },
          { product: 'DESLOC', quantity: units(260) },
        ],
      }),
    );
  }
  if (fromEnd === 8) {
    docs.push(
      draft({
        key: 'quote:website',
        type: 'OR',
        date: workingDay(day(6)),
        time: '10:05:00',
        party: 'winery',
        lines: [
          {
            product: 'DEV-H',
            quantity: hours(120),
            description: 'Loja online da adega: desenho e desenvolvimento',
          },
          { product: 'CONS-H', quantity: hours(16), description: 'Levantamento de requisitos' },
          { product: 'HOST-VPS', quantity: units(12), discountBasisPoints: 1500 },
        ],
        invoiced: true,
        notes: 'Proposta válida por 30 dias.',
      }),
      draft({
        key: 'quote:website:invoice',
        type: 'FT',
        date: workingDay(day(26)),
        time: '15:40:00',
        party: 'winery',
        lines: [
          {
            product: 'DEV-H',
            quantity: hours(120),
            description: 'Loja online da adega: desenho e desenvolvimento',
          },
          { product: 'CONS-H', quantity: hours(16), description: 'Levantamento de requisitos' },
          { product: 'HOST-VPS', quantity: units(12), discountBasisPoints: 1500 },
        ],
        reference: 'quote:website',
        notes: 'Conforme orçamento aceite.',
      }),
    );
  }
  if (fromEnd === 7) {
    // A monitor returned: credit note on the invoice that sold it.
    docs.push(
      draft({
        key: 'return:invoice',
        type: 'FT',
        date: workingDay(day(4)),
        time: '14:10:00',
        party: 'bakery',
        lines: [
          { product: 'MON-27', quantity: units(3) },
          { product: 'CABO-HDMI', quantity: units(3) },
          {
            product: 'DEV-H',
            quantity: hours(6),
            description: 'Instalação e configuração dos postos de venda',
          },
        ],
      }),
      draft({
        key: 'return:credit',
        type: 'NC',
        date: workingDay(day(9)),
        time: '09:35:00',
        party: 'bakery',
        lines: [
          {
            product: 'MON-27',
            quantity: units(1),
            description: 'Devolução de monitor 27" com defeito de fábrica',
          },
        ],
        reference: 'return:invoice',
        reason: 'Devolução de um monitor com defeito',
      }),
    );
  }
  if (fromEnd === 6) {
    // Issued to the wrong customer: cancelled with its reason, and issued again to the right one.
    const lines: DemoLine[] = [
      {
        product: 'DEV-H',
        quantity: hours(24),
        description: 'Integração do sistema de oficina com a faturação',
      },
    ];
    docs.push(
      draft({
        key: 'wrong:cancelled',
        type: 'FT',
        date: workingDay(day(14)),
        time: '10:30:00',
        party: 'builder',
        lines,
        cancelReason: 'Emitida ao cliente errado; substituída por nova fatura à Auto Reparações Silva.',
      }),
      draft({
        key: 'wrong:reissued',
        type: 'FT',
        date: workingDay(day(14)),
        time: '10:42:00',
        party: 'garage',
        lines,
      }),
    );
  }
  if (fromEnd === 5) {
    docs.push(
      draft({
        key: 'quote:courses',
        type: 'OR',
        date: workingDay(day(11)),
        time: '16:00:00',
        party: 'school',
        lines: [
          {
            product: 'FORM-H',
            quantity: hours(35),
            description: 'Plano de formação anual em ferramentas digitais',
          },
        ],
        notes: 'Proposta válida por 60 dias.',
      }),
    );
  }
  if (fromEnd === 4) {
    // Late-payment interest (art. 102.º of the Código Comercial), billed on a debit note.
    docs.push(
      draft({
        key: 'interest',
        type: 'ND',
        date: workingDay(day(18)),
        time: '12:00:00',
        party: 'garage',
        lines: [
          {
            product: 'JUROS',
            quantity: units(1),
            unitPrice: 386_000,
            description: 'Juros de mora sobre faturas pagas fora do prazo',
          },
        ],
        reference: 'wrong:reissued',
        reason: 'Juros de mora pelo pagamento em atraso',
      }),
    );
  }
  if (fromEnd === 3) {
    docs.push(
      draft({
        key: 'proforma:atlantique',
        type: 'PF',
        date: workingDay(day(7)),
        time: '09:50:00',
        party: 'atlantique',
        lines: [
          { product: 'DEV-H', quantity: hours(80), description: 'Connecteur ERP — phase 2', ...EU_SERVICE },
        ],
        notes: 'Pro forma para adiantamento.',
      }),
    );
  }
  if (fromEnd === 2) {
    // A discount agreed after a project invoice: credit note for 10 % of it.
    docs.push(
      draft({
        key: 'discount:invoice',
        type: 'FT',
        date: workingDay(day(3)),
        time: '17:15:00',
        party: 'hotel',
        lines: [
          { product: 'DEV-H', quantity: hours(80), description: 'Novo sistema de reservas: segunda fase' },
        ],
      }),
      draft({
        key: 'discount:credit',
        type: 'NC',
        date: workingDay(day(10)),
        time: '11:00:00',
        party: 'hotel',
        lines: [
          {
            product: 'DEV-H',
            quantity: hours(8),
            description: 'Desconto comercial de 10 % acordado sobre a segunda fase',
          },
        ],
        reference: 'discount:invoice',
        reason: 'Desconto comercial acordado após a faturação',
      }),
    );
  }
  return docs;
}

const zoneFormats = new Map<string, Intl.DateTimeFormat>();

/** Local date and time in a time zone → the instant (for the issue path's clock). */
export function instantOf(date: string, time: string, timeZone: string): Date {
  let format = zoneFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    zoneFormats.set(timeZone, format);
  }
  const guess = new Date(`${date}T${time}Z`);
  const local = format.format(guess).replace(', ', 'T');
  const offset = new Date(`${local}Z`).getTime() - guess.getTime();
  return new Date(guess.getTime() - offset);
}

/** Numbers the drafts in issue order per series and type, and prices them. */
function finish(
  drafts: Draft[],
  products: ReadonlyMap<string, DemoProduct>,
  parties: ReadonlyMap<string, DemoParty>,
  region: string,
  seriesOf: (type: string, year: number) => string,
): DemoDocument[] {
  const ordered = [...drafts].sort(
    (a, b) => a.date.localeCompare(b.date) || a.time.localeCompare(b.time) || a.key.localeCompare(b.key),
  );
  const counters = new Map<string, number>();
  return ordered.map((doc) => {
    const year = Number(doc.date.slice(0, 4));
    const series = seriesOf(doc.type, year);
    const counterKey = `${doc.type}:${series}`;
    const number = (counters.get(counterKey) ?? 0) + 1;
    counters.set(counterKey, number);
    const totals = totalsOf(doc.lines, products, region, doc.date, doc.withholdingBasisPoints);
    const terms = parties.get(doc.party)?.paymentTermsDays ?? 30;
    return {
      ...doc,
      series,
      number,
      documentNumber: documentNumberOf(doc.type, series, number),
      dueDate: doc.dueDate ?? addDays(doc.date, doc.paidAtOnce ? 0 : terms),
      grossTotal: totals.grossTotal,
      withholding: totals.withholding,
      payable: totals.payable,
    };
  });
}

/** When and how much each customer pays, following its behaviour; nothing on or after today. */
function plannedPayments(
  documents: readonly DemoDocument[],
  parties: ReadonlyMap<string, DemoParty>,
  today: string,
  lastMonths: string,
): DemoPayment[] {
  const credited = new Map<string, number>();
  for (const doc of documents)
    if (doc.type === 'NC' && doc.reference)
      credited.set(doc.reference, (credited.get(doc.reference) ?? 0) + doc.payable);
  const creditedOn = new Map<string, string>();
  for (const doc of documents)
    if (doc.type === 'NC' && doc.reference) creditedOn.set(doc.reference, doc.date);
  const payments: DemoPayment[] = [];
  const pay = (party: string, date: string, items: { doc: DemoDocument; amount: number }[], label = '') => {
    // A customer pays what is left once a credit note is there, so never before it.
    const after = items.reduce((latest, item) => {
      const credit = creditedOn.get(item.doc.key);
      return credit && addDays(credit, 3) > latest ? addDays(credit, 3) : latest;
    }, date);
    const paidOn = workingDay(after);
    if (paidOn >= today || items.length === 0) return;
    const amount = items.reduce((sum, item) => sum + item.amount, 0);
    if (amount <= 0) return;
    payments.push({
      key: `Pagamento ${items.map((item) => item.doc.documentNumber).join(', ')}${label}`,
      party,
      date: paidOn,
      amount,
      method: 'TB',
      allocations: items.map((item) => ({ document: item.doc.key, amount: item.amount })),
    });
  };
  // Some customers settle several invoices with one transfer: the hotel two months of its contract,
  // the clinic and the pharmacy their contracts quarterly, slow payers whenever two invoices have piled up.
  const batchSize = (customer: DemoParty, doc: DemoDocument) =>
    customer.behaviour === 'grouped' && doc.schedule
      ? 2
      : customer.key === 'clinic' || customer.key === 'pharmacy'
        ? 3
        : customer.behaviour === 'slow'
          ? 2
          : 1;
  const pending = new Map<string, DemoDocument[]>();
  for (const doc of documents) {
    if (!['FT', 'ND'].includes(doc.type) || doc.cancelReason) continue;
    const customer = parties.get(doc.party);
    if (!customer) continue;
    const owed = doc.payable - (credited.get(doc.key) ?? 0);
    const r = random(`billing:pay:${doc.key}`);
    const size = batchSize(customer, doc);
    if (size > 1) {
      const batch = [...(pending.get(customer.key) ?? []), doc];
      pending.set(customer.key, batch);
      if (batch.length === size) {
        pending.delete(customer.key);
        pay(
          doc.party,
          addDays(
            doc.date,
            customer.behaviour === 'slow' ? r.int(45, 70) : customer.key === 'hotel' ? 40 : 8,
          ),
          batch.map((item) => ({ doc: item, amount: item.payable - (credited.get(item.key) ?? 0) })),
        );
      }
      continue;
    }
    switch (customer.behaviour) {
      case 'partial': {
        const first = Math.round(owed / 2);
        pay(doc.party, addDays(doc.date, r.int(15, 25)), [{ doc, amount: first }], ' (1.ª prestação)');
        pay(doc.party, addDays(doc.date, r.int(70, 95)), [{ doc, amount: owed - first }], ' (2.ª prestação)');
        break;
      }
      case 'stopped':
        // Paid late until the last months, nothing since.
        if (doc.date < lastMonths) pay(doc.party, addDays(doc.date, r.int(60, 90)), [{ doc, amount: owed }]);
        break;
      default:
        pay(doc.party, addDays(doc.date, r.int(6, 24)), [{ doc, amount: owed }]);
    }
  }
  return payments.sort((a, b) => a.date.localeCompare(b.date) || a.key.localeCompare(b.key));
}

function scheduleOf(
  key: string,
  name: string,
  partyKey: string,
  documents: readonly DemoDocument[],
  startDate: string,
  dayOfMonth: number,
  today: string,
): DemoSchedule {
  const runs = documents.filter((doc) => doc.schedule === key);
  const first = runs[0];
  if (!first) throw new Error(`Schedule ${key} has no run`);
  const [year, month] = today.split('-').map(Number) as [number, number];
  const thisMonth = iso(year, month, dayOfMonth);
  const nextMonthIndex = year * 12 + month;
  const nextDate =
    thisMonth >= today
      ? thisMonth
      : iso(Math.floor(nextMonthIndex / 12), (nextMonthIndex % 12) + 1, dayOfMonth);
  return {
    key,
    name,
    party: partyKey,
    // The current year's series: last year's is closed at the turn of the year.
    series: runs.at(-1)!.series,
    rrule: `FREQ=MONTHLY;BYMONTHDAY=${dayOfMonth}`,
    startDate,
    lines: first.lines.map(({ description: _description, ...line }) => line),
    runs: runs.map((doc) => ({ date: doc.date, document: doc.key })),
    nextDate,
  };
}

export function buildPortugueseBilling(today: string): DemoBilling {
  const months = monthsUpTo(today, PT_BILLING_MONTHS);
  const products = new Map(PT_BILLING_PRODUCTS.map((product) => [product.code, product]));
  const parties = new Map<string, DemoParty>(
    [...PT_BILLING_CUSTOMERS, ...PT_BILLING_SUPPLIERS].map((p) => [p.key, p]),
  );
  const drafts = months
    .flatMap((month, index) => monthDocuments({ month, index, windowLength: months.length }))
    .filter((doc) => doc.date < today);
  // A credit note, debit note or invoice from a quote whose original is not there (not yet dated) goes too.
  const present = new Set(drafts.map((doc) => doc.key));
  const kept = drafts.filter((doc) => !doc.reference || present.has(doc.reference));
  const documents = finish(kept, products, parties, 'PT', (_type, year) => seriesCode(year));
  const lastMonth = months[Math.max(0, months.length - 6)]!;
  const payments = plannedPayments(documents, parties, today, iso(lastMonth.year, lastMonth.month, 1));
  const years = [...new Set(documents.map((doc) => Number(doc.date.slice(0, 4))))];
  if (years.length === 0) years.push(Number(today.slice(0, 4)));
  const series: DemoSeries[] = years.flatMap((year) =>
    PT_DOCUMENT_TYPES.map((type) => ({
      type,
      code: seriesCode(year),
      year,
      validationCode: validationCodeOf(`pt:${type}:${year}`),
    })),
  );
  const first = months[0]!;
  const start = iso(first.year, first.month, 1);
  const schedules = [
    scheduleOf(
      'maintenance',
      'Manutenção informática — Hotel Miradouro',
      'hotel',
      documents,
      start,
      1,
      today,
    ),
    scheduleOf('saas', 'Fluxo Gestão Pro — Clínica Sorriso', 'clinic', documents, start, 1, today),
  ];
  if (documents.some((doc) => doc.schedule === 'hosting')) {
    const hostingStart = months[3]!;
    schedules.push(
      scheduleOf(
        'hosting',
        'Alojamento e manutenção — Farmácia Estrela',
        'pharmacy',
        documents,
        iso(hostingStart.year, hostingStart.month, 5),
        5,
        today,
      ),
    );
  }
  return {
    parties: [...PT_BILLING_CUSTOMERS, ...PT_BILLING_SUPPLIERS],
    products: [...PT_BILLING_PRODUCTS],
    series,
    documents,
    payments,
    schedules,
    settings: {
      multibancoEntity: PT_MB_ENTITY,
      documentFooter:
        'Pagamento por transferência para PT50 0033 0000 4530 1234 5670 5 (Millennium BCP) ou por referência Multibanco. Obrigado pela preferência.',
      reminderAfterDays: 7,
    },
  };
}

// ── Angola: Kwanza Comércio, Lda (wholesale) ───────────────────────────────────────────────────

const AO_CUSTOMERS: readonly DemoParty[] = [
  ['kero', 'Supermercado Kero Talatona', '5417123450', 'Via AL 13, Talatona'],
  ['muxima', 'Distribuidora Muxima, Lda', '5401187236', 'Rua Amílcar Cabral 58'],
  ['baia', 'Hotel Baía de Luanda', '5480012397', 'Avenida 4 de Fevereiro 30'],
  ['ngola', 'Farmácia Ngola, Lda', '5410098812', 'Rua Comandante Gika 112'],
].map(([key, name, taxId, address]) =>
  party({
    key: key as string,
    name: name as string,
    taxId: taxId as string,
    country: 'AO',
    address: address as string,
    postalCode: '',
    city: 'Luanda',
    paymentTermsDays: 30,
    language: 'pt',
  }),
);

const AO_PRODUCTS: readonly DemoProduct[] = [
  {
    code: 'OLEO-5L',
    description: 'Óleo alimentar, 5 L',
    productType: 'P',
    unit: 'UN',
    unitPrice: 85_000_000,
    taxCode: 'NOR',
    exemptionCode: null,
  },
  {
    code: 'ACUCAR-50',
    description: 'Açúcar, saco de 50 kg',
    productType: 'P',
    unit: 'UN',
    unitPrice: 420_000_000,
    taxCode: 'NOR',
    exemptionCode: null,
  },
  {
    code: 'AGUA-12',
    description: 'Água mineral, pack de 12 × 1,5 L',
    productType: 'P',
    unit: 'UN',
    unitPrice: 32_000_000,
    taxCode: 'NOR',
    exemptionCode: null,
  },
  // Basic foodstuffs of Anexo I of the CIVA: exempt under art. 12.º n.º 1 a) (AGT code M10).
  {
    code: 'ARROZ-25',
    description: 'Arroz agulha, saco de 25 kg',
    productType: 'P',
    unit: 'UN',
    unitPrice: 210_000_000,
    taxCode: 'ISE',
    exemptionCode: 'M10',
  },
  {
    code: 'TRANSP',
    description: 'Transporte e entrega',
    productType: 'S',
    unit: 'UN',
    unitPrice: 150_000_000,
    taxCode: 'NOR',
    exemptionCode: null,
  },
];

const AO_DOCUMENT_TYPES = ['FT', 'FR', 'NC'] as const;

export function buildAngolanBilling(today: string): DemoBilling {
  const months = monthsUpTo(today, AO_BILLING_MONTHS);
  const products = new Map(AO_PRODUCTS.map((product) => [product.code, product]));
  const parties = new Map(AO_CUSTOMERS.map((p) => [p.key, p]));
  const drafts: Draft[] = [];
  for (const { year, month } of months) {
    const r = random(`billing:ao:${year}-${month}`);
    const day = (d: number) => iso(year, month, Math.min(d, daysIn(year, month)));
    for (let i = r.int(2, 3); i > 0; i--) {
      const lines: DemoLine[] = [
        { product: 'OLEO-5L', quantity: units(r.int(20, 120)) },
        { product: 'ARROZ-25', quantity: units(r.int(10, 60)) },
      ];
      if (r.chance(0.5)) lines.push({ product: 'ACUCAR-50', quantity: units(r.int(5, 30)) });
      if (r.chance(0.5)) lines.push({ product: 'TRANSP', quantity: units(1) });
      drafts.push(
        draft({
          key: `ao:ft:${year}-${month}:${i}`,
          type: 'FT',
          date: workingDay(day(r.int(2, 26))),
          time: clock(r.int(9 * 60, 16 * 60)),
          party: r.pick(['kero', 'muxima', 'baia']),
          lines,
        }),
      );
    }
    drafts.push(
      draft({
        key: `ao:fr:${year}-${month}`,
        type: 'FR',
        date: workingDay(day(r.int(3, 25))),
        time: clock(r.int(10 * 60, 17 * 60)),
        party: r.pick(['ngola', 'baia']),
        lines: [{ product: 'AGUA-12', quantity: units(r.int(30, 90)) }],
        paidAtOnce: 'TB',
      }),
    );
  }
  const second = months[1]!;
  const firstInvoice = drafts
    .filter((doc) => doc.type === 'FT' && doc.date.startsWith(`${second.year}-${pad(second.month)}`))
    .sort((a, b) => a.date.localeCompare(b.date))[0];
  if (firstInvoice)
    drafts.push(
      draft({
        key: 'ao:nc',
        type: 'NC',
        date: addDays(firstInvoice.date, 3),
        time: '10:00:00',
        party: firstInvoice.party,
        lines: [
          {
            product: 'OLEO-5L',
            quantity: units(5),
            description: 'Devolução de 5 garrafões danificados no transporte',
          },
        ],
        reference: firstInvoice.key,
        reason: 'Mercadoria danificada no transporte',
      }),
    );
  const kept = drafts.filter((doc) => doc.date < today);
  const present = new Set(kept.map((doc) => doc.key));
  const documents = finish(
    kept.filter((doc) => !doc.reference || present.has(doc.reference)),
    products,
    parties,
    'AO',
    (_type, year) => `KC${year}`,
  );
  const years = [...new Set(documents.map((doc) => Number(doc.date.slice(0, 4))))];
  if (years.length === 0) years.push(Number(today.slice(0, 4)));
  return {
    parties: [...AO_CUSTOMERS],
    products: [...AO_PRODUCTS],
    // AGT has no series registration: no validation code, no ATCUD.
    series: years.flatMap((year) =>
      AO_DOCUMENT_TYPES.map((type) => ({ type, code: `KC${year}`, year, validationCode: '' })),
    ),
    documents,
    payments: [],
    schedules: [],
    settings: {
      multibancoEntity: null,
      documentFooter:
        'Pagamento por transferência para o BAI, conta à ordem. Os bens foram colocados à disposição do adquirente na data do documento.',
      reminderAfterDays: null,
    },
  };
}
