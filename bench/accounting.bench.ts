// `npm run bench -- accounting`: every accounting part's figures, in order. `BENCH_ACCOUNTING_PARTS`
// (comma-separated: trial-balance, suggestions, saft-export, saft-import) chooses parts.

import { benchSuggestions } from './accounting-reconciliation.ts';
import { benchSaftLedgerExport } from './accounting-saft-export.ts';
import { benchSaftImport } from './accounting-saft-import.ts';
import { benchTrialBalance } from './accounting-statements.ts';

const parts: Record<string, () => Promise<void>> = {
  'trial-balance': benchTrialBalance,
  suggestions: benchSuggestions,
  'saft-export': benchSaftLedgerExport,
  'saft-import': benchSaftImport,
};

export async function accountingBench(): Promise<void> {
  const chosen = process.env.BENCH_ACCOUNTING_PARTS?.split(',').map((part) => part.trim());
  for (const [name, run] of Object.entries(parts)) {
    if (chosen && !chosen.includes(name)) continue;
    console.log(`\n--- accounting: ${name} ---`);
    await run();
  }
}
