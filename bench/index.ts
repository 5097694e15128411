// `npm run bench`: every benchmark, each printing its own figures.
import { accountingBench } from './accounting.bench.ts';
import { apiBench } from './api.bench.ts';
import { authBench } from './auth.bench.ts';
import { billingBench } from './billing.bench.ts';
import { bundleBench } from './bundle.bench.ts';
import { dashboardBench } from './dashboard.bench.ts';
import { realtimeBench } from './realtime.bench.ts';
import { treasuryBench } from './treasury.bench.ts';

const only = process.argv[2];
const benches: Record<string, () => Promise<void>> = {
  api: apiBench,
  auth: authBench,
  realtime: realtimeBench,
  bundle: bundleBench,
  treasury: treasuryBench,
  billing: billingBench,
  accounting: accountingBench,
  dashboard: dashboardBench,
};
for (const [name, run] of Object.entries(benches)) {
  if (only && only !== name) continue;
  console.log(`\n=== bench: ${name} ===`);
  await run();
}
