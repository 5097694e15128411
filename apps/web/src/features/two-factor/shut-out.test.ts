// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { isSecondStep } from '../auth/api/sign-in.ts';
import { isShutOut } from './api/two-factor.ts';

const status = (enabled: boolean, organizations: { id: string; required: boolean; owner?: boolean }[]) => ({
  enabled,
  enabledAt: enabled ? '2026-11-24T20:00:00.000Z' : null,
  recoveryCodesLeft: enabled ? 10 : 0,
  organizations: organizations.map((org) => ({ name: org.id, owner: false, ...org })),
});

describe('two-factor in the web app', () => {
  it('shuts a member out of an organization that requires two-factor until it is on', () => {
    const requiring = [
      { id: 'org-a', required: true },
      { id: 'org-b', required: false, owner: true },
    ];
    expect(isShutOut(status(false, requiring), 'org-a')).toBe(true);
    expect(isShutOut(status(false, requiring), 'org-b')).toBe(false);
    expect(isShutOut(status(false, requiring), 'org-c')).toBe(false);
    expect(isShutOut(status(false, requiring), null)).toBe(false);
    expect(isShutOut(status(true, requiring), 'org-a')).toBe(false);
    expect(isShutOut(undefined, 'org-a')).toBe(false);
  });

  it('tells the second step of sign-in from a session', () => {
    expect(isSecondStep({ twoFactorRequired: true, twoFactorToken: 't', expiresInSeconds: 300 })).toBe(true);
    expect(isSecondStep({ auth_token: 't', id: 'u' })).toBe(false);
    expect(isSecondStep(undefined)).toBe(false);
  });
});
