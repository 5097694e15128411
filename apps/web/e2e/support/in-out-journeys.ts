import path from 'node:path';
import type { Page } from '@playwright/test';
import { InOutPage } from '../pages/in-out-page.ts';
import { seriousViolations } from './axe.ts';
import { t } from './i18n.ts';
import { createInOutWorld, enableSubTransactions, type InOutWorld, readMovement } from './in-out-world.ts';
import { signInAs } from './session.ts';
import { expect, test } from './test.ts';

const FIXTURES = path.join(import.meta.dirname, '../fixtures');

interface MovementRead {
  categoryId: string | null;
  isSplit: boolean;
  parts: { amount: number; categoryId: string | null }[];
  documentCount: number;
}

async function start(page: Page, world: InOutWorld, phone: boolean): Promise<InOutPage> {
  await signInAs(page, world.user.email, world.user.password);
  const inOut = new InOutPage(page, phone);
  await inOut.goto();
  await expect(inOut.movement(world.movements[0]!.description)).toBeVisible();
  return inOut;
}

/**
 * The movements journeys of issue 11, written once and run by the desktop spec (grid, drawer) and the
 * phone spec (cards, full-screen sheet): categorise, split, attach a receipt, find by text and amount.
 */
export function inOutJourneys(phone: boolean): void {
  test('categorise a movement', async ({ page, request }) => {
    const world = await createInOutWorld(request, 'inout-categorise');
    const inOut = await start(page, world, phone);
    const fuel = world.movements[0]!;
    await inOut.open(fuel.description);
    await inOut.categorise(world.category.name);
    await inOut.closeDetail();
    await expect(inOut.movement(fuel.description)).toContainText(world.category.name);
    const saved = await readMovement<MovementRead>(request, world, fuel.id);
    expect(saved.categoryId).toBe(world.category.id);
  });

  test('split a movement into parts that add up to it', async ({ page, request }) => {
    await enableSubTransactions(request);
    const world = await createInOutWorld(request, 'inout-split');
    const inOut = await start(page, world, phone);
    const fuel = world.movements[0]!; // −42.50 €
    const detail = await inOut.open(fuel.description);
    await detail.getByRole('button', { name: t('gb', 'TREASURY.IN_OUT.SPLIT.START') }).click();
    const part = (n: number, key: string) =>
      detail.getByRole('textbox', { name: t('gb', key, { n: String(n) }) });
    await part(1, 'TREASURY.IN_OUT.SPLIT.PART_AMOUNT').fill('30');
    await expect(detail.getByTestId('split-remaining')).toContainText('12.50');
    const save = detail.getByRole('button', { name: t('gb', 'TREASURY.IN_OUT.SPLIT.SAVE') });
    await part(2, 'TREASURY.IN_OUT.SPLIT.PART_AMOUNT').fill('12,5');
    await expect(detail.getByTestId('split-remaining')).toContainText('0.00');
    await inOut.choose(part(1, 'TREASURY.IN_OUT.SPLIT.PART_CATEGORY'), world.category.name);
    await expect(save).toBeEnabled();
    await save.click();
    await expect(detail.getByRole('button', { name: t('gb', 'TREASURY.IN_OUT.SPLIT.EDIT') })).toBeVisible();
    await inOut.closeDetail();
    await expect(inOut.movement(fuel.description)).toContainText(
      t('gb', 'TREASURY.IN_OUT.SPLIT_BADGE', { count: '2' }),
    );
    const saved = await readMovement<MovementRead>(request, world, fuel.id);
    expect(saved.isSplit).toBe(true);
    expect(saved.parts.map((p) => p.amount).sort((a, b) => a - b)).toEqual([-3000, -1250]);
    expect(saved.parts.reduce((sum, p) => sum + p.amount, 0)).toBe(fuel.amount);
    expect(saved.parts.find((p) => p.amount === -3000)?.categoryId).toBe(world.category.id);
  });

  test('attach a receipt photo and a PDF, and preview them', async ({ page, request }) => {
    const world = await createInOutWorld(request, 'inout-receipt');
    const inOut = await start(page, world, phone);
    const stationery = world.movements[1]!;
    const detail = await inOut.open(stationery.description);
    for (const file of ['receipt.png', 'receipt.pdf']) {
      const chooser = page.waitForEvent('filechooser');
      await detail.getByRole('button', { name: t('gb', 'TREASURY.IN_OUT.DOCUMENTS.ATTACH') }).click();
      await (await chooser).setFiles(path.join(FIXTURES, file));
      await expect(
        detail.getByRole('list', { name: t('gb', 'TREASURY.IN_OUT.DOCUMENTS.TITLE') }),
      ).toContainText(file);
    }
    // The preview is read with the session into a blob: URL (allowed by the CSP for images and frames),
    // and shown inline under the list.
    const previewOf = (name: string) =>
      detail.getByRole('region', { name: t('gb', 'TREASURY.IN_OUT.DOCUMENTS.PREVIEW_OF', { name }) });
    await detail
      .getByRole('button', { name: t('gb', 'TREASURY.IN_OUT.DOCUMENTS.PREVIEW', { name: 'receipt.png' }) })
      .click();
    const image = previewOf('receipt.png').getByRole('img', {
      name: t('gb', 'TREASURY.IN_OUT.DOCUMENTS.PREVIEW_OF', { name: 'receipt.png' }),
    });
    await expect(image).toBeVisible();
    await expect(image).toHaveAttribute('src', /^blob:/);
    expect(await image.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBe(24);
    await previewOf('receipt.png')
      .getByRole('button', { name: t('gb', 'TREASURY.IN_OUT.DOCUMENTS.CLOSE_PREVIEW') })
      .click();
    await expect(previewOf('receipt.png')).toHaveCount(0);
    await detail
      .getByRole('button', { name: t('gb', 'TREASURY.IN_OUT.DOCUMENTS.PREVIEW', { name: 'receipt.pdf' }) })
      .click();
    await expect(previewOf('receipt.pdf').locator('iframe')).toHaveAttribute('src', /^blob:/);
    await expect
      .poll(async () => (await readMovement<MovementRead>(request, world, stationery.id)).documentCount)
      .toBe(2);

    // Deleting asks first; Escape answers the question only and leaves the movement open.
    const deletePdf = detail.getByRole('button', {
      name: t('gb', 'TREASURY.IN_OUT.DOCUMENTS.DELETE_NAMED', { name: 'receipt.pdf' }),
    });
    const question = page.getByRole('dialog', { name: t('gb', 'TREASURY.IN_OUT.DOCUMENTS.DELETE_TITLE') });
    await deletePdf.click();
    await expect(question).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(question).toBeHidden();
    await expect(detail).toBeVisible();
    await deletePdf.click();
    await question.getByRole('button', { name: t('gb', 'TREASURY.IN_OUT.DOCUMENTS.DELETE') }).click();
    const documents = detail.getByRole('list', { name: t('gb', 'TREASURY.IN_OUT.DOCUMENTS.TITLE') });
    await expect(documents).not.toContainText('receipt.pdf');
    await expect(documents).toContainText('receipt.png');
    await inOut.closeDetail();
    await expect
      .poll(async () => (await readMovement<MovementRead>(request, world, stationery.id)).documentCount)
      .toBe(1);
    await expect(
      inOut
        .movement(stationery.description)
        .getByLabel(t('gb', 'TREASURY.IN_OUT.DOCUMENT_COUNT', { count: '1' })),
    ).toBeVisible();
  });

  test('find a movement by text, then by amount', async ({ page, request }) => {
    const world = await createInOutWorld(request, 'inout-find');
    const inOut = await start(page, world, phone);
    const [fuel, stationery, sale] = world.movements as [
      InOutWorld['movements'][number],
      InOutWorld['movements'][number],
      InOutWorld['movements'][number],
    ];

    // Case and accents are ignored: "papelaria central" finds "Papelaria Central".
    await inOut.search(`papelaria central ${world.tag}`);
    await expect(inOut.movement(stationery.description)).toBeVisible();
    await expect(inOut.movement(fuel.description)).toHaveCount(0);
    await expect(inOut.movement(sale.description)).toHaveCount(0);
    await expect(page).toHaveURL(/[?&]q=papelaria/);

    await inOut.search('');
    await expect(inOut.movement(fuel.description)).toBeVisible();
    await inOut.filterByAmount('-42,50', '-42.50');
    await expect(inOut.movement(fuel.description)).toBeVisible();
    await expect(inOut.movement(stationery.description)).toHaveCount(0);
    await expect(inOut.movement(sale.description)).toHaveCount(0);
    // The filters live in the URL: a reload keeps them.
    await expect(page).toHaveURL(/[?&]min=-42\.50/);
    await page.reload();
    await expect(inOut.movement(fuel.description)).toBeVisible();
    await expect(inOut.movement(sale.description)).toHaveCount(0);
  });

  test('a rule made from a movement classifies the others like it', async ({ page, request }) => {
    const world = await createInOutWorld(request, 'inout-rule');
    const inOut = await start(page, world, phone);
    const fuel = world.movements[0]!;
    const detail = await inOut.open(fuel.description);
    await inOut.categorise(world.category.name);
    await detail.getByRole('button', { name: t('gb', 'TREASURY.RULES.FROM_MOVEMENT') }).click();
    const rules = page.getByRole('dialog', { name: t('gb', 'TREASURY.RULES.TITLE') });
    await expect(rules).toBeVisible();
    // The rule starts from the movement: its description as the condition, its category as the action.
    const value = rules.getByRole('textbox', { name: t('gb', 'TREASURY.RULES.CONDITION_VALUE', { n: '1' }) });
    await expect(value).toHaveValue(fuel.description);
    await value.fill('Papelaria');
    await rules.getByRole('button', { name: t('gb', 'TREASURY.RULES.PREVIEW') }).click();
    await expect(rules.getByText(t('gb', 'TREASURY.RULES.PREVIEW_COUNT', { count: '1' }))).toBeVisible();
    await rules.getByRole('button', { name: t('gb', 'TREASURY.RULES.SAVE') }).click();
    await expect(page.getByText(t('gb', 'TREASURY.RULES.SAVED'))).toBeVisible();
    const ruleName = fuel.description;
    await rules
      .getByRole('button', { name: t('gb', 'TREASURY.RULES.APPLY_NAMED', { name: ruleName }) })
      .click();
    await page.getByRole('button', { name: t('gb', 'TREASURY.RULES.APPLY'), exact: true }).click();
    await expect(
      page.getByText(t('gb', 'TREASURY.RULES.APPLIED', { matched: '1', updated: '1' })),
    ).toBeVisible();
    await rules.getByRole('button', { name: t('gb', 'DIALOGS.CLOSE'), exact: true }).click();
    const stationery = world.movements[1]!;
    await expect(inOut.movement(stationery.description)).toContainText(world.category.name);
    expect((await readMovement<MovementRead>(request, world, stationery.id)).categoryId).toBe(
      world.category.id,
    );
  });

  test('the list and a movement have no serious accessibility problems', async ({ page, request }) => {
    const world = await createInOutWorld(request, 'inout-axe');
    const inOut = await start(page, world, phone);
    expect(await seriousViolations(page)).toEqual([]);
    await inOut.open(world.movements[2]!.description);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('type a cash movement by hand', async ({ page, request }) => {
    const world = await createInOutWorld(request, 'inout-manual');
    const inOut = await start(page, world, phone);
    const description = `Táxi aeroporto ${world.tag}`;
    await page.getByRole('button', { name: t('gb', 'TREASURY.IN_OUT.NEW.ACTION') }).click();
    const form = page.getByRole('dialog', { name: t('gb', 'TREASURY.IN_OUT.NEW.TITLE') });
    await form
      .getByRole('textbox', { name: t('gb', 'TREASURY.IN_OUT.NEW.AMOUNT', { currency: 'EUR' }) })
      .fill('18,40');
    await form.getByRole('textbox', { name: t('gb', 'TREASURY.IN_OUT.NEW.DESCRIPTION') }).fill(description);
    await inOut.choose(
      form.getByRole('textbox', { name: t('gb', 'TREASURY.IN_OUT.DETAIL.CATEGORY') }),
      world.category.name,
    );
    await form.getByRole('button', { name: t('gb', 'TREASURY.IN_OUT.NEW.SUBMIT') }).click();
    await expect(form).toBeHidden();
    await expect(inOut.movement(description)).toContainText(world.category.name);
    await expect(inOut.movement(description)).toContainText('18.40');
  });
}
