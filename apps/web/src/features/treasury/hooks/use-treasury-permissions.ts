import { canFromStrings, PermissionFlag } from '@fluxo/domain/permissions';
import { useMemo } from 'react';
import { useOrganizations } from '../../organizations/hooks/use-organizations.ts';

/** What the member may do in the organization in use, for showing only the actions the server allows. */
export function useTreasuryPermissions() {
  const { selected } = useOrganizations();
  return useMemo(() => {
    const permissions = selected?.permissions ?? [];
    const can = (resource: string, flag: number) => canFromStrings(permissions, resource, flag);
    return {
      currency: selected?.currency ?? 'EUR',
      viewCash: can('treasury.cash', PermissionFlag.VIEW),
      createAccount: can('treasury.cash', PermissionFlag.CREATE),
      editAccount: can('treasury.cash', PermissionFlag.EDIT),
      importStatement: can('treasury.cash', PermissionFlag.CREATE),
      refresh: can('treasury.refreshData', PermissionFlag.VIEW),
      viewPos: can('treasury.pos', PermissionFlag.VIEW),
      createPos: can('treasury.pos', PermissionFlag.CREATE),
      editPos: can('treasury.pos', PermissionFlag.EDIT),
    };
  }, [selected]);
}
