import type { APIRequestContext } from '@playwright/test';
import { api, apiToken } from './session.ts';

/**
 * The demo owner's token and Fluxo Demo's id, with the dashboard layout put back to the default (every
 * widget available) so that each journey starts from the same page whatever ran before.
 */
export async function demoDashboard(request: APIRequestContext) {
  const token = await apiToken(request, 'demo@fluxo.example');
  const organizations = await api<{ myOrgs: { id: string; name: string }[] }>(
    request,
    token,
    'GET',
    '/api/v1/organizations/all',
  );
  const organizationId = organizations.myOrgs.find((org) => org.name === 'Fluxo Demo, Lda')!.id;
  const dashboard = await api<{ available: string[] }>(request, token, 'GET', '/api/v1/dashboards', {
    organizationId,
  });
  await api(request, token, 'PUT', '/api/v1/dashboards/layout', {
    organizationId,
    data: { widgets: dashboard.available },
  });
  return { token, organizationId, available: dashboard.available };
}
