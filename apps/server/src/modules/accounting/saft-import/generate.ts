// A synthetic SAF-T (PT) 1.04_01 file, written as a stream of strings: chart of accounts with opening
// balances, customers, products, the tax table, a sales journal (each transaction balanced) and sales
// invoices, with the control totals it declares matching what it holds. Used by the import tests (small)
// and by the bench (hundreds of MB, never held in memory).

export interface GenerateOptions {
  /** Journal transactions in the sales journal (VND). */
  transactions: number;
  /** Sales invoices. */
  invoices: number;
  /** Header TaxRegistrationNumber. */
  nif?: string;
}

const CUSTOMERS = 50;
const PRODUCTS = 20;
const pad = (n: number, width: number) => String(n).padStart(width, '0');
const money = (cents: number) => `${Math.floor(cents / 100)}.${pad(cents % 100, 2)}`;
const dayOf = (i: number) => `2025-${pad((i % 12) + 1, 2)}-${pad((i % 28) + 1, 2)}`;

/** Amount in cents of item `i`: deterministic, varied. */
const amountOf = (i: number) => 1000 + ((i * 7919) % 250_000);

const ACCOUNTS: [
  code: string,
  name: string,
  parent: string,
  taxonomy: number,
  debit: number,
  credit: number,
][] = [
  ['119000001', 'Depósitos à ordem importados', '11', 2, 500_000, 0],
  ['211900001', 'Clientes importados', '21', 61, 0, 0],
  ['243300001', 'IVA liquidado importado', '24', 90, 0, 0],
  ['519000001', 'Capital importado', '51', 100, 0, 500_000],
  ['711900001', 'Vendas importadas', '71', 500, 0, 0],
];

export async function* generateSaft(options: GenerateOptions): AsyncGenerator<string> {
  const nif = options.nif ?? '508332710';
  yield `<?xml version="1.0" encoding="UTF-8"?>
<AuditFile xmlns="urn:OECD:StandardAuditFile-Tax:PT_1.04_01">
<Header><AuditFileVersion>1.04_01</AuditFileVersion><CompanyID>Conservatória de Lisboa ${nif}</CompanyID><TaxRegistrationNumber>${nif}</TaxRegistrationNumber><TaxAccountingBasis>I</TaxAccountingBasis><CompanyName>Empresa gerada, Lda.</CompanyName><CompanyAddress><AddressDetail>Rua Um, 1</AddressDetail><City>Lisboa</City><PostalCode>1000-001</PostalCode><Country>PT</Country></CompanyAddress><FiscalYear>2025</FiscalYear><StartDate>2025-01-01</StartDate><EndDate>2025-12-31</EndDate><CurrencyCode>EUR</CurrencyCode><DateCreated>2026-01-15</DateCreated><TaxEntity>Global</TaxEntity><ProductCompanyTaxID>599999999</ProductCompanyTaxID><SoftwareCertificateNumber>0</SoftwareCertificateNumber><ProductID>Fluxo/Fluxo</ProductID><ProductVersion>1.0</ProductVersion></Header>
<MasterFiles><GeneralLedgerAccounts><TaxonomyReference>S</TaxonomyReference>
`;
  // Closing balances: opening plus the year's sales (customers debited, sales and VAT credited).
  let salesNet = 0;
  let salesVat = 0;
  for (let i = 0; i < options.transactions; i++) {
    const net = amountOf(i);
    salesNet += net;
    salesVat += Math.round(net * 0.23);
  }
  const closing: Record<string, [number, number]> = {
    '119000001': [500_000, 0],
    '211900001': [salesNet + salesVat, 0],
    '243300001': [0, salesVat],
    '519000001': [0, 500_000],
    '711900001': [0, salesNet],
  };
  for (const [code, name, parent, taxonomy, debit, credit] of ACCOUNTS) {
    const [closeDebit, closeCredit] = closing[code] as [number, number];
    yield `<Account><AccountID>${code}</AccountID><AccountDescription>${name}</AccountDescription><OpeningDebitBalance>${money(debit)}</OpeningDebitBalance><OpeningCreditBalance>${money(credit)}</OpeningCreditBalance><ClosingDebitBalance>${money(closeDebit)}</ClosingDebitBalance><ClosingCreditBalance>${money(closeCredit)}</ClosingCreditBalance><GroupingCategory>GM</GroupingCategory><GroupingCode>${parent}</GroupingCode><TaxonomyCode>${taxonomy}</TaxonomyCode></Account>\n`;
  }
  yield '</GeneralLedgerAccounts>\n';
  for (let c = 1; c <= CUSTOMERS; c++)
    yield `<Customer><CustomerID>C${c}</CustomerID><AccountID>211900001</AccountID><CustomerTaxID>${500000000 + c * 11}</CustomerTaxID><CompanyName>Cliente ${c}, Lda.</CompanyName><BillingAddress><AddressDetail>Rua ${c}</AddressDetail><City>Porto</City><PostalCode>4000-00${c % 10}</PostalCode><Country>PT</Country></BillingAddress><SelfBillingIndicator>0</SelfBillingIndicator></Customer>\n`;
  for (let p = 1; p <= PRODUCTS; p++)
    yield `<Product><ProductType>S</ProductType><ProductCode>SRV${p}</ProductCode><ProductDescription>Serviço ${p}</ProductDescription><ProductNumberCode>SRV${p}</ProductNumberCode></Product>\n`;
  yield '<TaxTable><TaxTableEntry><TaxType>IVA</TaxType><TaxCountryRegion>PT</TaxCountryRegion><TaxCode>NOR</TaxCode><Description>Taxa normal</Description><TaxPercentage>23</TaxPercentage></TaxTableEntry></TaxTable>\n</MasterFiles>\n';

  const total = money(salesNet + salesVat);
  yield `<GeneralLedgerEntries><NumberOfEntries>${options.transactions}</NumberOfEntries><TotalDebit>${total}</TotalDebit><TotalCredit>${total}</TotalCredit>\n`;
  if (options.transactions > 0) {
    yield '<Journal><JournalID>VND</JournalID><Description>Vendas</Description>\n';
    for (let i = 0; i < options.transactions; i++) {
      const net = amountOf(i);
      const vat = Math.round(net * 0.23);
      const day = dayOf(i);
      const customer = (i % CUSTOMERS) + 1;
      yield `<Transaction><TransactionID>${day} VND ${i + 1}</TransactionID><Period>${Number(day.slice(5, 7))}</Period><TransactionDate>${day}</TransactionDate><SourceID>gerador</SourceID><Description>Venda ${i + 1}</Description><DocArchivalNumber>V${i + 1}</DocArchivalNumber><TransactionType>N</TransactionType><GLPostingDate>${day}</GLPostingDate><CustomerID>C${customer}</CustomerID><Lines><DebitLine><RecordID>${i}-1</RecordID><AccountID>211900001</AccountID><SourceDocumentID>FT A/${i + 1}</SourceDocumentID><SystemEntryDate>${day}T10:00:00</SystemEntryDate><Description>Cliente ${customer}</Description><DebitAmount>${money(net + vat)}</DebitAmount></DebitLine><CreditLine><RecordID>${i}-2</RecordID><AccountID>711900001</AccountID><SystemEntryDate>${day}T10:00:00</SystemEntryDate><Description>Vendas</Description><CreditAmount>${money(net)}</CreditAmount></CreditLine><CreditLine><RecordID>${i}-3</RecordID><AccountID>243300001</AccountID><SystemEntryDate>${day}T10:00:00</SystemEntryDate><Description>IVA 23%</Description><CreditAmount>${money(vat)}</CreditAmount></CreditLine></Lines></Transaction>\n`;
    }
    yield '</Journal>\n';
  }
  yield '</GeneralLedgerEntries>\n';

  let credit = 0;
  for (let i = 0; i < options.invoices; i++) credit += 2 * amountOf(i + 1);
  yield `<SourceDocuments><SalesInvoices><NumberOfEntries>${options.invoices}</NumberOfEntries><TotalDebit>0.00</TotalDebit><TotalCredit>${money(credit)}</TotalCredit>\n`;
  for (let i = 0; i < options.invoices; i++) {
    const unit = amountOf(i + 1);
    const net = 2 * unit;
    const vat = Math.round(net * 0.23);
    const day = dayOf(i);
    const product = (i % PRODUCTS) + 1;
    yield `<Invoice><InvoiceNo>FT A/${i + 1}</InvoiceNo><ATCUD>ABCD1234-${i + 1}</ATCUD><DocumentStatus><InvoiceStatus>N</InvoiceStatus><InvoiceStatusDate>${day}T10:00:00</InvoiceStatusDate><SourceID>gerador</SourceID><SourceBilling>P</SourceBilling></DocumentStatus><Hash>0</Hash><HashControl>0</HashControl><Period>${Number(day.slice(5, 7))}</Period><InvoiceDate>${day}</InvoiceDate><InvoiceType>FT</InvoiceType><SpecialRegimes><SelfBillingIndicator>0</SelfBillingIndicator><CashVATSchemeIndicator>0</CashVATSchemeIndicator><ThirdPartiesBillingIndicator>0</ThirdPartiesBillingIndicator></SpecialRegimes><SourceID>gerador</SourceID><SystemEntryDate>${day}T10:00:00</SystemEntryDate><CustomerID>C${(i % CUSTOMERS) + 1}</CustomerID><Line><LineNumber>1</LineNumber><ProductCode>SRV${product}</ProductCode><ProductDescription>Serviço ${product}</ProductDescription><Quantity>2</Quantity><UnitOfMeasure>UN</UnitOfMeasure><UnitPrice>${money(unit)}</UnitPrice><TaxPointDate>${day}</TaxPointDate><Description>Serviço ${product}</Description><CreditAmount>${money(net)}</CreditAmount><Tax><TaxType>IVA</TaxType><TaxCountryRegion>PT</TaxCountryRegion><TaxCode>NOR</TaxCode><TaxPercentage>23</TaxPercentage></Tax></Line><DocumentTotals><TaxPayable>${money(vat)}</TaxPayable><NetTotal>${money(net)}</NetTotal><GrossTotal>${money(net + vat)}</GrossTotal></DocumentTotals></Invoice>\n`;
  }
  yield '</SalesInvoices></SourceDocuments>\n</AuditFile>\n';
}
