import { canFromStrings, PermissionFlag } from '@fluxo/domain/permissions';
import { useMemo } from 'react';
import { useOrganizations } from '../../../organizations/hooks/use-organizations.ts';

/** What the member may do in the catalogue, to show only the actions the server allows. */
export function useCataloguePermissions() {
  const { selected } = useOrganizations();
  return useMemo(() => {
    const permissions = selected?.permissions ?? [];
    const can = (resource: string, flag: number) => canFromStrings(permissions, resource, flag);
    return {
      country: selected?.country ?? 'PT',
      currency: selected?.currency ?? 'EUR',
      create: can('billing.documents', PermissionFlag.CREATE),
      edit: can('billing.documents', PermissionFlag.EDIT),
      viewConfigs: can('billing.configs', PermissionFlag.VIEW),
      createConfigs: can('billing.configs', PermissionFlag.CREATE),
      editConfigs: can('billing.configs', PermissionFlag.EDIT),
    };
  }, [selected]);
}
