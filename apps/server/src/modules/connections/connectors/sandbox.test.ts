import { describe, expect, it } from 'vitest';
import { ConnectorRegistry } from './connector.ts';
import { SANDBOX_ANSWERS, sandboxConnector } from './sandbox.ts';
import { SANDBOX_ACCOUNTS, sandboxFeed } from './sandbox-feed.ts';

const start = (authType: 'token' | 'question' | 'qrcode' | 'app') =>
  sandboxConnector.startAuthentication({
    connectionId: '6f1c2b9e-0000-4000-8000-000000000001',
    connectionName: 'Conta',
    institutionCode: 'FLUXO_SANDBOX',
    authType,
  });

describe('Fluxo Sandbox Bank', () => {
  it('shows a question for question and a PNG QR code for qrcode, nothing for token and app', async () => {
    expect((await start('question')).question).toMatch(/\?$/);
    expect((await start('qrcode')).qrCode).toMatch(/^data:image\/png;base64,/);
    for (const authType of ['token', 'app'] as const) {
      const challenge = await start(authType);
      expect(challenge.question).toBeUndefined();
      expect(challenge.qrCode).toBeUndefined();
    }
  });

  it('accepts exactly its fixed answers', async () => {
    for (const authType of ['token', 'question', 'qrcode', 'app'] as const) {
      const { state } = await start(authType);
      expect(await sandboxConnector.verifyAnswer({ authType, state, value: SANDBOX_ANSWERS[authType] })).toBe(
        true,
      );
      expect(await sandboxConnector.verifyAnswer({ authType, state, value: 'nope' })).toBe(false);
    }
    const { state } = await start('question');
    expect(await sandboxConnector.verifyAnswer({ authType: 'question', state, value: '  Fluxo ' })).toBe(
      true,
    );
    expect(await sandboxConnector.verifyAnswer({ authType: 'token', state, value: '123457' })).toBe(false);
  });

  it('is found by its institution code, and a code cannot be listed twice', () => {
    const registry = new ConnectorRegistry([sandboxConnector]);
    expect(registry.find('FLUXO_SANDBOX')?.institution.name).toBe('Fluxo Sandbox Bank');
    expect(registry.find('NOPE')).toBeNull();
    expect(() => new ConnectorRegistry([sandboxConnector, sandboxConnector])).toThrow(/twice/);
  });
});

describe('Fluxo Sandbox Bank accounts and movements', () => {
  const ref = { connectionId: 'c', institutionCode: 'FLUXO_SANDBOX', reference: null };

  it('has two PT accounts, and the same movements each time', async () => {
    const accounts = await sandboxConnector.discoverAccounts(ref);
    expect(accounts.map((a) => a.iban)).toEqual(['PT50001800031234567890182', 'PT50001800031234567890279']);
    const once = await sandboxConnector.fetchAccount(ref, 'sandbox-current', null);
    const twice = await sandboxConnector.fetchAccount(ref, 'sandbox-current', null);
    expect(twice).toEqual(once);
    expect(once.entries.length).toBeGreaterThan(50);
    expect(new Set(once.entries.map((e) => e.providerTransactionId)).size).toBe(once.entries.length);
    expect(once.entries.every((e) => Number.isInteger(e.amount))).toBe(true);
  });

  it('a later window is part of the history, and the balance is the same whatever was asked', () => {
    const account = SANDBOX_ACCOUNTS[0]!;
    const today = new Date('2026-11-24T12:00:00Z');
    const all = sandboxFeed(account, null, today);
    const recent = sandboxFeed(account, '2026-11-01', today);
    expect(recent.balance).toEqual(all.balance);
    const ids = new Set(all.entries.map((e) => e.providerTransactionId));
    expect(recent.entries.every((e) => ids.has(e.providerTransactionId))).toBe(true);
    expect(recent.entries.every((e) => e.bookingDate >= '2026-11-01')).toBe(true);
    // The next day brings its own movements and keeps yesterday's.
    const tomorrow = sandboxFeed(account, null, new Date('2026-11-25T12:00:00Z'));
    const movedBy = tomorrow.entries
      .filter((e) => e.bookingDate === '2026-11-25')
      .reduce((sum, e) => sum + e.amount, 0);
    expect(tomorrow.balance!.amount - all.balance!.amount).toBe(movedBy);
  });
});
