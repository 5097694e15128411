import {
  getPluginContract,
  listPluginsContract,
  PermissionFlag,
  savePluginContract,
  setPluginEnabledContract,
  testPluginContract,
} from '@fluxo/domain';
import type { FastifyInstance } from 'fastify';
import type { Access } from '../../platform/access.ts';
import { noteAudit } from '../../platform/audit.ts';
import { requireOrg, requireSession } from '../../platform/guard.ts';
import { addRoute } from '../../platform/route.ts';
import * as plugins from './plugins.service.ts';

const { VIEW, EDIT } = PermissionFlag;

/** /settings/plugins-management: the OrgId organization's integrations, by the settings.plugins grant. */
const PLUGINS_VIEW: Access = {
  kind: 'org',
  resource: 'settings.plugins',
  flag: VIEW,
  detail: 'secrets are never answered: only whether each is set',
};
const PLUGINS_EDIT: Access = { kind: 'org', resource: 'settings.plugins', flag: EDIT };
const PLUGINS_TEST: Access = {
  kind: 'org',
  resource: 'settings.plugins',
  flag: EDIT,
  detail: 'tests the saved configuration (SMTP connects to the saved host)',
};

export function pluginsRoutes(app: FastifyInstance, deps: plugins.PluginsDeps): void {
  addRoute(app, listPluginsContract, PLUGINS_VIEW, async ({ request }) => ({
    plugins: await plugins.listPlugins(deps, requireOrg(request).id),
  }));

  addRoute(app, getPluginContract, PLUGINS_VIEW, async ({ request, params }) =>
    plugins.getPlugin(deps, requireOrg(request).id, params.key),
  );

  addRoute(app, savePluginContract, PLUGINS_EDIT, async ({ request, params, body }) => {
    const { state, audit } = await plugins.savePlugin(deps, {
      organizationId: requireOrg(request).id,
      userId: requireSession(request).userId,
      key: params.key,
      body,
    });
    noteAudit(request, {
      action: audit.secretsChanged ? 'secret.change' : 'settings.change',
      entity: 'settings.plugins',
      entityId: params.key,
      changes: audit.changes,
      secretFields: audit.secretFields,
    });
    return state;
  });

  addRoute(app, setPluginEnabledContract, PLUGINS_EDIT, async ({ request, params, body }) => {
    const before = await plugins.getPlugin(deps, requireOrg(request).id, params.key);
    const state = await plugins.setPluginEnabled(deps, {
      organizationId: requireOrg(request).id,
      userId: requireSession(request).userId,
      key: params.key,
      enabled: body.enabled,
    });
    noteAudit(request, {
      action: 'settings.change',
      entity: 'settings.plugins',
      entityId: params.key,
      changes:
        before.enabled === state.enabled ? {} : { enabled: { before: before.enabled, after: state.enabled } },
    });
    return state;
  });

  addRoute(app, testPluginContract, PLUGINS_TEST, async ({ request, params }) => {
    noteAudit(request, { action: 'test', entity: 'settings.plugins', entityId: params.key });
    return plugins.testPlugin(deps, requireOrg(request).id, params.key);
  });
}
