import { organizationAddonCostContract, userAddonCostContract } from '@fluxo/domain/addons/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client.ts';

export type AddonTarget =
  | { scope: 'user'; userId: string }
  | { scope: 'organization'; organizationId: string };

export const addonKeys = {
  all: ['addons'] as const,
  cost: (key: string, target: AddonTarget) =>
    [
      ...addonKeys.all,
      'cost',
      key,
      target.scope,
      target.scope === 'user' ? target.userId : target.organizationId,
    ] as const,
  payments: () => [...addonKeys.all, 'payments'] as const,
};

/** The cost of one unit of an add-on for a user or an organization (always asked afresh). */
export const addonCostQueryOptions = (key: string, target: AddonTarget) =>
  queryOptions({
    queryKey: addonKeys.cost(key, target),
    queryFn: () =>
      target.scope === 'user'
        ? apiRequest(userAddonCostContract, { params: { id: target.userId }, query: { key } })
        : apiRequest(organizationAddonCostContract, {
            params: { id: target.organizationId },
            query: { key },
            organizationId: target.organizationId,
          }),
    staleTime: 0,
  });
