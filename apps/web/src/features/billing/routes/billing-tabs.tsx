import { canFromStrings, PermissionFlag } from '@fluxo/domain/permissions';
import { Center, Loader, Tabs } from '@mantine/core';
import { type ComponentType, lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useOrganizations } from '../../organizations/hooks/use-organizations.ts';
import { DocumentsPanel } from '../documents/components/documents-panel.tsx';

type Variant = 'desktop' | 'mobile';
type Panel = ComponentType<{ variant: Variant }>;

// Each other tab is another part of billing, loaded on first open (a chunk of its own).
const PANELS: Record<Exclude<TabKey, 'documents'>, Panel> = {
  purchases: lazy(() => import('../purchases/panels/purchases-panel.tsx')),
  parties: lazy(() => import('../catalogue/panels/parties-panel.tsx')),
  products: lazy(() => import('../catalogue/panels/products-panel.tsx')),
  series: lazy(() => import('../catalogue/panels/series-panel.tsx')),
  settings: lazy(() => import('../catalogue/panels/settings-panel.tsx')),
};

const TABS = [
  { key: 'documents', resource: 'billing.documents' },
  { key: 'purchases', resource: 'billing.documents' },
  { key: 'parties', resource: 'billing.documents' },
  { key: 'products', resource: 'billing.documents' },
  { key: 'series', resource: 'billing.configs' },
  { key: 'settings', resource: 'billing.configs' },
] as const;

type TabKey = (typeof TABS)[number]['key'];

function DocumentsTab({ variant }: { variant: Variant }) {
  return <DocumentsPanel variant={variant} />;
}

/** The billing documents page's tabs, kept in the URL (`?tab=`): those the member may see. */
export function BillingTabs({ variant }: { variant: Variant }) {
  const { t } = useTranslation();
  const { selected } = useOrganizations();
  const [search, setSearch] = useSearchParams();
  const tabs = useMemo(() => {
    const grants = selected?.permissions ?? [];
    return TABS.flatMap((tab) => {
      const Component = tab.key === 'documents' ? DocumentsTab : PANELS[tab.key];
      if (!canFromStrings(grants, tab.resource, PermissionFlag.VIEW)) return [];
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
