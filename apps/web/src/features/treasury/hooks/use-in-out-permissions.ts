import { canFromStrings, PermissionFlag } from '@fluxo/domain/permissions';
import { useMemo } from 'react';
import { useFeatureFlags } from '../../home/api/get-feature-flags.ts';
import { useOrganizations } from '../../organizations/hooks/use-organizations.ts';

/**
 * What the member may do on the movements screen, from their grants in the organization in use: the
 * screen hides the actions they may not take (the server refuses them anyway).
 */
export function useInOutPermissions() {
  const { selected } = useOrganizations();
  const flags = useFeatureFlags();
  const subTransactionsOn = flags.data?.subTransactionsFeature ?? false;
  return useMemo(() => {
    const grants = selected?.permissions ?? [];
    const can = (resource: string, flag: number) => canFromStrings(grants, resource, flag);
    return {
      editMovements: can('treasury.inOut', PermissionFlag.EDIT),
      createMovements: can('treasury.inOut', PermissionFlag.CREATE),
      deleteMovements: can('treasury.inOut', PermissionFlag.DELETE),
      split: subTransactionsOn && can('treasury.subTransaction', PermissionFlag.EDIT),
      viewDocuments: can('treasury.digitalDocs', PermissionFlag.VIEW),
      addDocuments: can('treasury.digitalDocs', PermissionFlag.CREATE),
      deleteDocuments: can('treasury.digitalDocs', PermissionFlag.DELETE),
      viewRules: can('treasury.cashConfigs', PermissionFlag.VIEW),
      editRules:
        can('treasury.cashConfigs', PermissionFlag.EDIT) &&
        can('treasury.cashConfigs', PermissionFlag.CREATE),
      createCategories: can('organization.categories', PermissionFlag.CREATE),
      editCategories: can('organization.categories', PermissionFlag.EDIT),
      deleteCategories: can('organization.categories', PermissionFlag.DELETE),
      createMerchants: can('organization.merchants', PermissionFlag.CREATE),
      editMerchants: can('organization.merchants', PermissionFlag.EDIT),
      deleteMerchants: can('organization.merchants', PermissionFlag.DELETE),
    };
  }, [selected?.permissions, subTransactionsOn]);
}

export type InOutPermissions = ReturnType<typeof useInOutPermissions>;
