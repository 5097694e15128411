import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../../db/client.ts';
import { createTestApp, decodeClaims, type TestApp } from '../../../test/harness.ts';
import { ensureDefaultCategories } from './categories.service.ts';
import { DEFAULT_CATEGORIES, defaultCategoriesFor } from './default-categories.ts';

let t: TestApp;
let owner: string;
let cash: string;
let aoOwner: string;
let demoOrg: string;
let aoOrg: string;
let cashUserId: string;

beforeAll(async () => {
  // The demo companies without their seeded accounts and movements: this suite counts every one it makes.
  t = await createTestApp({ demoTreasury: false });
  owner = await t.signin('demo@fluxo.example');
  cash = await t.signin('cash@fluxo.example');
  aoOwner = await t.signin('ao.owner@fluxo.example');
  demoOrg = decodeClaims(owner).defaultOrg as string;
  aoOrg = decodeClaims(aoOwner).defaultOrg as string;
  cashUserId = decodeClaims(cash).sub as string;
});
afterAll(async () => {
  await t?.close();
});

const api = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  options: { token?: string; orgId?: string; payload?: object } = {},
) =>
  t.call({
    method,
    url: `/api/v1/treasury${url}`,
    token: options.token ?? owner,
    orgId: options.orgId ?? demoOrg,
    ...(options.payload ? { payload: options.payload } : {}),
  });

interface CategoryBody {
  id: string;
  parentId: string | null;
  kind: string;
  name: string;
  code: string | null;
  accountCode: string | null;
  archived: boolean;
}

async function setGrants(userId: string, grants: Record<string, number>) {
  await t.database.db.execute(
    sql`UPDATE organization_members SET permissions = ${JSON.stringify(grants)}::jsonb
        WHERE organization_id = ${demoOrg} AND user_id = ${userId}`,
  );
}

describe('default categories', () => {
  it('seeds the country’s tree on first read: SNC codes and IRC/IRS in PT, PGC codes and INSS/IRT in AO', async () => {
    const pt: CategoryBody[] = (await api('GET', '/categories')).json();
    const byCode = (list: CategoryBody[], code: string) => list.find((c) => c.code === code);
    expect(byCode(pt, 'SALES_GOODS')).toMatchObject({ kind: 'income', accountCode: '711', parentId: null });
    expect(byCode(pt, 'SOCIAL_SECURITY')).toMatchObject({ kind: 'expense', accountCode: '635' });
    expect(byCode(pt, 'TAX_IRC')).toMatchObject({ parentId: byCode(pt, 'TAXES')!.id, accountCode: '241' });
    expect(byCode(pt, 'SOCIAL_SECURITY_INSS')).toBeUndefined();
    expect(byCode(pt, 'TAX_IRT')).toBeUndefined();
    expect(pt.filter((c) => c.code !== null)).toHaveLength(defaultCategoriesFor('PT').length);
    // Income first, then expenses.
    expect(pt[0]!.kind).toBe('income');

    const ao: CategoryBody[] = (await api('GET', '/categories', { token: aoOwner, orgId: aoOrg })).json();
    expect(byCode(ao, 'SOCIAL_SECURITY_INSS')).toMatchObject({ accountCode: '725' });
    expect(byCode(ao, 'TAX_IRT')).toMatchObject({ parentId: byCode(ao, 'TAXES')!.id });
    expect(byCode(ao, 'SALES_GOODS')?.accountCode).toBe('613');
    expect(byCode(ao, 'SOCIAL_SECURITY')).toBeUndefined();
    expect(byCode(ao, 'TAX_IRC')).toBeUndefined();
    // Every category id is the organization's own.
    expect(ao.some((c) => pt.some((p) => p.id === c.id))).toBe(false);
  });

  it('is idempotent and safe when seeded twice at once', async () => {
    const [org] = await rows<{ id: string }>(
      t.database.db,
      sql`INSERT INTO organizations (name, vat_number, country, currency) VALUES ('Seed Lda', '509999990', 'PT', 'EUR') RETURNING id`,
    );
    const seed = () => t.database.db.transaction((tx) => ensureDefaultCategories(tx, org!.id, 'PT'));
    const [first, second] = await Promise.all([seed(), seed()]);
    expect(first).toEqual(second);
    expect(await seed()).toEqual(first);
    expect(first.size).toBe(defaultCategoriesFor('PT').length);
    const [count] = await rows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM treasury_categories WHERE organization_id = ${org!.id}`,
    );
    expect(count!.n).toBe(first.size);
  });

  it('gives every country a consistent tree: unique codes, each child under a parent of its kind', () => {
    for (const country of ['PT', 'AO', 'ES']) {
      const tree = defaultCategoriesFor(country);
      expect(new Set(tree.map((c) => c.code)).size).toBe(tree.length);
      for (const category of tree.filter((c) => c.parent !== null)) {
        const parent = tree.find((c) => c.code === category.parent);
        expect(parent, `${country} ${category.code}`).toBeDefined();
        expect(parent!.parent, 'one level of defaults').toBeNull();
        expect(parent!.kind).toBe(category.kind);
      }
      if (country === 'ES') expect(tree.every((c) => c.accountCode === null)).toBe(true);
    }
  });

  it('has a name for every default code in the four languages', () => {
    const dir = path.resolve(import.meta.dirname, '../../../../../web/public/assets/i18n');
    for (const language of ['gb', 'pt', 'es', 'fr']) {
      const texts = JSON.parse(readFileSync(path.join(dir, `${language}.json`), 'utf8'));
      for (const category of DEFAULT_CATEGORIES) {
        expect(texts.TREASURY.CATEGORY_DEFAULTS[category.code], `${language} ${category.code}`).toEqual(
          expect.any(String),
        );
      }
    }
  });
});

describe('managing categories', () => {
  it('creates sub-categories of the parent’s kind only, and never a cycle', async () => {
    const created = await api('POST', '/categories', {
      payload: { kind: 'expense', name: 'Viaturas', accountCode: '6242' },
    });
    expect(created.statusCode).toBe(201);
    const vehicles: CategoryBody = created.json();
    expect(vehicles).toMatchObject({ kind: 'expense', name: 'Viaturas', code: null, accountCode: '6242' });
    const child: CategoryBody = (
      await api('POST', '/categories', {
        payload: { kind: 'expense', name: 'Portagens', parentId: vehicles.id },
      })
    ).json();
    expect(child.parentId).toBe(vehicles.id);
    const grandchild: CategoryBody = (
      await api('POST', '/categories', {
        payload: { kind: 'expense', name: 'Via Verde', parentId: child.id },
      })
    ).json();

    const mismatch = await api('POST', '/categories', {
      payload: { kind: 'income', name: 'Errada', parentId: vehicles.id },
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().code).toBe('CATEGORY_KIND_MISMATCH');
    const sales = ((await api('GET', '/categories')).json() as CategoryBody[]).find(
      (c) => c.code === 'SALES_GOODS',
    )!;
    expect(
      (await api('PATCH', `/categories/${child.id}`, { payload: { parentId: sales.id } })).json().code,
    ).toBe('CATEGORY_KIND_MISMATCH');

    for (const parentId of [vehicles.id, grandchild.id]) {
      const cycle = await api('PATCH', `/categories/${vehicles.id}`, { payload: { parentId } });
      expect(cycle.statusCode).toBe(400);
      expect(cycle.json().details[0].messageKey).toBe('TREASURY.CATEGORIES.CYCLE');
    }
    const moved = await api('PATCH', `/categories/${grandchild.id}`, {
      payload: { parentId: null, name: 'Via Verde (todas)', accountCode: '' },
    });
    expect(moved.json()).toMatchObject({ parentId: null, name: 'Via Verde (todas)', accountCode: null });
  });

  it('deletes an unused category, archives one in use or a default, and hides other organizations’ ones', async () => {
    const unused: CategoryBody = (
      await api('POST', '/categories', { payload: { kind: 'income', name: 'Rendas' } })
    ).json();
    expect((await api('DELETE', `/categories/${unused.id}`)).json()).toEqual({
      deleted: true,
      archived: false,
    });
    expect((await api('PATCH', `/categories/${unused.id}`, { payload: { name: 'x' } })).statusCode).toBe(404);

    const used: CategoryBody = (
      await api('POST', '/categories', { payload: { kind: 'expense', name: 'Limpeza' } })
    ).json();
    await api('POST', '/merchants', { payload: { name: 'Limpezas Lda', defaultCategoryId: used.id } });
    expect((await api('DELETE', `/categories/${used.id}`)).json()).toEqual({
      deleted: false,
      archived: true,
    });

    const list: CategoryBody[] = (await api('GET', '/categories')).json();
    expect(list.find((c) => c.id === used.id)?.archived).toBe(true);
    const rent = list.find((c) => c.code === 'RENT')!;
    expect((await api('DELETE', `/categories/${rent.id}`)).json()).toEqual({
      deleted: false,
      archived: true,
    });
    const again: CategoryBody[] = (await api('GET', '/categories')).json();
    expect(again.filter((c) => c.code === 'RENT')).toEqual([{ ...rent, archived: true }]);

    const aoCategory: CategoryBody = (
      await api('GET', '/categories', { token: aoOwner, orgId: aoOrg })
    ).json()[0];
    expect((await api('DELETE', `/categories/${aoCategory.id}`)).statusCode).toBe(404);
    expect(
      (
        await api('POST', '/categories', {
          payload: { kind: aoCategory.kind, name: 'x', parentId: aoCategory.id },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('lets treasury.inOut VIEW or organization.categories VIEW read, and only organization.categories write', async () => {
    try {
      await setGrants(cashUserId, { 'treasury.cash': 1 });
      expect((await api('GET', '/categories', { token: cash })).statusCode).toBe(403);
      await setGrants(cashUserId, { 'treasury.inOut': 1 });
      expect((await api('GET', '/categories', { token: cash })).statusCode).toBe(200);
      expect((await api('GET', '/merchants', { token: cash })).statusCode).toBe(200);
      expect(
        (await api('POST', '/categories', { token: cash, payload: { kind: 'income', name: 'x' } }))
          .statusCode,
      ).toBe(403);
      await setGrants(cashUserId, { 'organization.categories': 3 });
      expect((await api('GET', '/categories', { token: cash })).statusCode).toBe(200);
      expect((await api('GET', '/merchants', { token: cash })).statusCode).toBe(403);
      expect(
        (await api('POST', '/categories', { token: cash, payload: { kind: 'income', name: 'Outros' } }))
          .statusCode,
      ).toBe(201);
    } finally {
      await setGrants(cashUserId, { 'treasury.cash': 1 });
    }
  });
});

describe('merchants', () => {
  it('keeps names unique per organization ignoring case, checks the NIF and the default category', async () => {
    const created = await api('POST', '/merchants', {
      payload: { name: 'EDP Comercial', vatNumber: 'PT 503 504 564' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      name: 'EDP Comercial',
      vatNumber: '503504564',
      defaultCategoryId: null,
    });

    const taken = await api('POST', '/merchants', { payload: { name: 'edp comercial' } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('NAME_TAKEN');
    // The same name in another organization is that organization's business.
    expect(
      (await api('POST', '/merchants', { token: aoOwner, orgId: aoOrg, payload: { name: 'EDP Comercial' } }))
        .statusCode,
    ).toBe(201);

    const badNif = await api('POST', '/merchants', { payload: { name: 'Má', vatNumber: '503504565' } });
    expect(badNif.statusCode).toBe(400);
    expect(badNif.json()).toMatchObject({
      code: 'INVALID_VAT_NUMBER',
      details: [{ path: 'body.vatNumber' }],
    });
    const spanish = await api('POST', '/merchants', {
      payload: { name: 'Proveedor SL', vatNumber: 'ESB12345678' },
    });
    expect(spanish.json().vatNumber).toBe('ESB12345678');
    const angolan = await api('POST', '/merchants', {
      token: aoOwner,
      orgId: aoOrg,
      payload: { name: 'Unitel', vatNumber: '5410003691' },
    });
    expect(angolan.json().vatNumber).toBe('5410003691');

    const aoCategory: CategoryBody = (
      await api('GET', '/categories', { token: aoOwner, orgId: aoOrg })
    ).json()[0];
    const foreignCategory = await api('POST', '/merchants', {
      payload: { name: 'Outro', defaultCategoryId: aoCategory.id },
    });
    expect(foreignCategory.statusCode).toBe(404);
    const utilities = ((await api('GET', '/categories')).json() as CategoryBody[]).find(
      (c) => c.code === 'UTILITIES',
    )!;
    const edited = await api('PATCH', `/merchants/${created.json().id}`, {
      payload: { defaultCategoryId: utilities.id, vatNumber: null },
    });
    expect(edited.json()).toMatchObject({ defaultCategoryId: utilities.id, vatNumber: null });
    expect(
      (await api('PATCH', `/merchants/${spanish.json().id}`, { payload: { name: 'EDP COMERCIAL' } }))
        .statusCode,
    ).toBe(409);
    expect(
      (await api('PATCH', `/merchants/${angolan.json().id}`, { payload: { name: 'Mine' } })).statusCode,
    ).toBe(404);
  });

  it('deletes a merchant: movements keep their history, rules drop it', async () => {
    const merchant = (await api('POST', '/merchants', { payload: { name: 'Galp' } })).json();
    const fuel = ((await api('GET', '/categories')).json() as CategoryBody[]).find(
      (c) => c.code === 'FUEL_TRAVEL',
    )!;
    const [alone, withCategory] = await rows<{ id: string }>(
      t.database.db,
      sql`INSERT INTO treasury_rules (organization_id, name, conditions, actions) VALUES
          (${demoOrg}, 'Só comerciante', '[]'::jsonb, ${JSON.stringify({ merchantId: merchant.id })}::jsonb),
          (${demoOrg}, 'Com categoria', '[]'::jsonb, ${JSON.stringify({ merchantId: merchant.id, categoryId: fuel.id })}::jsonb)
          RETURNING id`,
    );
    expect(
      (await api('DELETE', `/merchants/${merchant.id}`, { token: aoOwner, orgId: aoOrg })).statusCode,
    ).toBe(404);
    expect((await api('DELETE', `/merchants/${merchant.id}`)).json()).toEqual({ deleted: true });
    expect((await api('GET', '/merchants')).json().map((m: { id: string }) => m.id)).not.toContain(
      merchant.id,
    );
    const rules = await rows<{ id: string; enabled: boolean; actions: Record<string, unknown> }>(
      t.database.db,
      sql`SELECT id, enabled, actions FROM treasury_rules WHERE id IN (${alone!.id}, ${withCategory!.id})`,
    );
    expect(rules.find((r) => r.id === alone!.id)).toMatchObject({
      enabled: false,
      actions: { merchantId: null },
    });
    expect(rules.find((r) => r.id === withCategory!.id)).toMatchObject({
      enabled: true,
      actions: { categoryId: fuel.id },
    });
  });
});
