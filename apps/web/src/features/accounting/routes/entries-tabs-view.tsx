import { Center, Loader, Tabs } from '@mantine/core';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ENTRIES_TABS } from '../entries-tabs.ts';

/** The tabs of /accounting/entries (ENTRIES_TABS), the selected one kept in `?tab=`. */
export function EntriesTabsView({ mobile }: { mobile: boolean }) {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const active = ENTRIES_TABS.find((tab) => tab.value === search.get('tab')) ?? ENTRIES_TABS[0];
  if (!active) return null;
  return (
    <Tabs
      value={active.value}
      onChange={(value) => {
        // Filters belong to the tab they were set on: another tab starts with only its name.
        if (value && value !== active.value)
          setSearch(new URLSearchParams({ tab: value }), { replace: true });
      }}
      keepMounted={false}
    >
      <Tabs.List mb="md" style={mobile ? { flexWrap: 'nowrap', overflowX: 'auto' } : undefined}>
        {ENTRIES_TABS.map((tab) => (
          <Tabs.Tab key={tab.value} value={tab.value}>
            {t(tab.labelKey)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {ENTRIES_TABS.map(({ value, Panel }) => (
        <Tabs.Panel key={value} value={value}>
          <Suspense
            fallback={
              <Center py="xl">
                <Loader size="sm" />
              </Center>
            }
          >
            <Panel />
          </Suspense>
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
