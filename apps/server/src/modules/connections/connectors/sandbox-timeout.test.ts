import { describe, expect, it } from 'vitest';
import { sandboxConnector, sandboxTimeoutOf } from './sandbox.ts';

describe('sandbox per-connection deadline', () => {
  it('reads "[timeout=Ns]" at the end of the connection name, within 1–3600 s', () => {
    expect(sandboxTimeoutOf('Late [timeout=3s]')).toBe(3);
    expect(sandboxTimeoutOf('Late [timeout=45]')).toBe(45);
    expect(sandboxTimeoutOf('Main account')).toBeUndefined();
    expect(sandboxTimeoutOf('Late [timeout=0s]')).toBeUndefined();
    expect(sandboxTimeoutOf('Late [timeout=9999s]')).toBeUndefined();
    expect(sandboxTimeoutOf('[timeout=3s] in front')).toBeUndefined();
  });

  it('hands the deadline to the service with the challenge', async () => {
    const challenge = await sandboxConnector.startAuthentication({
      connectionId: 'c',
      connectionName: 'Quick [timeout=5s]',
      institutionCode: 'FLUXO_SANDBOX',
      authType: 'token',
    });
    expect(challenge.timeoutSeconds).toBe(5);
    const plain = await sandboxConnector.startAuthentication({
      connectionId: 'c',
      connectionName: 'Plain',
      institutionCode: 'FLUXO_SANDBOX',
      authType: 'question',
    });
    expect(plain.timeoutSeconds).toBeUndefined();
  });
});
