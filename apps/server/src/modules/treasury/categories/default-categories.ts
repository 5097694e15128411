import type { CategoryKind } from '@fluxo/domain';

/**
 * The categories every organization starts with. `code` is stable (the web shows the name translated
 * from TREASURY.CATEGORY_DEFAULTS.<code>; `name` is the English fallback stored in the row), and
 * `accountCode` is the account it posts to where the chart makes it obvious: the SNC (Portugal) or the
 * PGC (Angola). A group code posts to its first movement account (posting/accounts.ts), so the codes
 * here are the movement accounts of the full charts (resources/fiscal/charts) a small business uses.
 */
export interface DefaultCategory {
  code: string;
  kind: CategoryKind;
  name: string;
  parent?: string;
  accountCode?: { PT?: string; AO?: string };
  /** Only for organizations of these countries (tax and social-security names differ). */
  countries?: readonly string[];
  /** Not for organizations of these countries. */
  exceptCountries?: readonly string[];
}

export const DEFAULT_CATEGORIES: readonly DefaultCategory[] = [
  // Income
  { code: 'SALES_GOODS', kind: 'income', name: 'Sales of goods', accountCode: { PT: '711', AO: '613' } },
  { code: 'SERVICES', kind: 'income', name: 'Services rendered', accountCode: { PT: '721', AO: '621' } },
  {
    code: 'INTEREST_RECEIVED',
    kind: 'income',
    name: 'Interest received',
    accountCode: { PT: '791', AO: '66' },
  },
  { code: 'SUBSIDIES', kind: 'income', name: 'Subsidies', accountCode: { PT: '75', AO: '633' } },
  { code: 'TAX_REFUNDS', kind: 'income', name: 'Tax refunds' },
  { code: 'LOANS_RECEIVED', kind: 'income', name: 'Loans received', accountCode: { PT: '25112', AO: '331' } },
  { code: 'CAPITAL', kind: 'income', name: 'Capital contributions', accountCode: { PT: '51', AO: '51' } },
  { code: 'TRANSFERS_IN', kind: 'income', name: 'Transfers in' },
  { code: 'OTHER_INCOME', kind: 'income', name: 'Other income', accountCode: { PT: '7888', AO: '638' } },
  // Expenses
  { code: 'SUPPLIERS', kind: 'expense', name: 'Suppliers and goods', accountCode: { PT: '31', AO: '212' } },
  { code: 'SALARIES', kind: 'expense', name: 'Salaries', accountCode: { PT: '632', AO: '722' } },
  {
    code: 'SOCIAL_SECURITY',
    kind: 'expense',
    name: 'Social security',
    accountCode: { PT: '635' },
    exceptCountries: ['AO'],
  },
  {
    code: 'SOCIAL_SECURITY_INSS',
    kind: 'expense',
    name: 'Social security (INSS)',
    accountCode: { AO: '725' },
    countries: ['AO'],
  },
  { code: 'TAXES', kind: 'expense', name: 'Taxes', accountCode: { PT: '244', AO: '349' } },
  { code: 'TAX_VAT', kind: 'expense', name: 'VAT', parent: 'TAXES', accountCode: { PT: '2436', AO: '3456' } },
  {
    code: 'TAX_IRC',
    kind: 'expense',
    name: 'Corporate income tax (IRC)',
    parent: 'TAXES',
    accountCode: { PT: '241' },
    countries: ['PT'],
  },
  {
    code: 'TAX_IRS',
    kind: 'expense',
    name: 'Income tax withheld (IRS)',
    parent: 'TAXES',
    accountCode: { PT: '242' },
    countries: ['PT'],
  },
  {
    code: 'TAX_INDUSTRIAL',
    kind: 'expense',
    name: 'Industrial tax',
    parent: 'TAXES',
    accountCode: { AO: '341' },
    countries: ['AO'],
  },
  {
    code: 'TAX_IRT',
    kind: 'expense',
    name: 'Employment income tax (IRT)',
    parent: 'TAXES',
    accountCode: { AO: '343' },
    countries: ['AO'],
  },
  {
    code: 'TAX_OTHER',
    kind: 'expense',
    name: 'Other taxes and fees',
    parent: 'TAXES',
    accountCode: { PT: '6813' },
  },
  { code: 'RENT', kind: 'expense', name: 'Rent', accountCode: { PT: '6261', AO: '752' } },
  {
    code: 'UTILITIES',
    kind: 'expense',
    name: 'Water, electricity and gas',
    accountCode: { PT: '624', AO: '752' },
  },
  { code: 'TELECOMS', kind: 'expense', name: 'Phone and internet', accountCode: { PT: '6262', AO: '752' } },
  { code: 'FUEL_TRAVEL', kind: 'expense', name: 'Fuel and travel', accountCode: { PT: '625', AO: '752' } },
  { code: 'BANK_FEES', kind: 'expense', name: 'Bank fees', accountCode: { PT: '6988', AO: '767' } },
  { code: 'CARD_FEES', kind: 'expense', name: 'Card and POS fees', accountCode: { PT: '6225', AO: '767' } },
  { code: 'INSURANCE', kind: 'expense', name: 'Insurance', accountCode: { PT: '6263', AO: '752' } },
  { code: 'SOFTWARE', kind: 'expense', name: 'Software and subscriptions', accountCode: { AO: '752' } },
  {
    code: 'ACCOUNTING',
    kind: 'expense',
    name: 'Accounting and legal',
    accountCode: { PT: '6221', AO: '752' },
  },
  {
    code: 'MARKETING',
    kind: 'expense',
    name: 'Marketing and advertising',
    accountCode: { PT: '6222', AO: '752' },
  },
  { code: 'EQUIPMENT', kind: 'expense', name: 'Equipment', accountCode: { PT: '433', AO: '113' } },
  {
    code: 'LOAN_REPAYMENTS',
    kind: 'expense',
    name: 'Loan repayments',
    accountCode: { PT: '25112', AO: '331' },
  },
  { code: 'INTEREST_PAID', kind: 'expense', name: 'Interest paid', accountCode: { PT: '691', AO: '761' } },
  { code: 'TRANSFERS_OUT', kind: 'expense', name: 'Transfers out' },
  { code: 'OTHER_EXPENSES', kind: 'expense', name: 'Other expenses', accountCode: { PT: '6888', AO: '758' } },
];

/** The defaults of an organization's country, with the account code of its chart (none elsewhere). */
export function defaultCategoriesFor(country: string) {
  const code = country.toUpperCase();
  return DEFAULT_CATEGORIES.filter(
    (category) =>
      (!category.countries || category.countries.includes(code)) && !category.exceptCountries?.includes(code),
  ).map((category) => ({
    code: category.code,
    kind: category.kind,
    name: category.name,
    parent: category.parent ?? null,
    accountCode: category.accountCode?.[code as 'PT' | 'AO'] ?? null,
  }));
}
