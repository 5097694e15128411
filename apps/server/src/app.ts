import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Database } from './db/client.ts';
import { openListener } from './db/listen.ts';
import { accountRoutes } from './modules/account/account.routes.ts';
import { accountingRoutes } from './modules/accounting/index.ts';
import { assetsRoutes } from './modules/assets/assets.routes.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { startSession } from './modules/auth/auth.service.ts';
import {
  billingRoutes,
  loadSigningKey,
  notifyOverdueDocuments,
  OVERDUE_JOB,
  type SigningKey,
} from './modules/billing/index.ts';
import { connectionsRoutes, createConnectors } from './modules/connections/connections.routes.ts';
import { dashboardsRoutes } from './modules/dashboards/index.ts';
import { createExportRunner, dataExportRoutes } from './modules/data-export/index.ts';
import { ensureFeatureFlags, homeRoutes } from './modules/home/home.routes.ts';
import { startNotificationJobs } from './modules/notifications/notification-jobs.ts';
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts';
import { organizationsRoutes } from './modules/organizations/organizations.routes.ts';
import { teamsRoutes } from './modules/organizations/teams.routes.ts';
import { pluginsRoutes } from './modules/plugins/plugins.routes.ts';
import { organizationMailer } from './modules/plugins/plugins.service.ts';
import { saftRoutes } from './modules/saft/index.ts';
import { salesRoutes } from './modules/sales/sales.routes.ts';
import { registerBilling } from './modules/subscriptions/billing.plugin.ts';
import { CONSENT_JOB, notifyExpiringConsents, treasuryRoutes } from './modules/treasury/index.ts';
import { twoFactorRoutes } from './modules/two-factor/two-factor.routes.ts';
import { webRoutes } from './modules/web/web.routes.ts';
import { PUBLIC } from './platform/access.ts';
import { registerAudit } from './platform/audit.ts';
import type { Config } from './platform/config.ts';
import { registerErrorHandler } from './platform/errors.ts';
import { registerGuard } from './platform/guard.ts';
import { HashQueue } from './platform/hash-queue.ts';
import { type Health, registerHealth } from './platform/health.ts';
import { registerInputGuard } from './platform/input-guard.ts';
import type { LiveSessions } from './platform/live-sessions.ts';
import { createMailer, type Mailer } from './platform/mail.ts';
import { type Metrics, metricsRoute, registerMetrics } from './platform/metrics.ts';
import { registerRequestId, requestIdOf } from './platform/request-id.ts';
import { alwaysSealingBox, KEYS_CHANNEL, loadSecrets, type ServerSecrets } from './platform/secrets.ts';
import { registerSecurityHeaders } from './platform/security-headers.ts';
import { registerDrain } from './platform/shutdown.ts';
import { createThrottle } from './platform/throttle.ts';
import { type RealtimeHub, registerRealtime } from './realtime/realtime.plugin.ts';

export interface AppDeps {
  config: Config;
  database: Database;
  mailer?: Mailer;
  logger?: boolean | object;
}

export interface App {
  app: FastifyInstance;
  secrets: ServerSecrets;
  mailer: Mailer;
  realtime: RealtimeHub;
  liveSessions: LiveSessions;
  health: Health;
  /** Null when metrics are off (neither METRICS_TOKEN nor METRICS_PORT). */
  metrics: Metrics | null;
  /** The key billing documents are signed with (the demo seed signs its documents with it too). */
  signingKey: SigningKey;
}

/** Bodies above this are refused with BODY_TOO_LARGE; upload routes set their own limit. */
export const BODY_LIMIT = 256 * 1024;

export async function buildApp({ config, database, mailer: givenMailer, logger }: AppDeps): Promise<App> {
  const app = Fastify({
    // JSON lines (pino); every line of a request carries its id (`reqId`) (see platform/request-id.ts).
    logger: logger ?? { level: config.logLevel },
    genReqId: requestIdOf,
    requestIdHeader: false,
    bodyLimit: BODY_LIMIT,
    // A hop count becomes the function form Fastify's types take for it (trust the nearest n hops).
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerRequestId(app);
  // First: every request is counted, and the drain (a preClose hook) runs before the real-time hub's,
  // so requests in flight finish before the sockets close.
  const drain = registerDrain(app);
  const metrics = registerMetrics(app, { database, config });
  await registerSecurityHeaders(app, config);
  registerInputGuard(app);

  const { db } = database;
  const secrets = await loadSecrets(db, config.keys);
  if (secrets.unsealedRows.length)
    app.log.warn(
      { rows: secrets.unsealedRows },
      'Stored secrets not encrypted under SECRETS_KEY: run `npm run rotate-keys -- secrets`',
    );
  await ensureFeatureFlags(db);
  const mailer = givenMailer ?? createMailer(config);
  // One LISTEN connection for every channel, closed after everything that subscribed.
  const notifications = openListener(database, app.log);
  app.decorate('notifications', notifications);
  app.addHook('onClose', () => notifications.close());
  // A key rotation (npm run rotate-keys) notifies every instance, which reads its keys again; so does a
  // reconnection of the LISTEN connection, after which a rotation's notification may have been missed.
  const reloadKeys = () =>
    void secrets.reload().catch((error) => app.log.error({ err: error }, 'Reloading the keys failed'));
  const unsubscribeKeys = await notifications.subscribe(KEYS_CHANNEL, {
    notify: reloadKeys,
    connected: reloadKeys,
  });
  app.addHook('onClose', async () => unsubscribeKeys());
  const liveSessions = await registerGuard(app, database, secrets);
  registerAudit(app, db);
  const health = registerHealth(app, { database, config, stopping: drain.stopping });
  metricsRoute(app, metrics, config);

  await app.register(fastifySwagger, {
    openapi: { info: { title: 'Fluxo API', version: config.app.appVersion } },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/documentation' });
  app.get('/api/openapi.json', { config: { access: PUBLIC }, schema: { hide: true } }, async () =>
    app.swagger(),
  );

  const throttle = await createThrottle({
    db,
    redisUrl: config.redisUrl,
    onError: (error) => app.log.error({ err: error }, 'throttle store (Redis) error'),
  });
  app.addHook('onClose', () => throttle.close());
  const authDeps = {
    db,
    jwtKeys: secrets,
    tokenTtlSeconds: config.tokenTtlSeconds,
    mailer,
    throttle,
    hashing: new HashQueue(config.hashing),
    signupsPerClientPerHour: config.signupsPerClientPerHour,
    log: app.log,
  };
  // First, so that the routes that end sessions can close their sockets.
  const realtime = await registerRealtime(app, { config, database, secrets });
  metrics?.watchRealtime(realtime);
  homeRoutes(app, { db, config, publicVapidKey: secrets.vapid.publicKey });
  authRoutes(app, { ...authDeps, passwordKeys: secrets, sockets: realtime });
  accountRoutes(app, authDeps);
  twoFactorRoutes(app, {
    ...authDeps,
    box: secrets.box,
    startSession: (userId) => startSession(authDeps, userId),
  });
  assetsRoutes(app);
  organizationsRoutes(app, { db });
  teamsRoutes(app, {
    ...authDeps,
    passwordKeys: secrets,
    startSession: (userId) => startSession(authDeps, userId),
  });
  salesRoutes(app, { db, mailer, salesEmail: config.salesEmail, throttle });
  const connectors = createConnectors(config);
  connectionsRoutes(app, {
    db,
    realtime,
    authTimeoutSeconds: config.connections.authTimeoutSeconds,
    connectors,
  });
  treasuryRoutes(app, { db, realtime, config, connectors });
  const pluginBox = await alwaysSealingBox(db, config.keys);
  pluginsRoutes(app, {
    db,
    box: pluginBox,
    providers: connectors.connectors.map((connector) => connector.id),
  });
  const signingKey = await loadSigningKey(db, secrets.box, config.invoicing);
  billingRoutes(app, {
    db,
    config,
    mailer,
    // An organization's documents and reminders go out through its own SMTP plugin when it has one on.
    mailerFor: (organizationId) => organizationMailer({ db, box: pluginBox }, organizationId, mailer),
    signingKey,
    dataDir: config.dataDir,
  });
  accountingRoutes(app, { db, config, mailer, signingKey, dataDir: config.dataDir });
  saftRoutes(app, { db, signingKey, invoicing: config.invoicing, productVersion: config.app.appVersion });
  dashboardsRoutes(app, { db });
  await registerBilling(app, { db, config });
  auditRoutes(app, { db });
  notificationsRoutes(app, { db });
  const dataExports = createExportRunner({
    db,
    dataDir: config.dataDir,
    signingKey,
    invoicing: config.invoicing,
    productVersion: config.app.appVersion,
    retentionHours: config.dataExport.retentionHours,
    log: app.log,
  });
  dataExportRoutes(app, { db, dataDir: config.dataDir, runner: dataExports });
  if (config.billing.jobsPollMs > 0) dataExports.start(config.billing.jobsPollMs);
  app.addHook('onClose', () => dataExports.stop());
  if (config.billing.jobsPollMs > 0) {
    const jobs = startNotificationJobs(
      {
        db,
        mailer,
        log: app.log,
        checks: { [OVERDUE_JOB]: notifyOverdueDocuments, [CONSENT_JOB]: notifyExpiringConsents },
      },
      config.billing.jobsPollMs,
    );
    app.addHook('onClose', () => jobs.stop());
  }
  app.get(
    '/assets/keys/public.pem',
    { config: { access: PUBLIC }, schema: { hide: true } },
    async (_req, reply) =>
      reply.type('application/x-pem-file').header('cache-control', 'no-cache').send(secrets.publicKeyPem),
  );

  await webRoutes(app, config.webDist);
  return { app, secrets, mailer, realtime, liveSessions, health, metrics, signingKey };
}
