import { multibancoReference, type StatementEntry } from '@fluxo/domain';
import { buildPortugueseBilling, PT_BILLING_CUSTOMERS, PT_BILLING_MONTHS } from './billing-demo-data.ts';
import {
  addDays,
  daysIn,
  demoIban,
  iso,
  MONTH_NAMES,
  monthsUpTo,
  pad,
  random,
  weekday,
  workingDay,
  workingDayBefore,
} from './demo-calendar.ts';

// The demo companies' money, built in memory (no I/O) so that the seed inserts it in a few large
// batches. Everything is a function of `today` and fixed seeds: a calendar month always gets the same
// movements whatever the day it is generated on, and nothing depends on Math.random.

/**
 * Codes of the default categories (treasury's ensureDefaultCategories; PT and AO trees differ in taxes and
 * social security). A code the organization lacks leaves the movement uncategorised.
 */
export type DemoCategory =
  | 'SALES_GOODS'
  | 'SERVICES'
  | 'SALARIES'
  | 'SOCIAL_SECURITY'
  | 'SOCIAL_SECURITY_INSS'
  | 'TAX_IRS'
  | 'TAX_IRT'
  | 'TAX_VAT'
  | 'TAX_OTHER'
  | 'SUPPLIERS'
  | 'SOFTWARE'
  | 'ACCOUNTING'
  | 'RENT'
  | 'UTILITIES'
  | 'TELECOMS'
  | 'FUEL_TRAVEL'
  | 'INSURANCE'
  | 'BANK_FEES'
  | 'LOAN_REPAYMENTS'
  | 'OTHER_EXPENSES';

export interface DemoMovement {
  entry: StatementEntry;
  category: DemoCategory | null;
  merchant: string | null;
}

export interface DemoAccount {
  key: string;
  kind: 'bank' | 'cash' | 'pos';
  name: string;
  institution: string | null;
  iban: string | null;
  bic: string | null;
  currency: 'EUR' | 'AOA';
  openingBalance: number;
  openingDate: string;
  movements: DemoMovement[];
}

/** Two movements, on two accounts, that are the two sides of one transfer (matched by bank reference). */
export interface DemoTransfer {
  from: { account: string; bankReference: string };
  to: { account: string; bankReference: string };
}

export interface DemoPosBatch {
  account: string;
  batchDate: string;
  reference: string;
  salesCount: number;
  gross: number;
  fees: number;
  net: number;
  expectedSettlementDate: string;
  settlement: { account: string; bankReference: string };
}

export interface DemoMerchant {
  name: string;
  vatNumber: string | null;
  category: DemoCategory | null;
}

export interface DemoRule {
  name: string;
  priority: number;
  contains: string;
  category: DemoCategory;
  merchant: string | null;
}

export interface DemoTreasury {
  accounts: DemoAccount[];
  transfers: DemoTransfer[];
  posBatches: DemoPosBatch[];
  merchants: DemoMerchant[];
  rules: DemoRule[];
}

/** Months of history the PT demo company has, the current one included. */
export const PT_DEMO_MONTHS = 18;
/** Months of history the AO demo company has. */
export const AO_DEMO_MONTHS = 4;

/** Collects one account's movements, each with a bank reference unique in the account. */
class Ledger {
  readonly movements: DemoMovement[] = [];
  /** Sum of the movements so far (the opening balance aside). */
  balance = 0;
  private counter = 0;
  constructor(
    private readonly prefix: string,
    private readonly today: string,
  ) {}

  add(
    date: string,
    amount: number,
    description: string,
    options: {
      category?: DemoCategory | null;
      merchant?: string | null;
      counterpartyName?: string | null;
      counterpartyIban?: string | null;
      remittanceInfo?: string | null;
      valueDate?: string | null;
    } = {},
  ): string | null {
    if (date > this.today || amount === 0) return null;
    this.counter += 1;
    this.balance += amount;
    const bankReference = `${this.prefix}${date.replaceAll('-', '')}${pad(this.counter, 5)}`;
    this.movements.push({
      entry: {
        line: this.movements.length + 1,
        bookingDate: date,
        valueDate: options.valueDate ?? date,
        amount,
        currency: null,
        description,
        counterpartyName: options.counterpartyName ?? null,
        counterpartyIban: options.counterpartyIban ?? null,
        remittanceInfo: options.remittanceInfo ?? null,
        endToEndId: null,
        bankReference,
        providerTransactionId: null,
        balanceAfter: null,
      },
      category: options.category ?? null,
      merchant: options.merchant ?? null,
    });
    return bankReference;
  }

  sorted(): DemoMovement[] {
    return this.movements
      .sort((a, b) => a.entry.bookingDate.localeCompare(b.entry.bookingDate))
      .map((movement, index) => ({ ...movement, entry: { ...movement.entry, line: index + 1 } }));
  }
}

// ── Portugal: Fluxo Demo, Lda ──────────────────────────────────────────────────────────────────

/** Customers with a bank account: the billing demo's, whose payments are the bank's incoming transfers. */
const PT_CUSTOMERS = PT_BILLING_CUSTOMERS.filter((customer) => customer.iban !== null);

const PT_SUPPLIERS = [
  { name: 'Worten Empresas', amount: [8_000, 95_000], category: 'OTHER_EXPENSES' },
  { name: 'OVHcloud Portugal', amount: [4_500, 18_000], category: 'SOFTWARE' },
  { name: 'Rigor Contabilidade, Lda', amount: [36_900, 36_900], category: 'ACCOUNTING' },
  { name: 'Staples Portugal', amount: [3_000, 25_000], category: 'OTHER_EXPENSES' },
  { name: 'Rede Consultores, Lda', amount: [60_000, 250_000], category: 'SUPPLIERS' },
  { name: 'CTT Expresso', amount: [1_500, 9_000], category: 'FUEL_TRAVEL' },
] as const;

/** Net monthly pay of the six employees, and their gross (for social security and IRS). */
const PT_STAFF = [
  { name: 'Ana Demo', net: 245_000, gross: 340_000 },
  { name: 'Bruno Matos', net: 168_000, gross: 220_000 },
  { name: 'Catarina Sousa', net: 152_500, gross: 195_000 },
  { name: 'Diogo Ferreira', net: 131_000, gross: 165_000 },
  { name: 'Eva Martins', net: 118_500, gross: 145_000 },
  { name: 'Filipe Rocha', net: 98_700, gross: 115_000 },
] as const;
const PT_GROSS_PAYROLL = PT_STAFF.reduce((sum, person) => sum + person.gross, 0);

/** The organization's own Multibanco entity (payment references it issues to customers). */
const MB_ENTITY = '21312';

export const PT_ACCOUNT_KEYS = { bcp: 'bcp', cgd: 'cgd', cash: 'cash', pos: 'pos' } as const;

export function buildPortugueseDemo(today: string): DemoTreasury {
  const months = monthsUpTo(today, PT_DEMO_MONTHS);
  const first = months[0]!;
  const openingDate = addDays(iso(first.year, first.month, 1), -1);
  const bcp = new Ledger('BCP', today);
  const cgd = new Ledger('CGD', today);
  const cash = new Ledger('CX', today);
  const transfers: DemoTransfer[] = [];
  const posBatches: DemoPosBatch[] = [];
  const bcpIban = demoIban('PT', '50', '0033000045301234567');
  const cgdIban = demoIban('PT', '50', '0035069700012345678');
  let mbId = 1_000;
  let batchNumber = 0;
  const billingMonths = monthsUpTo(today, PT_BILLING_MONTHS).map(
    ({ year, month }) => `${year}-${pad(month)}`,
  );
  const billingCustomers = new Map(PT_BILLING_CUSTOMERS.map((customer) => [customer.key, customer]));
  const paymentsByMonth = new Map<string, ReturnType<typeof buildPortugueseBilling>['payments']>();
  for (const payment of buildPortugueseBilling(today).payments) {
    const key = payment.date.slice(0, 7);
    paymentsByMonth.set(key, [...(paymentsByMonth.get(key) ?? []), payment]);
  }

  for (const { year, month, lastDay } of months) {
    const r = random(`pt:${year}-${month}`);
    const day = (d: number) => iso(year, month, Math.min(d, daysIn(year, month)));
    const monthName = MONTH_NAMES[month - 1]!;
    const period = `${pad(month)}/${year}`;

    // Customers paying invoices by transfer to the BCP account: within the billing demo's year, exactly
    // the payments it records (so each one links to its movement); before it, and while the first
    // months' invoices are not yet due, invoices from the program used before Fluxo.
    const billingIndex = billingMonths.indexOf(`${year}-${pad(month)}`);
    for (const payment of billingIndex >= 0 ? (paymentsByMonth.get(`${year}-${pad(month)}`) ?? []) : []) {
      const customer = billingCustomers.get(payment.party)!;
      bcp.add(payment.date, payment.amount, `TRF DE ${customer.name.toUpperCase()}`, {
        category: 'SERVICES',
        merchant: customer.name,
        counterpartyName: customer.name,
        counterpartyIban: customer.iban,
        remittanceInfo: payment.key,
      });
    }
    const legacyPayments = billingIndex < 0 ? r.int(5, 8) : Math.max(0, 6 - billingIndex);
    for (let i = legacyPayments; i > 0; i--) {
      const customer = r.pick(PT_CUSTOMERS);
      const invoice = `FT ${year}/${r.int(100, 999)}`;
      bcp.add(
        workingDay(day(r.int(1, 28))),
        r.int(90_000, 650_000),
        `TRF DE ${customer.name.toUpperCase()}`,
        {
          category: 'SERVICES',
          merchant: customer.name,
          counterpartyName: customer.name,
          counterpartyIban: customer.iban,
          remittanceInfo: `Pagamento ${invoice}`,
        },
      );
    }
    // Smaller customers paying Multibanco references, credited on the CGD account.
    for (let i = r.int(8, 14); i > 0; i--) {
      const amount = r.int(2_500, 48_000);
      mbId += 1;
      const reference = multibancoReference(MB_ENTITY, mbId, amount);
      const formatted = reference.replace(/^(\d{3})(\d{3})(\d{3})$/, '$1 $2 $3');
      cgd.add(workingDay(day(r.int(1, 28))), amount, `PAG MULTIBANCO ENT ${MB_ENTITY} REF ${formatted}`, {
        category: 'SALES_GOODS',
        remittanceInfo: `Entidade ${MB_ENTITY} Referência ${reference}`,
      });
    }

    // Salaries on the 27th (the working day before when it falls on a weekend); holiday pay in June,
    // Christmas pay in November.
    const payday = workingDayBefore(day(27));
    for (const person of PT_STAFF) {
      bcp.add(payday, -person.net, `TRF VENCIMENTO ${monthName.toUpperCase()} ${person.name.toUpperCase()}`, {
        category: 'SALARIES',
        counterpartyName: person.name,
        remittanceInfo: `Vencimento ${period}`,
      });
      if (month === 6 || month === 11) {
        const what = month === 6 ? 'SUBSIDIO DE FERIAS' : 'SUBSIDIO DE NATAL';
        bcp.add(payday, -person.net, `TRF ${what} ${person.name.toUpperCase()}`, {
          category: 'SALARIES',
          counterpartyName: person.name,
          remittanceInfo: `${what === 'SUBSIDIO DE FERIAS' ? 'Subsídio de férias' : 'Subsídio de Natal'} ${year}`,
        });
      }
    }
    // Last month's payroll: social security (23.75 % + 11 %) and IRS withheld, paid around the 20th.
    const previousGross = PT_GROSS_PAYROLL * (month === 7 || month === 12 ? 2 : 1);
    bcp.add(workingDay(day(20)), -Math.round(previousGross * 0.3475), 'PAG SEGURANCA SOCIAL', {
      category: 'SOCIAL_SECURITY',
      merchant: 'Segurança Social',
      counterpartyName: 'Instituto da Segurança Social, IP',
      remittanceInfo: `Contribuições ${pad(month === 1 ? 12 : month - 1)}/${month === 1 ? year - 1 : year}`,
    });
    bcp.add(workingDay(day(20)), -Math.round(previousGross * 0.142), 'PAG AT RETENCOES NA FONTE IRS', {
      category: 'TAX_IRS',
      merchant: 'Autoridade Tributária e Aduaneira',
      counterpartyName: 'Autoridade Tributária e Aduaneira',
      remittanceInfo: `Guia retenções IRS ${pad(month === 1 ? 12 : month - 1)}/${month === 1 ? year - 1 : year}`,
    });
    // VAT, quarterly regime: paid by the 25th of the second month after the quarter.
    if ([2, 5, 8, 11].includes(month)) {
      bcp.add(workingDay(day(24)), -r.int(1_050_000, 1_650_000), 'PAG AT IVA PERIODICO', {
        category: 'TAX_VAT',
        merchant: 'Autoridade Tributária e Aduaneira',
        counterpartyName: 'Autoridade Tributária e Aduaneira',
        remittanceInfo: `IVA trimestral ${year}`,
      });
    }

    // Suppliers by transfer.
    for (let i = r.int(3, 5); i > 0; i--) {
      const supplier = r.pick(PT_SUPPLIERS);
      bcp.add(
        workingDay(day(r.int(2, 28))),
        -r.int(supplier.amount[0], supplier.amount[1]),
        `TRF P/ ${supplier.name.toUpperCase()}`,
        {
          category: supplier.category,
          merchant: supplier.name,
          counterpartyName: supplier.name,
          remittanceInfo: `FT ${year}/${r.int(1_000, 9_999)}`,
        },
      );
    }
    // Rent, utilities, telecoms, insurance by direct debit.
    bcp.add(workingDay(day(8)), -185_000, 'TRF RENDA ESCRITORIO AV LIBERDADE', {
      category: 'RENT',
      merchant: 'Imobiliária Avenida, Lda',
      counterpartyName: 'Imobiliária Avenida, Lda',
      remittanceInfo: `Renda ${monthName} ${year}`,
    });
    bcp.add(workingDay(day(12)), -r.int(9_500, 18_500), 'DD EDP COMERCIAL', {
      category: 'UTILITIES',
      merchant: 'EDP Comercial',
      counterpartyName: 'EDP Comercial',
      remittanceInfo: `Fatura eletricidade ${period}`,
    });
    bcp.add(workingDay(day(16)), -r.int(2_400, 4_600), 'DD EPAL AGUAS DE LISBOA', {
      category: 'UTILITIES',
      merchant: 'EPAL',
      counterpartyName: 'EPAL — Empresa Portuguesa das Águas Livres',
    });
    bcp.add(workingDay(day(10)), -8_990, 'DD MEO SERVICOS COMUNICACOES', {
      category: 'TELECOMS',
      merchant: 'MEO',
      counterpartyName: 'MEO — Serviços de Comunicações e Multimédia',
    });
    cgd.add(workingDay(day(14)), -6_450, 'DD NOS COMUNICACOES', {
      category: 'TELECOMS',
      merchant: 'NOS',
      counterpartyName: 'NOS Comunicações',
    });
    bcp.add(workingDay(day(5)), -7_215, 'DD FIDELIDADE SEGUROS', {
      category: 'INSURANCE',
      merchant: 'Fidelidade',
      counterpartyName: 'Fidelidade — Companhia de Seguros',
      remittanceInfo: 'Apólice AT 0045123 multirriscos e acidentes de trabalho',
    });
    // Fuel with the company card.
    for (let i = r.int(2, 4); i > 0; i--) {
      const station = r.pick(['GALP AV REPUBLICA', 'GALP A2 SEIXAL', 'REPSOL ALCANTARA', 'BP RESTELO']);
      bcp.add(day(r.int(1, 28)), -r.int(4_500, 8_500), `COMPRA ${station}`, {
        category: 'FUEL_TRAVEL',
        merchant: station.startsWith('GALP') ? 'Galp' : null,
      });
    }
    // Loan instalment on the CGD account.
    cgd.add(workingDay(day(15)), -124_532, 'PRESTACAO EMPRESTIMO 0697/004512', {
      category: 'LOAN_REPAYMENTS',
      counterpartyName: 'Caixa Geral de Depósitos',
      remittanceInfo: 'Capital e juros',
    });
    // Maintenance fees, each with its stamp duty (Imposto do Selo, 4 %).
    const feesDay = workingDayBefore(day(daysIn(year, month)));
    bcp.add(feesDay, -950, 'COMISSAO MANUTENCAO CONTA', { category: 'BANK_FEES' });
    bcp.add(feesDay, -38, 'IMPOSTO DO SELO S/ COMISSAO', { category: 'TAX_OTHER' });
    cgd.add(feesDay, -700, 'COMISSAO CONTA ORDEM NEGOCIOS', { category: 'BANK_FEES' });
    cgd.add(feesDay, -28, 'IMPOSTO DO SELO S/ COMISSAO', { category: 'TAX_OTHER' });

    // Every third month the CGD account's receipts move to the BCP account, which pays the payroll.
    if (month % 3 === 0) {
      const date = workingDay(day(18));
      const amount = 1_200_000;
      const out = cgd.add(date, -amount, 'TRF P/ FLUXO DEMO LDA MILLENNIUM', {
        counterpartyName: 'Fluxo Demo, Lda',
        counterpartyIban: bcpIban,
        remittanceInfo: 'Transferência entre contas',
      });
      const into = bcp.add(date, amount, 'TRF DE FLUXO DEMO LDA CGD', {
        counterpartyName: 'Fluxo Demo, Lda',
        counterpartyIban: cgdIban,
        remittanceInfo: 'Transferência entre contas',
      });
      if (out && into) {
        transfers.push({
          from: { account: PT_ACCOUNT_KEYS.cgd, bankReference: out },
          to: { account: PT_ACCOUNT_KEYS.bcp, bankReference: into },
        });
      }
    }
    // Petty cash: a withdrawal at the start of the month, small expenses through it.
    const withdrawal = workingDay(day(2));
    const topUp = Math.max(5_000, Math.ceil((25_000 - cash.balance) / 5_000) * 5_000);
    const atm = bcp.add(withdrawal, -topUp, 'LEVANTAMENTO ATM AV LIBERDADE', {
      remittanceInfo: 'Reforço do fundo de caixa',
    });
    const intoCash = cash.add(withdrawal, topUp, 'Reforço do fundo de caixa', {
      remittanceInfo: 'Levantamento Millennium BCP',
    });
    if (atm && intoCash) {
      transfers.push({
        from: { account: PT_ACCOUNT_KEYS.bcp, bankReference: atm },
        to: { account: PT_ACCOUNT_KEYS.cash, bankReference: intoCash },
      });
    }
    const pettyExpenses = [
      { text: 'Cafés e águas para reunião', category: 'OTHER_EXPENSES', range: [450, 1_800] },
      { text: 'Selos CTT', category: 'OTHER_EXPENSES', range: [300, 1_500] },
      { text: 'Estacionamento EMEL', category: 'FUEL_TRAVEL', range: [250, 1_200] },
      { text: 'Material de escritório — papelaria', category: 'OTHER_EXPENSES', range: [600, 2_900] },
      { text: 'Táxi reunião cliente', category: 'FUEL_TRAVEL', range: [900, 2_400] },
    ] as const;
    for (let i = r.int(5, 9); i > 0; i--) {
      const expense = r.pick(pettyExpenses);
      cash.add(day(r.int(3, 28)), -r.int(expense.range[0], expense.range[1]), expense.text, {
        category: expense.category,
      });
    }

    // Card terminal: a batch each day the shop is open (Monday to Saturday), settled net of fees on the
    // CGD account the next working day.
    for (let d = 1; d <= lastDay; d++) {
      const date = iso(year, month, d);
      if (weekday(date) === 0 || date >= today) continue;
      const salesCount = r.int(3, 14);
      const gross = salesCount * r.int(1_200, 4_500);
      const fees = Math.round(gross * 0.0075) + 5 * salesCount;
      const settlementDate = workingDay(addDays(date, 1));
      if (settlementDate > today) continue;
      batchNumber += 1;
      const reference = `LOTE ${pad(batchNumber, 6)}`;
      const credit = cgd.add(settlementDate, gross - fees, `LIQUIDACAO TPA 4512345 ${reference}`, {
        category: 'SALES_GOODS',
        counterpartyName: 'SIBS Pagamentos',
        remittanceInfo: `Vendas ${date} — bruto ${(gross / 100).toFixed(2)} comissões ${(fees / 100).toFixed(2)}`,
      });
      if (!credit) continue;
      posBatches.push({
        account: PT_ACCOUNT_KEYS.pos,
        batchDate: date,
        reference,
        salesCount,
        gross,
        fees,
        net: gross - fees,
        expectedSettlementDate: settlementDate,
        settlement: { account: PT_ACCOUNT_KEYS.cgd, bankReference: credit },
      });
    }
  }

  const accounts: DemoAccount[] = [
    {
      key: PT_ACCOUNT_KEYS.bcp,
      kind: 'bank',
      name: 'Millennium BCP — Ordem',
      institution: 'Millennium BCP',
      iban: bcpIban,
      bic: 'BCOMPTPL',
      currency: 'EUR',
      openingBalance: 4_850_000,
      openingDate,
      movements: bcp.sorted(),
    },
    {
      key: PT_ACCOUNT_KEYS.cgd,
      kind: 'bank',
      name: 'CGD — Ordem',
      institution: 'Caixa Geral de Depósitos',
      iban: cgdIban,
      bic: 'CGDIPTPL',
      currency: 'EUR',
      openingBalance: 2_500_000,
      openingDate,
      movements: cgd.sorted(),
    },
    {
      key: PT_ACCOUNT_KEYS.cash,
      kind: 'cash',
      name: 'Caixa — Escritório',
      institution: null,
      iban: null,
      bic: null,
      currency: 'EUR',
      openingBalance: 15_000,
      openingDate,
      movements: cash.sorted(),
    },
    {
      key: PT_ACCOUNT_KEYS.pos,
      kind: 'pos',
      name: 'TPA — Loja Avenida',
      institution: 'SIBS / Caixa Geral de Depósitos',
      iban: null,
      bic: null,
      currency: 'EUR',
      openingBalance: 0,
      openingDate,
      movements: [],
    },
  ];
  const merchants: DemoMerchant[] = [
    { name: 'EDP Comercial', vatNumber: '503504564', category: 'UTILITIES' },
    { name: 'EPAL', vatNumber: '500906840', category: 'UTILITIES' },
    { name: 'MEO', vatNumber: '504615947', category: 'TELECOMS' },
    { name: 'NOS', vatNumber: '502604751', category: 'TELECOMS' },
    { name: 'Galp', vatNumber: '504499777', category: 'FUEL_TRAVEL' },
    { name: 'Fidelidade', vatNumber: '500918880', category: 'INSURANCE' },
    { name: 'Imobiliária Avenida, Lda', vatNumber: null, category: 'RENT' },
    { name: 'Segurança Social', vatNumber: null, category: 'SOCIAL_SECURITY' },
    { name: 'Autoridade Tributária e Aduaneira', vatNumber: '600084779', category: 'TAX_OTHER' },
    ...PT_SUPPLIERS.map((s) => ({ name: s.name, vatNumber: null, category: s.category })),
    ...PT_BILLING_CUSTOMERS.filter((c) => c.key !== 'consumer').map((c) => ({
      name: c.name,
      vatNumber: c.country === 'PT' ? c.taxId : null,
      category: 'SERVICES' as const,
    })),
  ];
  const rules: DemoRule[] = [
    {
      name: 'EDP → Eletricidade',
      priority: 10,
      contains: 'EDP',
      category: 'UTILITIES',
      merchant: 'EDP Comercial',
    },
    { name: 'EPAL → Água', priority: 20, contains: 'EPAL', category: 'UTILITIES', merchant: 'EPAL' },
    { name: 'MEO → Telecomunicações', priority: 30, contains: 'MEO', category: 'TELECOMS', merchant: 'MEO' },
    { name: 'GALP → Combustível', priority: 40, contains: 'GALP', category: 'FUEL_TRAVEL', merchant: 'Galp' },
    {
      name: 'Imposto do Selo',
      priority: 50,
      contains: 'IMPOSTO DO SELO',
      category: 'TAX_OTHER',
      merchant: null,
    },
  ];
  return { accounts, transfers, posBatches, merchants, rules };
}

// ── Angola: Kwanza Comércio, Lda ───────────────────────────────────────────────────────────────

const AO_CUSTOMERS = [
  'Supermercado Kero Talatona',
  'Distribuidora Muxima, Lda',
  'Hotel Baía de Luanda',
  'Farmácia Ngola, Lda',
  'Restaurante Ilha Bela',
] as const;

export function buildAngolanDemo(today: string): DemoTreasury {
  const months = monthsUpTo(today, AO_DEMO_MONTHS);
  const first = months[0]!;
  const bai = new Ledger('BAI', today);
  for (const { year, month } of months) {
    const r = random(`ao:${year}-${month}`);
    const day = (d: number) => iso(year, month, Math.min(d, daysIn(year, month)));
    const previous = `${pad(month === 1 ? 12 : month - 1)}/${month === 1 ? year - 1 : year}`;
    for (let i = r.int(8, 12); i > 0; i--) {
      const customer = r.pick(AO_CUSTOMERS);
      bai.add(
        workingDay(day(r.int(1, 28))),
        r.int(45_000_000, 380_000_000),
        `TRF RECEBIDA ${customer.toUpperCase()}`,
        {
          category: 'SALES_GOODS',
          merchant: customer,
          counterpartyName: customer,
          remittanceInfo: `Pagamento FT ${year}/${r.int(100, 999)}`,
        },
      );
    }
    const payroll = 720_000_000;
    bai.add(workingDayBefore(day(25)), -Math.round(payroll * 0.84), 'PROCESSAMENTO SALARIOS', {
      category: 'SALARIES',
      remittanceInfo: `Salários ${pad(month)}/${year}`,
    });
    bai.add(workingDay(day(10)), -Math.round(payroll * 0.11), 'PAG INSS CONTRIBUICOES', {
      category: 'SOCIAL_SECURITY_INSS',
      merchant: 'INSS',
      counterpartyName: 'Instituto Nacional de Segurança Social',
      remittanceInfo: `Contribuições ${previous} (8 % + 3 %)`,
    });
    bai.add(workingDay(day(10)), -Math.round(payroll * 0.12), 'PAG AGT IRT GRUPO A', {
      category: 'TAX_IRT',
      merchant: 'AGT',
      counterpartyName: 'Administração Geral Tributária',
      remittanceInfo: `IRT retido ${previous}`,
    });
    bai.add(workingDayBefore(day(daysIn(year, month))), -r.int(95_000_000, 160_000_000), 'PAG AGT IVA', {
      category: 'TAX_VAT',
      merchant: 'AGT',
      counterpartyName: 'Administração Geral Tributária',
      remittanceInfo: `IVA ${previous}`,
    });
    bai.add(workingDay(day(5)), -150_000_000, 'TRF RENDA ARMAZEM VIANA', {
      category: 'RENT',
      counterpartyName: 'Imobiliária Kianda, Lda',
    });
    bai.add(workingDay(day(12)), -r.int(4_500_000, 9_000_000), 'PAG ENDE ENERGIA', {
      category: 'UTILITIES',
      merchant: 'ENDE',
    });
    bai.add(workingDay(day(14)), -r.int(1_800_000, 3_200_000), 'PAG UNITEL', {
      category: 'TELECOMS',
      merchant: 'Unitel',
    });
    bai.add(workingDayBefore(day(daysIn(year, month))), -250_000, 'COMISSAO MANUTENCAO CONTA', {
      category: 'BANK_FEES',
    });
  }
  return {
    accounts: [
      {
        key: 'bai',
        kind: 'bank',
        name: 'BAI — Conta à Ordem',
        institution: 'Banco Angolano de Investimentos',
        iban: demoIban('AO', '06', '0040000012345678101'),
        bic: 'BAIPAOLU',
        currency: 'AOA',
        openingBalance: 3_850_000_000,
        openingDate: addDays(iso(first.year, first.month, 1), -1),
        movements: bai.sorted(),
      },
    ],
    transfers: [],
    posBatches: [],
    merchants: [
      { name: 'INSS', vatNumber: null, category: 'SOCIAL_SECURITY_INSS' },
      { name: 'AGT', vatNumber: null, category: 'TAX_OTHER' },
      { name: 'ENDE', vatNumber: null, category: 'UTILITIES' },
      { name: 'Unitel', vatNumber: null, category: 'TELECOMS' },
      ...AO_CUSTOMERS.map((name) => ({ name, vatNumber: null, category: 'SALES_GOODS' as const })),
    ],
    rules: [
      {
        name: 'Unitel → Telecomunicações',
        priority: 10,
        contains: 'UNITEL',
        category: 'TELECOMS',
        merchant: 'Unitel',
      },
    ],
  };
}
