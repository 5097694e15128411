// The financial statement models, as captions fed by account-code prefixes (the longest prefix that
// matches an account wins). Captions are the official Portuguese texts of the models.
//
// SNC (Portugal): Portaria n.º 220/2015, de 24 de julho, Anexo 1 — modelo "Balanço (individual)" and
// modelo "Demonstração individual dos resultados por naturezas"; accounts of the Código de Contas
// (Portaria n.º 218/2015). Current / non-current splits that the chart cannot tell (loans, 25) follow
// the usual reading: loans are non-current, a bank account with a credit balance is a current loan.
//
// PGC (Angola): Plano Geral de Contabilidade, Decreto n.º 82/2001, de 16 de novembro — modelo de
// "Balanço" and "Demonstração de resultados (por natureza)"; accounts of its Código de Contas.
//
// Receivable/payable accounts (SNC class 2, PGC class 3) and bank accounts are placed by the sign of
// each movement account's balance: a debtor balance is an asset, a creditor balance a liability.

export type ChartName = 'SNC' | 'PGC';
export type SectionKey =
  | 'nonCurrentAssets'
  | 'currentAssets'
  | 'equity'
  | 'nonCurrentLiabilities'
  | 'currentLiabilities';

export interface Caption {
  key: string;
  label: string;
  section: SectionKey;
}

/** A rule: the accounts under `prefix` go to `debit` when their balance is debtor, else to `credit`. */
export interface PlacementRule {
  prefix: string;
  debit: string;
  credit: string;
}

export interface IncomeCaption {
  key: string;
  label: string;
  /** Account prefixes whose period movement (credit − debit) makes the caption. */
  prefixes?: readonly string[];
  /** A sub-total: the sum of the captions named (which may be sub-totals themselves). */
  sumOf?: readonly string[];
}

export interface Layout {
  chart: ChartName;
  balanceSheetModel: string;
  incomeStatementModel: string;
  sections: readonly { key: SectionKey; label: string; totalLabel: string }[];
  captions: readonly Caption[];
  rules: readonly PlacementRule[];
  /** Where a balance no rule places goes (by sign): never lost, so the sheet always balances. */
  fallback: { debit: string; credit: string };
  /** Accounts of the profit and loss (and closing) classes: their balances make up the results. */
  resultPrefixes: readonly string[];
  /** Prefixes of the result classes that are balance-sheet equity all the same (dividends, retained). */
  resultExcluded: readonly string[];
  /** Accounts whose movement in the fiscal year is its result (income, expenses, income tax). */
  yearResultPrefixes: readonly string[];
  /** The captions for the year's result and the results carried forward. */
  netIncomeCaption: string;
  retainedCaption: string;
  /** How the part of the result classes outside the year's result is named in its caption's detail. */
  retainedNote: string;
  income: readonly IncomeCaption[];
  /** The last line of `income`: the net result of the period. */
  netIncomeLine: string;
}

const fixed = (prefixes: readonly string[], caption: string): PlacementRule[] =>
  prefixes.map((prefix) => ({ prefix, debit: caption, credit: caption }));
const signed = (prefixes: readonly string[], debit: string, credit: string): PlacementRule[] =>
  prefixes.map((prefix) => ({ prefix, debit, credit }));

export const SNC: Layout = {
  chart: 'SNC',
  balanceSheetModel: 'Portaria n.º 220/2015, Anexo 1 — Balanço (modelo geral)',
  incomeStatementModel:
    'Portaria n.º 220/2015, Anexo 1 — Demonstração dos resultados por naturezas (modelo geral)',
  sections: [
    { key: 'nonCurrentAssets', label: 'Ativo não corrente', totalLabel: 'Total do ativo não corrente' },
    { key: 'currentAssets', label: 'Ativo corrente', totalLabel: 'Total do ativo corrente' },
    { key: 'equity', label: 'Capital próprio', totalLabel: 'Total do capital próprio' },
    {
      key: 'nonCurrentLiabilities',
      label: 'Passivo não corrente',
      totalLabel: 'Total do passivo não corrente',
    },
    { key: 'currentLiabilities', label: 'Passivo corrente', totalLabel: 'Total do passivo corrente' },
  ],
  captions: [
    { key: 'tangibleAssets', label: 'Ativos fixos tangíveis', section: 'nonCurrentAssets' },
    { key: 'investmentProperty', label: 'Propriedades de investimento', section: 'nonCurrentAssets' },
    { key: 'goodwill', label: 'Goodwill', section: 'nonCurrentAssets' },
    { key: 'intangibleAssets', label: 'Ativos intangíveis', section: 'nonCurrentAssets' },
    {
      key: 'equityMethodInvestments',
      label: 'Participações financeiras - método da equivalência patrimonial',
      section: 'nonCurrentAssets',
    },
    {
      key: 'otherFinancialInvestments',
      label: 'Outros investimentos financeiros',
      section: 'nonCurrentAssets',
    },
    { key: 'deferredTaxAssets', label: 'Ativos por impostos diferidos', section: 'nonCurrentAssets' },
    { key: 'inventories', label: 'Inventários', section: 'currentAssets' },
    { key: 'biologicalAssets', label: 'Ativos biológicos', section: 'currentAssets' },
    { key: 'customers', label: 'Clientes', section: 'currentAssets' },
    { key: 'stateReceivable', label: 'Estado e outros entes públicos', section: 'currentAssets' },
    { key: 'unpaidCapital', label: 'Capital subscrito e não realizado', section: 'currentAssets' },
    { key: 'otherReceivables', label: 'Outros créditos a receber', section: 'currentAssets' },
    { key: 'deferralsAsset', label: 'Diferimentos', section: 'currentAssets' },
    {
      key: 'tradingAssets',
      label: 'Ativos financeiros detidos para negociação',
      section: 'currentAssets',
    },
    { key: 'heldForSale', label: 'Ativos não correntes detidos para venda', section: 'currentAssets' },
    { key: 'cash', label: 'Caixa e depósitos bancários', section: 'currentAssets' },
    { key: 'capital', label: 'Capital subscrito', section: 'equity' },
    { key: 'ownShares', label: 'Ações (quotas) próprias', section: 'equity' },
    { key: 'otherEquityInstruments', label: 'Outros instrumentos de capital próprio', section: 'equity' },
    { key: 'sharePremium', label: 'Prémios de emissão', section: 'equity' },
    { key: 'legalReserves', label: 'Reservas legais', section: 'equity' },
    { key: 'otherReserves', label: 'Outras reservas', section: 'equity' },
    { key: 'retainedEarnings', label: 'Resultados transitados', section: 'equity' },
    { key: 'revaluationSurplus', label: 'Excedentes de revalorização', section: 'equity' },
    {
      key: 'otherEquityChanges',
      label: 'Ajustamentos / outras variações no capital próprio',
      section: 'equity',
    },
    { key: 'netIncome', label: 'Resultado líquido do período', section: 'equity' },
    { key: 'interimDividends', label: 'Dividendos antecipados', section: 'equity' },
    { key: 'provisions', label: 'Provisões', section: 'nonCurrentLiabilities' },
    { key: 'loans', label: 'Financiamentos obtidos', section: 'nonCurrentLiabilities' },
    {
      key: 'postEmployment',
      label: 'Responsabilidades por benefícios pós-emprego',
      section: 'nonCurrentLiabilities',
    },
    {
      key: 'deferredTaxLiabilities',
      label: 'Passivos por impostos diferidos',
      section: 'nonCurrentLiabilities',
    },
    { key: 'suppliers', label: 'Fornecedores', section: 'currentLiabilities' },
    { key: 'customerAdvances', label: 'Adiantamentos de clientes', section: 'currentLiabilities' },
    { key: 'statePayable', label: 'Estado e outros entes públicos', section: 'currentLiabilities' },
    { key: 'currentLoans', label: 'Financiamentos obtidos', section: 'currentLiabilities' },
    { key: 'otherPayables', label: 'Outras dívidas a pagar', section: 'currentLiabilities' },
    { key: 'deferralsLiability', label: 'Diferimentos', section: 'currentLiabilities' },
    {
      key: 'tradingLiabilities',
      label: 'Passivos financeiros detidos para negociação',
      section: 'currentLiabilities',
    },
  ],
  rules: [
    ...signed(['11', '12', '13'], 'cash', 'currentLoans'),
    ...signed(['14'], 'tradingAssets', 'tradingLiabilities'),
    ...signed(['21'], 'customers', 'customerAdvances'),
    ...signed(['22'], 'otherReceivables', 'suppliers'),
    ...signed(['23', '26', '27', '278'], 'otherReceivables', 'otherPayables'),
    ...signed(['24'], 'stateReceivable', 'statePayable'),
    ...fixed(['25'], 'loans'),
    ...signed(['261', '262'], 'unpaidCapital', 'otherPayables'),
    ...fixed(['2741'], 'deferredTaxAssets'),
    ...fixed(['2742'], 'deferredTaxLiabilities'),
    ...fixed(['273'], 'postEmployment'),
    ...fixed(['281'], 'deferralsAsset'),
    ...fixed(['282'], 'deferralsLiability'),
    ...fixed(['29'], 'provisions'),
    ...fixed(['3'], 'inventories'),
    ...fixed(['37'], 'biologicalAssets'),
    ...fixed(['411', '412', '413'], 'equityMethodInvestments'),
    ...fixed(['41'], 'otherFinancialInvestments'),
    ...fixed(['42', '452'], 'investmentProperty'),
    ...fixed(['43', '453', '455'], 'tangibleAssets'),
    ...fixed(['44', '454'], 'intangibleAssets'),
    ...fixed(['441'], 'goodwill'),
    ...fixed(['46'], 'heldForSale'),
    ...fixed(['51'], 'capital'),
    ...fixed(['52'], 'ownShares'),
    ...fixed(['53'], 'otherEquityInstruments'),
    ...fixed(['54'], 'sharePremium'),
    ...fixed(['551'], 'legalReserves'),
    ...fixed(['55'], 'otherReserves'),
    ...fixed(['56'], 'retainedEarnings'),
    ...fixed(['57', '59'], 'otherEquityChanges'),
    ...fixed(['58'], 'revaluationSurplus'),
    ...fixed(['89'], 'interimDividends'),
  ],
  fallback: { debit: 'otherReceivables', credit: 'otherPayables' },
  resultPrefixes: ['6', '7', '8'],
  resultExcluded: ['89'],
  yearResultPrefixes: ['6', '7', '812'],
  netIncomeCaption: 'netIncome',
  retainedCaption: 'retainedEarnings',
  retainedNote: 'Saldos das classes 6, 7 e 8 fora do resultado do período',
  income: [
    { key: 'sales', label: 'Vendas e serviços prestados', prefixes: ['71', '72'] },
    { key: 'operatingSubsidies', label: 'Subsídios à exploração', prefixes: ['75'] },
    {
      key: 'subsidiaries',
      label: 'Ganhos/perdas imputados de subsidiárias, associadas e empreendimentos conjuntos',
      prefixes: ['685', '785'],
    },
    { key: 'productionInventoryChange', label: 'Variação nos inventários da produção', prefixes: ['73'] },
    { key: 'ownWork', label: 'Trabalhos para a própria entidade', prefixes: ['74'] },
    {
      key: 'costOfGoodsSold',
      label: 'Custo das mercadorias vendidas e das matérias consumidas',
      prefixes: ['61'],
    },
    { key: 'externalServices', label: 'Fornecimentos e serviços externos', prefixes: ['62'] },
    { key: 'staffCosts', label: 'Gastos com o pessoal', prefixes: ['63'] },
    {
      key: 'inventoryImpairment',
      label: 'Imparidade de inventários (perdas/reversões)',
      prefixes: ['652', '7622'],
    },
    {
      key: 'receivablesImpairment',
      label: 'Imparidade de dívidas a receber (perdas/reversões)',
      prefixes: ['651', '7621'],
    },
    { key: 'provisions', label: 'Provisões (aumentos/reduções)', prefixes: ['67', '763'] },
    {
      key: 'nonDepreciableImpairment',
      label: 'Imparidade de investimentos não depreciáveis/amortizáveis (perdas/reversões)',
      prefixes: ['653', '658', '7623', '7628'],
    },
    { key: 'fairValue', label: 'Aumentos/reduções de justo valor', prefixes: ['66', '77'] },
    { key: 'otherIncome', label: 'Outros rendimentos', prefixes: ['7'] },
    { key: 'otherExpenses', label: 'Outros gastos', prefixes: ['6'] },
    {
      key: 'ebitda',
      label: 'Resultado antes de depreciações, gastos de financiamento e impostos',
      sumOf: [
        'sales',
        'operatingSubsidies',
        'subsidiaries',
        'productionInventoryChange',
        'ownWork',
        'costOfGoodsSold',
        'externalServices',
        'staffCosts',
        'inventoryImpairment',
        'receivablesImpairment',
        'provisions',
        'nonDepreciableImpairment',
        'fairValue',
        'otherIncome',
        'otherExpenses',
      ],
    },
    {
      key: 'depreciation',
      label: 'Gastos/reversões de depreciação e de amortização',
      prefixes: ['64', '761'],
    },
    {
      key: 'depreciableImpairment',
      label: 'Imparidade de investimentos depreciáveis/amortizáveis (perdas/reversões)',
      prefixes: ['65', '762'],
    },
    {
      key: 'operatingResult',
      label: 'Resultado operacional (antes de gastos de financiamento e impostos)',
      sumOf: ['ebitda', 'depreciation', 'depreciableImpairment'],
    },
    { key: 'interestIncome', label: 'Juros e rendimentos similares obtidos', prefixes: ['79'] },
    { key: 'interestExpense', label: 'Juros e gastos similares suportados', prefixes: ['69'] },
    {
      key: 'resultBeforeTax',
      label: 'Resultado antes de impostos',
      sumOf: ['operatingResult', 'interestIncome', 'interestExpense'],
    },
    { key: 'incomeTax', label: 'Imposto sobre o rendimento do período', prefixes: ['812'] },
    { key: 'netIncome', label: 'Resultado líquido do período', sumOf: ['resultBeforeTax', 'incomeTax'] },
  ],
  netIncomeLine: 'netIncome',
};

export const PGC: Layout = {
  chart: 'PGC',
  balanceSheetModel: 'Decreto n.º 82/2001 (PGC) — Balanço',
  incomeStatementModel: 'Decreto n.º 82/2001 (PGC) — Demonstração de resultados (por natureza)',
  sections: [
    {
      key: 'nonCurrentAssets',
      label: 'Activos não correntes',
      totalLabel: 'Total dos activos não correntes',
    },
    { key: 'currentAssets', label: 'Activos correntes', totalLabel: 'Total dos activos correntes' },
    { key: 'equity', label: 'Capital próprio', totalLabel: 'Total do capital próprio' },
    {
      key: 'nonCurrentLiabilities',
      label: 'Passivo não corrente',
      totalLabel: 'Total do passivo não corrente',
    },
    { key: 'currentLiabilities', label: 'Passivo corrente', totalLabel: 'Total do passivo corrente' },
  ],
  captions: [
    { key: 'tangibleAssets', label: 'Imobilizações corpóreas', section: 'nonCurrentAssets' },
    { key: 'intangibleAssets', label: 'Imobilizações incorpóreas', section: 'nonCurrentAssets' },
    {
      key: 'subsidiaries',
      label: 'Investimentos em subsidiárias e associadas',
      section: 'nonCurrentAssets',
    },
    { key: 'otherFinancialAssets', label: 'Outros activos financeiros', section: 'nonCurrentAssets' },
    { key: 'inventories', label: 'Existências', section: 'currentAssets' },
    { key: 'receivables', label: 'Contas a receber', section: 'currentAssets' },
    { key: 'cash', label: 'Disponibilidades', section: 'currentAssets' },
    { key: 'otherCurrentAssets', label: 'Outros activos correntes', section: 'currentAssets' },
    { key: 'capital', label: 'Capital', section: 'equity' },
    { key: 'reserves', label: 'Reservas', section: 'equity' },
    { key: 'retainedEarnings', label: 'Resultados transitados', section: 'equity' },
    { key: 'netIncome', label: 'Resultados do exercício', section: 'equity' },
    { key: 'interimDividends', label: 'Dividendos antecipados', section: 'equity' },
    { key: 'longTermLoans', label: 'Empréstimos de médio e longo prazos', section: 'nonCurrentLiabilities' },
    {
      key: 'provisions',
      label: 'Provisões para outros riscos e encargos',
      section: 'nonCurrentLiabilities',
    },
    { key: 'payables', label: 'Contas a pagar', section: 'currentLiabilities' },
    { key: 'shortTermLoans', label: 'Empréstimos de curto prazo', section: 'currentLiabilities' },
    { key: 'otherCurrentLiabilities', label: 'Outros passivos correntes', section: 'currentLiabilities' },
  ],
  rules: [
    ...fixed(['11', '14', '181'], 'tangibleAssets'),
    ...fixed(['12', '182'], 'intangibleAssets'),
    ...fixed(['131', '132'], 'subsidiaries'),
    ...fixed(['13', '19'], 'otherFinancialAssets'),
    ...fixed(['2'], 'inventories'),
    ...signed(['31', '32', '34', '35', '36'], 'receivables', 'payables'),
    ...signed(['37'], 'otherCurrentAssets', 'otherCurrentLiabilities'),
    ...signed(['38'], 'receivables', 'receivables'),
    ...fixed(['33'], 'longTermLoans'),
    ...fixed(['39'], 'provisions'),
    ...signed(['4'], 'cash', 'shortTermLoans'),
    ...fixed(['51'], 'capital'),
    ...fixed(['52', '53', '54', '55', '56', '57', '58'], 'reserves'),
    ...fixed(['81'], 'retainedEarnings'),
    ...fixed(['89'], 'interimDividends'),
  ],
  fallback: { debit: 'otherCurrentAssets', credit: 'otherCurrentLiabilities' },
  resultPrefixes: ['6', '7', '8'],
  resultExcluded: ['81', '89'],
  yearResultPrefixes: ['6', '7', '87'],
  netIncomeCaption: 'netIncome',
  retainedCaption: 'retainedEarnings',
  retainedNote: 'Saldos das classes 6, 7 e 8 fora do resultado do exercício',
  income: [
    { key: 'sales', label: 'Vendas', prefixes: ['61'] },
    { key: 'services', label: 'Prestações de serviço', prefixes: ['62'] },
    { key: 'otherOperatingIncome', label: 'Outros proveitos operacionais', prefixes: ['63', '6'] },
    {
      key: 'productionChange',
      label: 'Variação nos produtos acabados e produtos em vias de fabrico',
      prefixes: ['64'],
    },
    { key: 'ownWork', label: 'Trabalhos para a própria empresa', prefixes: ['65'] },
    {
      key: 'costOfGoodsSold',
      label: 'Custo das mercadorias vendidas e das matérias-primas e subsidiárias consumidas',
      prefixes: ['71'],
    },
    { key: 'staffCosts', label: 'Custos com o pessoal', prefixes: ['72'] },
    { key: 'depreciation', label: 'Amortizações', prefixes: ['73'] },
    { key: 'otherOperatingCosts', label: 'Outros custos e perdas operacionais', prefixes: ['74', '75', '7'] },
    {
      key: 'operatingResult',
      label: 'Resultados operacionais',
      sumOf: [
        'sales',
        'services',
        'otherOperatingIncome',
        'productionChange',
        'ownWork',
        'costOfGoodsSold',
        'staffCosts',
        'depreciation',
        'otherOperatingCosts',
      ],
    },
    { key: 'financialResult', label: 'Resultados financeiros', prefixes: ['66', '76'] },
    { key: 'subsidiariesResult', label: 'Resultados de filiais e associadas', prefixes: ['67', '77'] },
    { key: 'nonOperatingResult', label: 'Resultados não operacionais', prefixes: ['68', '78'] },
    {
      key: 'resultBeforeTax',
      label: 'Resultados antes de impostos',
      sumOf: ['operatingResult', 'financialResult', 'subsidiariesResult', 'nonOperatingResult'],
    },
    { key: 'incomeTax', label: 'Imposto sobre o rendimento', prefixes: ['87'] },
    {
      key: 'currentResult',
      label: 'Resultados líquidos das actividades correntes',
      sumOf: ['resultBeforeTax', 'incomeTax'],
    },
    { key: 'extraordinaryResult', label: 'Resultados extraordinários', prefixes: ['69', '79'] },
    {
      key: 'netIncome',
      label: 'Resultado líquido do exercício',
      sumOf: ['currentResult', 'extraordinaryResult'],
    },
  ],
  netIncomeLine: 'netIncome',
};

export const LAYOUTS: Record<ChartName, Layout> = { SNC, PGC };

/** The longest prefix of `prefixes` that `code` starts with, or null. */
export function longestPrefix(code: string, prefixes: Iterable<string>): string | null {
  let best: string | null = null;
  for (const prefix of prefixes)
    if (code.startsWith(prefix) && (!best || prefix.length > best.length)) best = prefix;
  return best;
}
