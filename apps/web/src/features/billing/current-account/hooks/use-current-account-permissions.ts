import { canFromStrings, PermissionFlag } from '@fluxo/domain/permissions';
import { useMemo } from 'react';
import { useOrganizations } from '../../../organizations/hooks/use-organizations.ts';

/** What the member may do on the current account, to show only the actions the server allows. */
export function useCurrentAccountPermissions() {
  const { selected } = useOrganizations();
  return useMemo(() => {
    const permissions = selected?.permissions ?? [];
    const can = (resource: string, flag: number) => canFromStrings(permissions, resource, flag);
    return {
      currency: selected?.currency ?? 'EUR',
      recordPayment: can('billing.documents', PermissionFlag.CREATE),
      cancelPayment: can('billing.documents', PermissionFlag.DELETE),
      sendReminder: can('billing.outstandingInvoices', PermissionFlag.CREATE),
    };
  }, [selected]);
}
