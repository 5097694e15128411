import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** postgres://… to use a PostgreSQL server; unset for the embedded PGlite under dataDir. */
  databaseUrl: string | null;
  /** Use an in-memory PGlite (tests). */
  inMemoryDatabase: boolean;
  redisUrl: string | null;
  smtpUrl: string | null;
  mailFrom: string;
  salesEmail: string;
  seedDemo: boolean;
  /** Directory of the built web app; served at / when it exists. */
  webDist: string;
  tokenTtlSeconds: number;
  logLevel: string;
  app: {
    stripeKey: string;
    gatewayUrl: string | null;
    apmServerUrl: string;
    analyticsKey: string;
    locationAPI: string;
    avatarUrl: string;
    apmEnvironment: string;
    appVersion: string;
  };
}

const repoRoot = path.resolve(import.meta.dirname, '../../../..');

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(process.cwd(), 'data'));
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || null,
    inMemoryDatabase: false,
    redisUrl: env.REDIS_URL || null,
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM ?? 'Fluxo <no-reply@fluxo.example>',
    salesEmail: env.SALES_EMAIL ?? 'sales@fluxo.example',
    seedDemo: env.DEMO !== '0',
    webDist: env.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist'),
    tokenTtlSeconds: Number(env.TOKEN_TTL_SECONDS ?? 3600),
    logLevel: env.LOG_LEVEL ?? 'info',
    app: {
      stripeKey: env.STRIPE_KEY ?? '',
      gatewayUrl: env.GATEWAY_URL || null,
      apmServerUrl: env.APM_SERVER_URL ?? '',
      analyticsKey: env.ANALYTICS_KEY ?? '',
      locationAPI: env.LOCATION_API ?? '/api/v1/geo/country',
      avatarUrl: env.AVATAR_URL ?? '/api/v1/avatars',
      apmEnvironment: env.APM_ENVIRONMENT ?? env.NODE_ENV ?? 'development',
      appVersion: env.APP_VERSION ?? '1.0.35212',
    },
    ...overrides,
  };
}
