import { canFromStrings, PermissionFlag } from '@fluxo/domain/permissions';
import { useMemo } from 'react';
import { useOrganizations } from '../../../organizations/hooks/use-organizations.ts';

/** What the member may do on the reconciliation screen, to show only the actions the server allows. */
export function useReconciliationPermissions() {
  const { selected } = useOrganizations();
  return useMemo(() => {
    const permissions = selected?.permissions ?? [];
    const can = (flag: number) => canFromStrings(permissions, 'accounting.reconciliation', flag);
    return { confirm: can(PermissionFlag.CREATE), undo: can(PermissionFlag.DELETE) };
  }, [selected]);
}
