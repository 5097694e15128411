import { canFromStrings, PermissionFlag } from '@fluxo/domain/permissions';
import { useMemo } from 'react';
import { useOrganizations } from '../../../organizations/hooks/use-organizations.ts';

/**
 * What the member may do on the billing documents screen (spec §6: billing.documents and
 * billing.configs). The screen hides what they may not do; the server refuses it anyway.
 */
export function useBillingPermissions() {
  const { selected } = useOrganizations();
  return useMemo(() => {
    const grants = selected?.permissions ?? [];
    const can = (resource: string, flag: number) => canFromStrings(grants, resource, flag);
    return {
      view: can('billing.documents', PermissionFlag.VIEW),
      create: can('billing.documents', PermissionFlag.CREATE),
      edit: can('billing.documents', PermissionFlag.EDIT),
      /** Deleting a draft and cancelling an issued document. */
      remove: can('billing.documents', PermissionFlag.DELETE),
      viewConfigs: can('billing.configs', PermissionFlag.VIEW),
    };
  }, [selected?.permissions]);
}

export type BillingPermissions = ReturnType<typeof useBillingPermissions>;

/** The organization in use: its country decides the tax region and the exemption list. */
export function useBillingOrganization() {
  const { selected } = useOrganizations();
  return {
    country: selected?.country ?? 'PT',
    currency: (selected?.currency ?? 'EUR').trim(),
    region: selected?.country === 'AO' ? ('AO' as const) : ('PT' as const),
  };
}
