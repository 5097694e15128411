import {
  applyRuleContract,
  can,
  createRuleContract,
  deleteRuleContract,
  listRulesContract,
  PermissionFlag,
  previewRuleContract,
  updateRuleContract,
} from '@fluxo/domain';
import type { FastifyInstance } from 'fastify';
import type { Access } from '../../../platform/access.ts';
import { requireOrg } from '../../../platform/guard.ts';
import { addRoute } from '../../../platform/route.ts';
import { onTransactionsCreated } from '../transactions/ingest.ts';
import type { TreasuryDeps } from '../treasury.routes.ts';
import * as rules from './rules.service.ts';
import { viewerOf } from './treasury-viewer.ts';

const configs = (flag: number): Access => ({ kind: 'org', resource: 'treasury.cashConfigs', flag });

export function rulesRoutes(app: FastifyInstance, deps: TreasuryDeps): void {
  const { db } = deps;
  // New movements pass through the rules in the transaction that creates them (imports, sync, manual).
  onTransactionsCreated(rules.applyRulesToNew);

  addRoute(app, listRulesContract, configs(PermissionFlag.VIEW), async ({ request }) =>
    rules.listRules(db, requireOrg(request).id),
  );
  addRoute(app, createRuleContract, configs(PermissionFlag.CREATE), async ({ body, request }) =>
    rules.createRule(db, requireOrg(request).id, body),
  );
  addRoute(app, updateRuleContract, configs(PermissionFlag.EDIT), async ({ params, body, request }) =>
    rules.updateRule(db, requireOrg(request).id, params.id, body),
  );
  addRoute(app, deleteRuleContract, configs(PermissionFlag.DELETE), async ({ params, request }) => {
    await rules.deleteRule(db, requireOrg(request).id, params.id);
    return { deleted: true as const };
  });
  addRoute(
    app,
    previewRuleContract,
    {
      kind: 'org',
      resource: 'treasury.cashConfigs',
      flag: PermissionFlag.VIEW,
      detail: 'movements of the accounts the caller sees',
    },
    async ({ body, request }) => {
      // The sample shows movements: only to those who may see movements (the count is the rule's own).
      const org = requireOrg(request);
      const seesMovements = org.role === 'owner' || can(org.grants, 'treasury.inOut', PermissionFlag.VIEW);
      return rules.previewRule(db, viewerOf(request), body.conditions, seesMovements);
    },
  );
  addRoute(
    app,
    applyRuleContract,
    {
      kind: 'org',
      resource: 'treasury.inOut',
      flag: PermissionFlag.EDIT,
      detail: 'movements of the accounts the caller sees',
    },
    async ({ params, body, request }) => rules.applyRule(db, viewerOf(request), params.id, body.overwrite),
  );
}
