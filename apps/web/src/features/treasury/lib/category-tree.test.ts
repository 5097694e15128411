import type { Category } from '@fluxo/domain/treasury/model';
import { describe, expect, it } from 'vitest';
import { categoryNamer, categorySelectData, categoryTree } from './category-tree.ts';

const category = (id: string, name: string, extra: Partial<Category> = {}): Category => ({
  id,
  name,
  parentId: null,
  kind: 'expense',
  code: null,
  accountCode: null,
  archived: false,
  ...extra,
});

const plain = (c: Category) => c.name;

describe('categoryTree', () => {
  it('walks parents before children, siblings by name, and keeps to one kind', () => {
    const list = [
      category('3', 'Rent', { parentId: '1' }),
      category('1', 'Premises'),
      category('2', 'Fuel'),
      category('4', 'Sales', { kind: 'income' }),
      category('5', 'Water', { parentId: '1' }),
    ];
    expect(categoryTree(list, 'expense', plain).map((n) => [n.path, n.depth])).toEqual([
      ['Fuel', 0],
      ['Premises', 0],
      ['Premises › Rent', 1],
      ['Premises › Water', 1],
    ]);
  });

  it('leaves archived categories out unless asked, and cuts cycles', () => {
    const list = [
      category('a', 'A', { parentId: 'b' }),
      category('b', 'B', { parentId: 'a' }),
      category('c', 'Old', { archived: true }),
    ];
    expect(categoryTree(list, 'expense', plain)).toEqual([]);
    expect(categoryTree(list, 'expense', plain, { includeArchived: true }).map((n) => n.label)).toEqual([
      'Old',
    ]);
  });

  it('names default categories from their translation, falling back to the stored name', () => {
    const t = (key: string, { defaultValue }: { defaultValue: string }) =>
      key === 'TREASURY.CATEGORY_DEFAULTS.SALES' ? 'Vendas' : defaultValue;
    const name = categoryNamer(t);
    expect(name(category('1', 'Sales', { code: 'SALES' }))).toBe('Vendas');
    expect(name(category('2', 'Fees', { code: 'FEES' }))).toBe('Fees');
    expect(name(category('3', 'Mine'))).toBe('Mine');
  });

  it('groups select data by kind', () => {
    const data = categorySelectData(
      [category('1', 'Fuel'), category('2', 'Sales', { kind: 'income' })],
      plain,
      (kind) => kind.toUpperCase(),
    );
    expect(data).toEqual([
      { group: 'EXPENSE', items: [{ value: '1', label: 'Fuel' }] },
      { group: 'INCOME', items: [{ value: '2', label: 'Sales' }] },
    ]);
  });
});
