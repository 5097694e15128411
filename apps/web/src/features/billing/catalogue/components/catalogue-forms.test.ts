import { describe, expect, it } from 'vitest';
import { taxIdError, validateParty } from './party-form-modal.tsx';
import { rateToday, validateProduct } from './product-form-modal.tsx';

const party = {
  isCustomer: true,
  isSupplier: false,
  country: 'PT',
  taxId: '508332150',
  name: 'Cliente, Lda',
  address: '',
  postalCode: '',
  city: '',
  email: '',
  phone: '',
  iban: '',
  paymentTermsDays: 30,
  language: 'pt',
};

describe('the customer/supplier form', () => {
  it('checks the tax number with the country rule as typed (PT check digit), final consumers aside', () => {
    expect(taxIdError('PT', '508332150')).toBeNull();
    expect(taxIdError('PT', 'PT 508 332 150')).toBeNull();
    expect(taxIdError('PT', '508332151')).toBe('BILLING.CATALOGUE.PARTY.TAX_ID_INVALID');
    expect(taxIdError('PT', '408332150')).toBe('BILLING.CATALOGUE.PARTY.TAX_ID_INVALID');
    expect(taxIdError('PT', '999999990')).toBeNull();
    expect(taxIdError('PT', ' ')).toBe('VALIDATION.REQUIRED_FIELD');
    // A country without a pattern accepts what is typed (spec §5).
    expect(taxIdError('JP', 'T1234')).toBeNull();
  });

  it('needs a name, a role, a valid e-mail and IBAN when given, and terms of 0–365 days', () => {
    expect(validateParty(party)).toEqual({});
    expect(
      validateParty({
        ...party,
        name: ' ',
        isCustomer: false,
        email: 'nope',
        iban: 'PT50 0000',
        paymentTermsDays: 400,
      }),
    ).toEqual({
      name: 'VALIDATION.REQUIRED_FIELD',
      isCustomer: 'BILLING.CATALOGUE.PARTY.ROLE_REQUIRED',
      email: 'VALIDATION.EMAIL',
      iban: 'BILLING.CATALOGUE.PARTY.IBAN_INVALID',
      paymentTermsDays: 'BILLING.CATALOGUE.PARTY.TERMS_INVALID',
    });
    expect(validateParty({ ...party, iban: 'PT50 0002 0123 1234 5678 9015 4' })).toEqual({});
  });
});

describe('the product form', () => {
  const product = {
    code: 'CONS',
    description: 'Consultoria',
    productType: 'S',
    unit: 'H',
    unitPrice: '40,00',
    taxCode: 'NOR',
    exemptionCode: null,
  };

  it("shows the rate a VAT code means today in the organization's region", () => {
    expect(rateToday('PT', 'NOR')).toBe(2300);
    expect(rateToday('AO', 'NOR')).toBe(1400);
    expect(rateToday('AO', 'RED')).toBeNull();
    expect(rateToday('PT', 'ISE')).toBe(0);
  });

  it('requires the exemption M-code at 0 %, a price with at most 4 decimals and a code without spaces', () => {
    expect(validateProduct(product, 'PT')).toEqual({});
    expect(validateProduct({ ...product, taxCode: 'ISE' }, 'PT')).toEqual({
      exemptionCode: 'BILLING.CATALOGUE.PRODUCT.EXEMPTION_REQUIRED',
    });
    expect(validateProduct({ ...product, taxCode: 'ISE', exemptionCode: 'M07' }, 'PT')).toEqual({});
    expect(validateProduct({ ...product, code: 'A B', unitPrice: '1,23456' }, 'PT')).toEqual({
      code: 'BILLING.CATALOGUE.PRODUCT.CODE_INVALID',
      unitPrice: 'BILLING.CATALOGUE.PRODUCT.PRICE_INVALID',
    });
    expect(validateProduct({ ...product, taxCode: 'INT' }, 'AO')).toEqual({
      taxCode: 'BILLING.CATALOGUE.PRODUCT.RATE_UNAVAILABLE',
    });
  });
});
