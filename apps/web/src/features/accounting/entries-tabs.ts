import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/**
 * The tabs of /accounting/entries (desktop and /m), in order. Each part of accounting adds its own line:
 * the journal and periods (ledger), the chart of accounts (charts), the statements (statements). The
 * page (routes/entries.tsx) keeps the selected tab in `?tab=`.
 */
export interface EntriesTab {
  value: string;
  /** i18n key of the tab's label. */
  labelKey: string;
  Panel: LazyExoticComponent<ComponentType>;
}

/** A tab's panel, loaded when the tab is first shown. */
export const lazyPanel = (load: () => Promise<{ default: ComponentType }>) => lazy(load);

export const ENTRIES_TABS: readonly EntriesTab[] = [
  // ledger
  {
    value: 'journal',
    labelKey: 'ACCOUNTING.LEDGER.TABS.JOURNAL',
    Panel: lazyPanel(() => import('./ledger/components/journal-panel.tsx')),
  },
  {
    value: 'periods',
    labelKey: 'ACCOUNTING.LEDGER.TABS.PERIODS',
    Panel: lazyPanel(() => import('./ledger/components/periods-panel.tsx')),
  },
  // charts
  {
    value: 'chart',
    labelKey: 'ACCOUNTING.CHART.TAB',
    Panel: lazyPanel(() => import('./chart/components/chart-panel.tsx')),
  },
  // statements
  {
    value: 'statements',
    labelKey: 'ACCOUNTING.STATEMENTS.TAB',
    Panel: lazyPanel(() => import('./statements/statements-panel.tsx')),
  },
  {
    value: 'mappings',
    labelKey: 'ACCOUNTING.POSTING.TAB',
    Panel: lazyPanel(() => import('./posting/components/mappings-panel.tsx')),
  },
];
