import type { ConnectionAuthType, Institution, StatementEntry } from '@fluxo/domain';

/** What the user is shown to answer a challenge; `state` stays on the server to check the answer. */
export interface AuthChallenge {
  /** For `question`: the question to answer. */
  question?: string;
  /** For `qrcode`: the code to scan, as an image data URL. */
  qrCode?: string;
  /** The connector's private state for this attempt (stored with the connection, never sent out). */
  state: Record<string, unknown>;
  /** Seconds to answer when this institution sets its own deadline; the configured timeout otherwise. */
  timeoutSeconds?: number;
}

/** A redirect consent just opened at the aggregator: where to send the user, and what it grants. */
export interface ConsentStart {
  /** The aggregator's id for this consent (GoCardless: the requisition), kept in provider_reference. */
  reference: string;
  authorizationUrl: string;
  /** When the access granted will end, as the agreement says (counted from now). */
  consentExpiresAt: Date | null;
}

/** How a redirect consent stands when the user comes back. */
export type ConsentState =
  | {
      status: 'linked';
      /** The consent's id from now on (an aggregator may swap its authorisation id for a session id). */
      reference: string;
      consentExpiresAt: Date | null;
    }
  | { status: 'pending' }
  | { status: 'rejected'; reason: string }
  | { status: 'expired' };

/** A bank account found behind a consent. */
export interface DiscoveredAccount {
  providerAccountId: string;
  name: string;
  iban: string | null;
  currency: string;
}

/** What the bank tells about an account at one sync. */
export interface AccountFeed {
  /** Booked movements only, oldest first, amounts in minor units of the account's currency. */
  entries: StatementEntry[];
  /** The booked balance the bank reports, in minor units, and the day it refers to. */
  balance: { amount: number; date: string } | null;
}

/** Where the connector finds a connection's data. */
export interface ConnectionRef {
  connectionId: string;
  institutionCode: string;
  /** The aggregator's consent id (provider_reference); null for the sandbox. */
  reference: string | null;
}

/**
 * A failure talking to the bank, classified for the sync: `rate_limited` waits (retryAfterSeconds),
 * `consent_expired` needs a renewal by the user, `unavailable` is retried at the next sync.
 */
export class BankFeedError extends Error {
  constructor(
    readonly kind: 'rate_limited' | 'consent_expired' | 'unavailable',
    message: string,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = 'BankFeedError';
  }
}

/**
 * A source of bank connections: an aggregator or a bank's own API, owning a set of institutions. Two
 * ways to consent exist: a two-factor `challenge` answered inside Fluxo (the sandbox), or a `redirect`
 * to the bank through the aggregator's link (PSD2). Either way, a connected connection then yields
 * accounts and their movements.
 */
export interface BankConnector {
  /** Also the `provider` stored on the connection. */
  readonly id: string;
  readonly consentFlow: 'challenge' | 'redirect';
  /** Institutions known without asking anyone (the sandbox's); aggregators answer `listInstitutions`. */
  institutions(): readonly Institution[];
  /** Institutions of a country (every country served when absent), asking the aggregator if need be. */
  listInstitutions?(country: string | undefined): Promise<Institution[]>;
  /** One of its institutions by code, or null when the code is not its own. */
  findInstitution?(code: string): Promise<Institution | null>;

  // Challenge flow
  /** Starts two-factor authentication with an institution and returns what to show the user. */
  startAuthentication?(input: {
    connectionId: string;
    connectionName: string;
    institutionCode: string;
    authType: ConnectionAuthType;
  }): Promise<AuthChallenge>;
  /** Checks the user's answer to the challenge started with `state`. */
  verifyAnswer?(input: {
    authType: ConnectionAuthType;
    state: Record<string, unknown>;
    value: string;
  }): Promise<boolean>;

  // Redirect flow
  /** Opens a consent at the aggregator; the bank sends the user back to `redirectUrl`. */
  startConsent?(input: {
    connectionId: string;
    institutionCode: string;
    redirectUrl: string;
    language: string;
  }): Promise<ConsentStart>;
  /**
   * How the consent `reference` stands once the user is back, given what the bank's redirect carried
   * (`code` for aggregators that hand one, `error` when the user or the bank refused).
   */
  completeConsent?(reference: string, back: { code?: string; error?: string }): Promise<ConsentState>;
  /** Forgets a consent at the aggregator (the connection is deleted or renewed); best effort. */
  revokeConsent?(reference: string): Promise<void>;

  // Data, once connected
  discoverAccounts(connection: ConnectionRef): Promise<DiscoveredAccount[]>;
  /** Booked movements from `dateFrom` (the whole history the consent allows when null) and the balance. */
  fetchAccount(
    connection: ConnectionRef,
    providerAccountId: string,
    dateFrom: string | null,
  ): Promise<AccountFeed>;
}

/** Finds institutions across connectors. */
export class ConnectorRegistry {
  private readonly byCode = new Map<string, { connector: BankConnector; institution: Institution }>();
  /** Aggregator institutions seen so far, so that names show without asking the aggregator again. */
  private readonly seen = new Map<string, { connector: BankConnector; institution: Institution }>();
  readonly connectors: readonly BankConnector[];

  constructor(connectors: readonly BankConnector[]) {
    this.connectors = connectors;
    for (const connector of connectors) {
      for (const institution of connector.institutions()) {
        if (this.byCode.has(institution.code))
          throw new Error(`Institution ${institution.code} is listed twice`);
        this.byCode.set(institution.code, { connector, institution });
      }
    }
  }

  /** The institutions every connector (or only the one `only` names) offers (for `country`, when given). */
  async institutions(country?: string, only?: string | null): Promise<Institution[]> {
    const own = [...this.byCode.values()]
      .filter((entry) => !only || entry.connector.id === only)
      .map((entry) => entry.institution)
      .filter((institution) => !country || institution.country === country);
    const listed = await Promise.all(
      this.connectors
        .filter((connector) => !only || connector.id === only)
        .map(async (connector) => {
          const found = (await connector.listInstitutions?.(country)) ?? [];
          for (const institution of found) this.seen.set(institution.code, { connector, institution });
          return found;
        }),
    );
    return [...own, ...listed.flat()];
  }

  /** A fixed institution (the sandbox's) or one seen already, without asking any aggregator. */
  find(code: string): { connector: BankConnector; institution: Institution } | null {
    return this.byCode.get(code) ?? this.seen.get(code) ?? null;
  }

  /** Any institution, asking the aggregators for codes that are not fixed ones. */
  async resolve(code: string): Promise<{ connector: BankConnector; institution: Institution } | null> {
    const fixed = this.find(code);
    if (fixed) return fixed;
    for (const connector of this.connectors) {
      const institution = await connector.findInstitution?.(code);
      if (institution) {
        this.seen.set(code, { connector, institution });
        return { connector, institution };
      }
    }
    return null;
  }

  byProvider(provider: string): BankConnector | null {
    return this.connectors.find((connector) => connector.id === provider) ?? null;
  }
}
