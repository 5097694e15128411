import { Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';

// The chart library is most of the page's weight: it loads beside the accounts, not before them.
const BalanceChart = lazy(() => import('./balance-chart.tsx').then((m) => ({ default: m.BalanceChart })));

/** The daily-balance chart, loaded on its own. */
export function LazyBalanceChart({ height = 240 }: { height?: number }) {
  return (
    <Suspense fallback={<Skeleton h={height + 80} radius="lg" />}>
      <BalanceChart height={height} />
    </Suspense>
  );
}
