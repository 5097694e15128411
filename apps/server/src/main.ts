import { buildApp } from './app.ts';
import { openDatabase } from './db/client.ts';
import { seedDemo } from './modules/demo/seed.ts';
import { loadConfig } from './platform/config.ts';
import { installShutdown } from './platform/shutdown.ts';

const config = loadConfig();
const database = await openDatabase(config);
const { app, signingKey } = await buildApp({ config, database });
if (config.seedDemo) await seedDemo(database.db, app.log, config.billing, { signingKey });
await app.listen({ port: config.port, host: config.host });

// SIGTERM/SIGINT: drain, release, close, exit within SHUTDOWN_TIMEOUT_MS (platform/shutdown.ts).
installShutdown({ app, database, timeoutMs: config.shutdownTimeoutMs });
