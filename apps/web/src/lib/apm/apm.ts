/**
 * Real User Monitoring (spec §3: `apmServerUrl`, `apmEnvironment` in `GET /home/configuration`). The
 * Elastic APM agent is its own chunk, fetched only when the server names an APM server: without one
 * nothing loads and nothing is sent. Only an absolute http(s) address counts — the server's
 * Content-Security-Policy allows exactly that origin in connect-src.
 */
export interface ApmSettings {
  serverUrl: string;
  environment: string;
  serviceVersion: string;
}

export const APM_SERVICE_NAME = 'fluxo-web';

export function apmSettingsOf(configuration: Record<string, unknown> | null | undefined): ApmSettings | null {
  const serverUrl = typeof configuration?.apmServerUrl === 'string' ? configuration.apmServerUrl.trim() : '';
  if (!/^https?:\/\/[^/\s]/i.test(serverUrl)) return null;
  try {
    new URL(serverUrl);
  } catch {
    return null;
  }
  const environment = typeof configuration?.apmEnvironment === 'string' ? configuration.apmEnvironment : '';
  const serviceVersion = typeof configuration?.appVersion === 'string' ? configuration.appVersion : '';
  return { serverUrl: serverUrl.replace(/\/+$/, ''), environment, serviceVersion };
}

type Agent = Pick<typeof import('@elastic/apm-rum'), 'init'>;

let started = false;

/** Starts the agent once, when configured; says whether it did. */
export async function startApm(
  configuration: Record<string, unknown> | null | undefined,
  load: () => Promise<Agent> = () => import('@elastic/apm-rum'),
): Promise<boolean> {
  const settings = apmSettingsOf(configuration);
  if (!settings || started) return false;
  started = true;
  const { init } = await load();
  init({
    serviceName: APM_SERVICE_NAME,
    serverUrl: settings.serverUrl,
    serviceVersion: settings.serviceVersion,
    environment: settings.environment,
  });
  return true;
}

/** Tests only: forget that the agent started. */
export function resetApmForTests(): void {
  started = false;
}
