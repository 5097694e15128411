import { rmSync } from 'node:fs';

/** Removes the data directory the suite's server used (created in playwright.config.ts). */
export default function globalTeardown(): void {
  const dataDir = process.env.FLUXO_E2E_DATA_DIR;
  if (dataDir && !process.env.E2E_KEEP_DATA) rmSync(dataDir, { recursive: true, force: true });
}
