import { describe, expect, it } from 'vitest';
import { ConnectorRegistry } from './connector.ts';
import { SANDBOX_ANSWERS, sandboxConnector } from './sandbox.ts';

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
