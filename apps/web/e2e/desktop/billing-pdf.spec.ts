import { randomBytes, randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { randomPtNif } from '../support/data.ts';
import { api, apiToken, signInAs } from '../support/session.ts';
import { newUser } from '../support/signed-in.ts';
import { expect, test } from '../support/test.ts';

interface Created {
  id: string;
}

/** A new user's own organization with one issued invoice, made through the API. */
async function issuedInvoice(request: APIRequestContext) {
  const user = await newUser(request, 'billing-pdf');
  const token = await apiToken(request, user.email, user.password);
  const tag = randomBytes(3).toString('hex').toUpperCase();
  const organization = await api<Created>(request, token, 'POST', '/api/v1/organizations', {
    data: { name: `Papelaria ${tag}, Lda`, vatNumber: randomPtNif(), country: 'PT' },
  });
  const call = async <T>(url: string, data: unknown): Promise<T> => {
    const response = await request.post(url, {
      headers: { Authorization: `Bearer ${token}`, OrgId: organization.id, 'Idempotency-Key': randomUUID() },
      data,
    });
    expect(response.status(), await response.text()).toBe(201);
    return (await response.json()) as T;
  };
  const party = await call<Created>('/api/v1/billing/parties', {
    name: `Cliente ${tag}`,
    taxId: '999999990',
    country: 'PT',
    language: 'gb',
  });
  const series = await call<Created>('/api/v1/billing/series', {
    documentType: 'FT',
    code: `E2E${tag}`,
    seriesType: 'F',
    validationCode: 'AAJFJ2K6',
  });
  const invoice = await call<{ id: string; documentNumber: string }>('/api/v1/billing/documents', {
    seriesId: series.id,
    partyId: party.id,
    documentDate: new Date().toISOString().slice(0, 10),
    issue: true,
    lines: [{ description: 'Caderno A4', quantity: 3000, unitPrice: 25_000 }],
  });
  return { user, invoice, fileName: `${invoice.documentNumber.replace(/[^A-Za-z0-9_-]+/g, '_')}.pdf` };
}

test.describe('printable billing document (issue 12)', () => {
  test.skip(({ isMobile }) => isMobile, 'the printable page is device-neutral: one journey covers it');

  test('shows the invoice PDF full page, and downloads it under its number', async ({ page, request }) => {
    const { user, invoice, fileName } = await issuedInvoice(request);
    await signInAs(page, user.email, user.password);
    await page.goto(`/printable/billing/documents/${invoice.id}`);

    await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
    await expect(page.getByTitle(`Document ${fileName}`)).toBeAttached();
    const download = page.waitForEvent('download', {
      predicate: (candidate) => candidate.suggestedFilename() === fileName,
    });
    await page.getByRole('button', { name: 'Download' }).click();
    const saved = await download;
    const bytes = await (await import('node:fs/promises')).readFile(await saved.path());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  });

  test('answers a document of another organization with an error, not a PDF', async ({ page, request }) => {
    const { invoice } = await issuedInvoice(request);
    const stranger = await issuedInvoice(request);
    await signInAs(page, stranger.user.email, stranger.user.password);
    await page.goto(`/printable/billing/documents/${invoice.id}`);
    await expect(page.getByRole('alert')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Download' })).toHaveCount(0);
  });
});
