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
  /** Keys from the environment (README "Key rotation"); the database holds the rest. */
  keys: {
    /** JWT_SECRET: signs tokens instead of the database's key ring; JWT_SECRET_PREVIOUS still verify. */
    jwtSecret: string | null;
    jwtSecretPrevious: string[];
    /** SECRETS_KEY: encrypts the secrets stored in the database; SECRETS_KEY_PREVIOUS still decrypt. */
    secretsKey: string | null;
    secretsKeyPrevious: string[];
  };
  /**
   * Whether a proxy in front of the server may be believed about the client's address and protocol
   * (X-Forwarded-For, X-Forwarded-Proto): false (the default: never), true (every hop), a number of
   * hops, or a comma-separated list of proxy addresses/CIDRs (Fastify's trustProxy). TRUST_PROXY.
   */
  trustProxy: boolean | number | string;
  /** Bounds of password hashing (platform/hash-queue.ts): HASH_CONCURRENCY, HASH_QUEUE, HASH_PER_CLIENT. */
  hashing: { concurrency: number; maxQueued: number; maxPerClient: number };
  /** Sign-ups one client address may make per hour before waits begin (SIGNUPS_PER_CLIENT_PER_HOUR). */
  signupsPerClientPerHour: number;
  /**
   * Prometheus metrics (platform/metrics.ts): with a token, GET /metrics on the main port answers a
   * bearer of it (METRICS_TOKEN); with a port, a listener of their own serves them there (METRICS_PORT,
   * on METRICS_HOST). Neither: no metrics are collected and /metrics is 404.
   */
  metrics: { token: string | null; port: number | null; host: string };
  /** How long a SIGTERM/SIGINT shutdown may drain before the process exits anyway (SHUTDOWN_TIMEOUT_MS). */
  shutdownTimeoutMs: number;
  realtime: {
    /** Acknowledged messages are kept this long, then pruned (REALTIME_RETENTION_HOURS). */
    retentionHours: number;
    /** How often each instance sweeps the outbox for undelivered messages, due pushes and due timers. */
    sweepMs: number;
    /** A push event still unacknowledged after this long also goes out as a web push. */
    pushDelaySeconds: number;
    /** A message delivered to a connected user but not acknowledged is sent again after this long. */
    redeliverSeconds: number;
    /**
     * Whether this instance takes outbox work (dispatch, pushes, timers, pruning). REALTIME_DISPATCH=0
     * makes it a socket gateway only: other instances deliver to its clients through Redis.
     */
    dispatch: boolean;
  };
  connections: {
    /** Seconds the user has to answer a bank's two-factor challenge (spec §9: 120). */
    authTimeoutSeconds: number;
    /**
     * GoCardless Bank Account Data (README "Bank connections"): on only with both secrets
     * (GOCARDLESS_SECRET_ID, GOCARDLESS_SECRET_KEY); GOCARDLESS_API_BASE points tests at a stand-in.
     */
    gocardless: { secretId: string; secretKey: string; apiBase: string; timeoutMs: number };
    /**
     * Enable Banking (README "Bank connections"): on only with the application id and its private key
     * (ENABLE_BANKING_APPLICATION_ID, ENABLE_BANKING_PRIVATE_KEY, PEM); ENABLE_BANKING_API_BASE points
     * tests at a stand-in.
     */
    enableBanking: { applicationId: string; privateKey: string; apiBase: string; timeoutMs: number };
    /** Hours between two automatic syncs of a connected account (BANK_SYNC_INTERVAL_HOURS). */
    syncIntervalHours: number;
  };
  billing: {
    /** Days an invoice may stay unpaid after its due date before the subscription locks. */
    graceDays: number;
    /** Multibanco entity (5 digits) Fluxo's references are issued under. */
    multibancoEntity: string;
    /** Fluxo's bank account for transfers. */
    transferIban: string;
    transferBic: string;
    transferBeneficiary: string;
    /** How often each instance polls for due renewals (0 turns the poller off). */
    jobsPollMs: number;
    /** Stripe secret key (sk_…); with the public key and the webhook secret, card payments are on. */
    stripeSecretKey: string;
    /** Signing secret (whsec_…) of the webhook endpoint Stripe calls. */
    stripeWebhookSecret: string;
    /** Where the Stripe API is reached (tests point it at a local server); Stripe's own when null. */
    stripeApiBase: string | null;
    /** The EU VIES REST "check-vat-number" endpoint; empty turns VIES checks off. */
    viesUrl: string;
    /** How long a VIES check may take before the VAT-number format decides alone. */
    viesTimeoutMs: number;
  };
  /** The organization data export (docs/data-export.md). */
  dataExport: {
    /** Hours a finished archive is kept before it is deleted (DATA_EXPORT_RETENTION_HOURS). */
    retentionHours: number;
  };
  /** The organizations' own invoicing (issue 12), not Fluxo's subscription billing above. */
  invoicing: {
    /**
     * The software producer's private key (PEM, RSA 1024) that signs documents, its version (HashControl)
     * and the AT certificate number. Without a key the server creates one on first start and signs
     * with it the same way, as a program that is not certified (certificate number 0).
     */
    signingKeyPem: string | null;
    signingKeyVersion: string;
    certificateNumber: string;
    /** How often recurring billing bills what is due (BILLING_SCHEDULES_POLL_MS, 5 min; 0: never, not even at start). */
    schedulesPollMs: number;
    /** The AGT validation number (`n/AGT/yyyy`) printed on AO documents; 0 while not validated. */
    agtValidationNumber: string;
    /** SAF-T ProductCompanyTaxID: the producer's NIF; unset, each organization's own (a self-run install). */
    producerTaxId: string | null;
  };
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

/** TRUST_PROXY: unset, empty, 0 or false → never; true → every hop; a whole number → hops; else addresses. */
export function parseTrustProxy(value: string | undefined): boolean | number | string {
  const text = (value ?? '').trim();
  if (text === '' || text === '0' || text.toLowerCase() === 'false') return false;
  if (text.toLowerCase() === 'true') return true;
  if (/^\d+$/.test(text)) return Number(text);
  return text;
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
    keys: {
      jwtSecret: env.JWT_SECRET || null,
      jwtSecretPrevious: (env.JWT_SECRET_PREVIOUS ?? '').split(/[\s,]+/).filter(Boolean),
      secretsKey: env.SECRETS_KEY || null,
      secretsKeyPrevious: (env.SECRETS_KEY_PREVIOUS ?? '').split(/[\s,]+/).filter(Boolean),
    },
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    hashing: {
      // One at a time by default: a sign-in flood then holds one 128 MiB hash (issue 18's memory bound);
      // 2 doubles sign-in throughput on a 2-core machine for another 128 MiB.
      concurrency: Number(env.HASH_CONCURRENCY ?? 1),
      maxQueued: Number(env.HASH_QUEUE ?? 32),
      maxPerClient: Number(env.HASH_PER_CLIENT ?? 8),
    },
    signupsPerClientPerHour: Number(env.SIGNUPS_PER_CLIENT_PER_HOUR ?? 20),
    metrics: {
      token: env.METRICS_TOKEN || null,
      port: env.METRICS_PORT ? Number(env.METRICS_PORT) : null,
      host: env.METRICS_HOST ?? env.HOST ?? '0.0.0.0',
    },
    shutdownTimeoutMs: Number(env.SHUTDOWN_TIMEOUT_MS ?? 10_000),
    realtime: {
      retentionHours: Number(env.REALTIME_RETENTION_HOURS ?? 72),
      sweepMs: Number(env.REALTIME_SWEEP_MS ?? 1000),
      pushDelaySeconds: Number(env.REALTIME_PUSH_DELAY_SECONDS ?? 5),
      redeliverSeconds: Number(env.REALTIME_REDELIVER_SECONDS ?? 30),
      dispatch: env.REALTIME_DISPATCH !== '0',
    },
    connections: {
      authTimeoutSeconds: Number(env.CONNECTION_AUTH_TIMEOUT_SECONDS ?? 120),
      gocardless: {
        secretId: env.GOCARDLESS_SECRET_ID ?? '',
        secretKey: env.GOCARDLESS_SECRET_KEY ?? '',
        apiBase: env.GOCARDLESS_API_BASE || 'https://bankaccountdata.gocardless.com',
        timeoutMs: Number(env.GOCARDLESS_TIMEOUT_MS ?? 15_000),
      },
      enableBanking: {
        applicationId: env.ENABLE_BANKING_APPLICATION_ID ?? '',
        privateKey: env.ENABLE_BANKING_PRIVATE_KEY ?? '',
        apiBase: env.ENABLE_BANKING_API_BASE || 'https://api.enablebanking.com',
        timeoutMs: Number(env.ENABLE_BANKING_TIMEOUT_MS ?? 15_000),
      },
      syncIntervalHours: Number(env.BANK_SYNC_INTERVAL_HOURS ?? 6),
    },
    billing: {
      graceDays: Number(env.SUBSCRIPTION_GRACE_DAYS ?? 15),
      multibancoEntity: env.MULTIBANCO_ENTITY ?? '21098',
      transferIban: env.TRANSFER_IBAN ?? 'PT50000201231234567890154',
      transferBic: env.TRANSFER_BIC ?? 'CGDIPTPL',
      transferBeneficiary: env.TRANSFER_BENEFICIARY ?? 'Fluxo, Lda',
      jobsPollMs: Number(env.JOBS_POLL_MS ?? 30_000),
      stripeSecretKey: env.STRIPE_SECRET_KEY ?? '',
      stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET ?? '',
      stripeApiBase: env.STRIPE_API_BASE || null,
      viesUrl: env.VIES_URL ?? 'https://ec.europa.eu/taxation_customs/vies/rest-api/check-vat-number',
      viesTimeoutMs: Number(env.VIES_TIMEOUT_MS ?? 3000),
    },
    dataExport: {
      retentionHours: Number(env.DATA_EXPORT_RETENTION_HOURS ?? 72),
    },
    invoicing: {
      signingKeyPem: env.BILLING_SIGNING_KEY?.replaceAll('\\n', '\n') || null,
      signingKeyVersion: env.BILLING_SIGNING_KEY_VERSION ?? '1',
      certificateNumber: env.BILLING_CERTIFICATE_NUMBER ?? '0',
      schedulesPollMs: Number(env.BILLING_SCHEDULES_POLL_MS ?? 300_000),
      agtValidationNumber: env.BILLING_AGT_VALIDATION_NUMBER ?? '0',
      producerTaxId: env.BILLING_PRODUCER_TAX_ID || null,
    },
    app: {
      stripeKey: env.STRIPE_KEY ?? '',
      gatewayUrl: env.GATEWAY_URL || null,
      apmServerUrl: env.APM_SERVER_URL ?? '',
      analyticsKey: env.ANALYTICS_KEY ?? '',
      // A GeoIP lookup URL answering a country code; empty means the web app uses the browser language's country.
      locationAPI: env.LOCATION_API ?? '',
      avatarUrl: env.AVATAR_URL ?? '/api/v1/avatars',
      apmEnvironment: env.APM_ENVIRONMENT ?? env.NODE_ENV ?? 'development',
      appVersion: env.APP_VERSION ?? '1.0.35212',
    },
    ...overrides,
  };
}
