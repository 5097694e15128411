import { canFromStrings, PermissionFlag } from '@fluxo/domain/permissions';
import { Center, Loader, Tabs } from '@mantine/core';
import { type ComponentType, lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useOrganizations } from '../../organizations/hooks/use-organizations.ts';
import { DocumentsPanel } from '../documents/components/documents-panel.tsx';

type Variant = 'desktop' | 'mobile';
type Panel = ComponentType<{ variant: Variant }>;

// The other tabs are other parts of billing, each a file with a default export. The glob is resolved
// at build time: a panel not written yet is simply not in it, and its tab is not shown.
const PANEL_FILES = import.meta.glob<{ default: Panel }>('../{catalogue,purchases}/panels/*-panel.tsx');

const TABS = [
  { key: 'documents', file: null, resource: 'billing.documents' },
  { key: 'purchases', file: '../purchases/panels/purchases-panel.tsx', resource: 'billing.documents' },
  { key: 'parties', file: '../catalogue/panels/parties-panel.tsx', resource: 'billing.documents' },
  { key: 'products', file: '../catalogue/panels/products-panel.tsx', resource: 'billing.documents' },
  { key: 'series', file: '../catalogue/panels/series-panel.tsx', resource: 'billing.configs' },
  { key: 'settings', file: '../catalogue/panels/settings-panel.tsx', resource: 'billing.configs' },
] as const;

type TabKey = (typeof TABS)[number]['key'];

/** One lazy component per panel file, made once: React keeps its state across renders. */
const LAZY_PANELS = new Map<string, Panel>(
  Object.entries(PANEL_FILES).map(([file, load]) => [file, lazy(load)]),
);

function DocumentsTab({ variant }: { variant: Variant }) {
  return <DocumentsPanel variant={variant} />;
}

/** The billing documents page's tabs, kept in the URL (`?tab=`): those whose part exists and the member may see. */
export function BillingTabs({ variant }: { variant: Variant }) {
  const { t } = useTranslation();
  const { selected } = useOrganizations();
  const [search, setSearch] = useSearchParams();
  const tabs = useMemo(() => {
    const grants = selected?.permissions ?? [];
    return TABS.flatMap((tab) => {
      const Component = tab.file ? LAZY_PANELS.get(tab.file) : DocumentsTab;
      if (!Component || !canFromStrings(grants, tab.resource, PermissionFlag.VIEW)) return [];
      return [{ key: tab.key as TabKey, Component }];
    });
  }, [selected?.permissions]);
  const wanted = search.get('tab');
  const active = tabs.find((tab) => tab.key === wanted) ?? tabs[0];
  if (!active) return null;
  return (
    <Tabs
      value={active.key}
      onChange={(key) => {
        // Filters belong to the tab they were set on: another tab starts with only its name.
        if (key && key !== active.key) setSearch(new URLSearchParams({ tab: key }), { replace: true });
      }}
      keepMounted={false}
    >
      <Tabs.List style={variant === 'mobile' ? { flexWrap: 'nowrap', overflowX: 'auto' } : undefined} mb="md">
        {tabs.map((tab) => (
          <Tabs.Tab key={tab.key} value={tab.key}>
            {t(`BILLING.TABS.${tab.key.toUpperCase()}`)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {tabs.map(({ key, Component }) => (
        <Tabs.Panel key={key} value={key}>
          <Suspense
            fallback={
              <Center py="xl">
                <Loader size="sm" />
              </Center>
            }
          >
            <Component variant={variant} />
          </Suspense>
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
