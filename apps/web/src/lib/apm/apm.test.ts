import { afterEach, describe, expect, it, vi } from 'vitest';
import { APM_SERVICE_NAME, apmSettingsOf, resetApmForTests, startApm } from './apm.ts';

afterEach(() => resetApmForTests());

describe('APM agent (spec §3 apmServerUrl)', () => {
  it('settings only for an absolute http(s) server address', () => {
    expect(
      apmSettingsOf({
        apmServerUrl: ' https://apm.example:8200/ ',
        apmEnvironment: 'production',
        appVersion: '1.0.1',
      }),
    ).toEqual({ serverUrl: 'https://apm.example:8200', environment: 'production', serviceVersion: '1.0.1' });
    for (const apmServerUrl of [
      '',
      '   ',
      '/apm',
      'apm.example',
      'javascript:alert(1)',
      'https://',
      42,
      null,
    ]) {
      expect(apmSettingsOf({ apmServerUrl }), String(apmServerUrl)).toBeNull();
    }
    expect(apmSettingsOf(null)).toBeNull();
  });

  it('not configured: the agent is never fetched', async () => {
    const load = vi.fn();
    expect(await startApm({ apmServerUrl: '' }, load)).toBe(false);
    expect(await startApm(null, load)).toBe(false);
    expect(load).not.toHaveBeenCalled();
  });

  it('configured: fetched once and started with the server, environment and version', async () => {
    const init = vi.fn();
    const load = vi.fn(async () => ({ init }));
    const configuration = {
      apmServerUrl: 'http://apm.local:8200',
      apmEnvironment: 'staging',
      appVersion: '2.0.0',
    };
    expect(await startApm(configuration, load)).toBe(true);
    expect(await startApm(configuration, load)).toBe(false);
    expect(load).toHaveBeenCalledTimes(1);
    expect(init).toHaveBeenCalledWith({
      serviceName: APM_SERVICE_NAME,
      serverUrl: 'http://apm.local:8200',
      environment: 'staging',
      serviceVersion: '2.0.0',
    });
  });
});
