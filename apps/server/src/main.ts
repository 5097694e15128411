import { buildApp } from './app.ts';
import { openDatabase } from './db/client.ts';
import { seedDemo } from './modules/demo/seed.ts';
import { loadConfig } from './platform/config.ts';

const config = loadConfig();
const database = await openDatabase(config);
const { app } = await buildApp({ config, database });
if (config.seedDemo) await seedDemo(database.db, app.log, config.billing);
await app.listen({ port: config.port, host: config.host });

const shutdown = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
