import { randomBytes } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { randomPtNif } from './data.ts';
import { api, apiToken } from './session.ts';
import { newUser, type TestUser } from './signed-in.ts';

interface Created {
  id: string;
}

/** What a movements journey starts from: its own account, organization, cash wallet, category and movements. */
export interface InOutWorld {
  user: TestUser;
  token: string;
  organizationId: string;
  walletId: string;
  /** A word found in no other test's data, in every description below. */
  tag: string;
  category: { id: string; name: string };
  movements: { id: string; description: string; amount: number }[];
}

/**
 * A new user who owns a new PT organization with a cash wallet and three manual movements, all made
 * through the API (a cash wallet takes movements typed by hand), so the journey does not depend on the
 * demo seed and never meets another test's data.
 */
export async function createInOutWorld(request: APIRequestContext, prefix: string): Promise<InOutWorld> {
  const user = await newUser(request, prefix);
  const token = await apiToken(request, user.email, user.password);
  const tag = `e2e${randomBytes(3).toString('hex')}`;
  const organization = await api<Created>(request, token, 'POST', '/api/v1/organizations', {
    data: { name: `Loja ${tag}, Lda`, vatNumber: randomPtNif(), country: 'PT' },
  });
  const call = <T>(method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, data?: unknown) =>
    api<T>(request, token, method, url, { data, organizationId: organization.id });
  const wallet = await call<Created>('POST', '/api/v1/treasury/accounts', {
    kind: 'cash',
    currency: 'EUR',
    name: `Caixa ${tag}`,
    openingBalance: 50_000,
    openingDate: '2026-01-01',
  });
  const categoryName = `Combustível ${tag}`;
  const category = await call<Created>('POST', '/api/v1/treasury/categories', {
    kind: 'expense',
    name: categoryName,
  });
  const specs = [
    { description: `Galp Lisboa ${tag}`, amount: -4_250, bookingDate: '2026-02-03' },
    { description: `Papelaria Central ${tag}`, amount: -1_250, bookingDate: '2026-02-05' },
    { description: `Venda balcão ${tag}`, amount: 98_765, bookingDate: '2026-02-07' },
  ];
  const movements = [];
  for (const spec of specs) {
    const created = await call<Created>('POST', '/api/v1/treasury/transactions', {
      accountId: wallet.id,
      ...spec,
    });
    movements.push({ id: created.id, description: spec.description, amount: spec.amount });
  }
  return {
    user,
    token,
    organizationId: organization.id,
    walletId: wallet.id,
    tag,
    category: { id: category.id, name: categoryName },
    movements,
  };
}

/** Turns on sub-transactions (server-wide; nothing else in the suite needs it off). */
export async function enableSubTransactions(request: APIRequestContext): Promise<void> {
  const admin = await apiToken(request, 'admin@fluxo.example');
  await api(request, admin, 'PUT', '/api/v1/admin/featureflags/subTransactionsFeature', {
    data: { enabled: true },
  });
}

/** Reads a movement as the API has it (to check what the screen saved). */
export function readMovement<T>(request: APIRequestContext, world: InOutWorld, id: string): Promise<T> {
  return api<T>(request, world.token, 'GET', `/api/v1/treasury/transactions/${id}`, {
    organizationId: world.organizationId,
  });
}
