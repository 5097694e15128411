import type { Category, CategoryKind } from '@fluxo/domain/treasury/model';

/** Translates a default category's code; the stored name otherwise (and when the key is missing). */
export type CategoryNamer = (category: Category) => string;

export function categoryNamer(t: (key: string, options: { defaultValue: string }) => string): CategoryNamer {
  return (category) =>
    category.code
      ? t(`TREASURY.CATEGORY_DEFAULTS.${category.code}`, { defaultValue: category.name })
      : category.name;
}

export interface CategoryNode {
  category: Category;
  label: string;
  /** "Parent › Child", for a select where the tree is flattened. */
  path: string;
  depth: number;
}

/**
 * The categories of one kind as a tree walked depth first (parents before children, siblings by
 * name), so a flat list or select still reads as the tree. A category whose parent is missing or
 * of another kind is a root; a cycle (never made by the server, but cheap to guard) is cut.
 */
export function categoryTree(
  categories: readonly Category[],
  kind: CategoryKind,
  name: CategoryNamer,
  { includeArchived = false }: { includeArchived?: boolean } = {},
): CategoryNode[] {
  const ofKind = categories.filter((c) => c.kind === kind && (includeArchived || !c.archived));
  const ids = new Set(ofKind.map((c) => c.id));
  const children = new Map<string | null, Category[]>();
  for (const category of ofKind) {
    const parent = category.parentId && ids.has(category.parentId) ? category.parentId : null;
    children.set(parent, [...(children.get(parent) ?? []), category]);
  }
  const nodes: CategoryNode[] = [];
  const seen = new Set<string>();
  const walk = (parent: string | null, depth: number, prefix: string) => {
    const list = [...(children.get(parent) ?? [])].sort((a, b) => name(a).localeCompare(name(b)));
    for (const category of list) {
      if (seen.has(category.id)) continue;
      seen.add(category.id);
      const label = name(category);
      const path = prefix ? `${prefix} › ${label}` : label;
      nodes.push({ category, label, path, depth });
      walk(category.id, depth + 1, path);
    }
  };
  walk(null, 0, '');
  return nodes;
}

/** Mantine Select data: an income group and an expense group, each flattened from its tree. */
export function categorySelectData(
  categories: readonly Category[],
  name: CategoryNamer,
  groupLabel: (kind: CategoryKind) => string,
  kinds: readonly CategoryKind[] = ['expense', 'income'],
) {
  return kinds.map((kind) => ({
    group: groupLabel(kind),
    items: categoryTree(categories, kind, name).map((node) => ({
      value: node.category.id,
      label: node.path,
    })),
  }));
}
