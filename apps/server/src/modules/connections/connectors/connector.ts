import type { ConnectionAuthType, Institution } from '@fluxo/domain';

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

/**
 * A source of bank connections: an aggregator or a bank's own API. The treasury module adds real ones
 * beside the sandbox; each owns a set of institutions.
 */
export interface BankConnector {
  readonly id: string;
  institutions(): readonly Institution[];
  /** Starts two-factor authentication with an institution and returns what to show the user. */
  startAuthentication(input: {
    connectionId: string;
    connectionName: string;
    institutionCode: string;
    authType: ConnectionAuthType;
  }): Promise<AuthChallenge>;
  /** Checks the user's answer to the challenge started with `state`. */
  verifyAnswer(input: {
    authType: ConnectionAuthType;
    state: Record<string, unknown>;
    value: string;
  }): Promise<boolean>;
}

/** Finds institutions across connectors. */
export class ConnectorRegistry {
  private readonly byCode = new Map<string, { connector: BankConnector; institution: Institution }>();

  constructor(connectors: readonly BankConnector[]) {
    for (const connector of connectors) {
      for (const institution of connector.institutions()) {
        if (this.byCode.has(institution.code))
          throw new Error(`Institution ${institution.code} is listed twice`);
        this.byCode.set(institution.code, { connector, institution });
      }
    }
  }

  institutions(): Institution[] {
    return [...this.byCode.values()].map((entry) => entry.institution);
  }

  find(code: string): { connector: BankConnector; institution: Institution } | null {
    return this.byCode.get(code) ?? null;
  }
}
