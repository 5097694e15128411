/**
 * Imports an ECB reference-rates file into the database:
 *   npx tsx apps/server/src/modules/tax/import-ecb.ts eurofxref-hist.xml
 * (DATABASE_URL or DATA_DIR select the database, as for the server). Days already stored are kept.
 */
import { readFileSync } from 'node:fs';
import { openDatabase } from '../../db/client.ts';
import { loadConfig } from '../../platform/config.ts';
import { parseEcbXml, storeRates } from './ecb-import.ts';

const file = process.argv[2];
if (!file) {
  console.error('usage: import-ecb.ts <eurofxref-hist.xml>');
  process.exit(2);
}
const database = await openDatabase(loadConfig());
const rates = parseEcbXml(readFileSync(file, 'utf8'));
const added = await storeRates(database.db, rates);
console.log(`${rates.length} rates read, ${added} new`);
await database.close();
