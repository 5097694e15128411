import { randomId } from '@fluxo/domain/format/ids';
import { useEffect } from 'react';
import { startApm } from '../../lib/apm/apm.ts';
import { ensureAnalyticsCookie, storeCampaignCookies } from '../../lib/cookies/cookies.ts';
import {
  BUILT_VERSION,
  fetchAppConfiguration,
  fetchServerVersion,
  startVersionCheck,
} from '../../lib/version-check/version-check.ts';

/**
 * What runs behind every screen: campaign cookies from the address, the analytics cookie when an
 * analytics key is configured, the APM agent when an APM server is, and the version check (spec §3, §4, §9).
 */
export function BackgroundTasks() {
  useEffect(() => {
    storeCampaignCookies();
    void fetchAppConfiguration()
      .then((configuration) => {
        ensureAnalyticsCookie(
          typeof configuration?.analyticsKey === 'string' ? configuration.analyticsKey : null,
          () => randomId(24),
        );
        return startApm(configuration);
      })
      .catch(() => undefined);
    return startVersionCheck({
      builtVersion: BUILT_VERSION,
      fetchVersion: fetchServerVersion,
      reload: () => window.location.reload(),
    });
  }, []);
  return null;
}
