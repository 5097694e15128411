import path from 'node:path';
import { type APIRequestContext, expect } from '@playwright/test';

/** The sample statements the imports part keeps for its tests and these journeys. */
export const STATEMENT_FIXTURES = path.resolve(
  import.meta.dirname,
  '../../../server/src/modules/treasury/imports/fixtures',
);
export const fixture = (name: string) => path.join(STATEMENT_FIXTURES, name);

/** The account every sample statement is about (Caixa Geral de Depósitos, PT NIB check digits). */
export const FIXTURE_IBAN = 'PT50003501230001234567818';

export interface CreatedAccount {
  id: string;
  name: string;
}

/** An account made through the API, for journeys whose subject is not the account form. */
export async function createAccount(
  request: APIRequestContext,
  token: string,
  organizationId: string,
  body: Record<string, unknown>,
): Promise<CreatedAccount> {
  const response = await request.post('/api/v1/treasury/accounts', {
    headers: { Authorization: `Bearer ${token}`, OrgId: organizationId },
    data: body,
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as CreatedAccount;
}

/** The statement's account as of the day before its period: it then ends on the file's closing balance. */
export function statementAccount(name: string): Record<string, unknown> {
  return {
    kind: 'bank',
    currency: 'EUR',
    name,
    institution: 'Caixa Geral de Depósitos',
    iban: FIXTURE_IBAN,
    openingBalance: 1_250_000,
    openingDate: '2026-09-30',
  };
}

/** Imports a sample statement through the API (the journeys whose subject is not the import). */
export async function importThroughApi(
  request: APIRequestContext,
  token: string,
  organizationId: string,
  accountId: string,
  file: string,
): Promise<{ imported: number }> {
  const { readFileSync } = await import('node:fs');
  const response = await request.post(`/api/v1/treasury/accounts/${accountId}/imports`, {
    headers: {
      Authorization: `Bearer ${token}`,
      OrgId: organizationId,
      'Content-Type': 'application/octet-stream',
      'X-File-Name': encodeURIComponent(file),
    },
    data: readFileSync(fixture(file)),
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { imported: number };
}
