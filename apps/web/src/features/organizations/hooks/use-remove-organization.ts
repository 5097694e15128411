import type { Organization } from '@fluxo/domain/organizations/contracts';
import { createElement } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiErrorMessage } from '../../../components/api-error-message.tsx';
import { openRemoveOrganizationDialog } from '../../../components/dialogs/remove-organization-dialog.tsx';
import { showError, showSuccess } from '../../../components/widgets/toasts.ts';
import { setSelectedOrganizationId, useSession } from '../../../lib/auth/session.ts';
import { useDeleteOrganization } from '../api/delete-organization.ts';
import { DataExport } from '../components/data-export.tsx';

/**
 * Removes an organization the user owns, once confirmed with its VAT number (or, for one without a
 * VAT number, the owner's e-mail) — spec §2, §5. Another organization is then selected by default.
 */
export function useRemoveOrganization(): (organization: Organization) => Promise<void> {
  const { t } = useTranslation();
  const session = useSession();
  const remove = useDeleteOrganization();
  return async (organization) => {
    const confirmation = await openRemoveOrganizationDialog({
      organizationName: organization.name,
      // The owner may first download everything the organization holds.
      before: createElement(DataExport, {
        organizationId: organization.id,
        beforeRemoval: true,
        compact: true,
      }),
      confirmation: organization.vatNumber.trim()
        ? { kind: 'vat', vatNumber: organization.vatNumber }
        : { kind: 'email', ownerEmail: session?.claims.uem ?? '' },
    });
    if (confirmation === null) return;
    try {
      await remove.mutateAsync({ id: organization.id, confirmation });
      setSelectedOrganizationId(null);
      showSuccess({ message: t('DIALOGS.REMOVE_ORGANIZATION.DONE', { name: organization.name }) });
    } catch (error) {
      showError({
        title: t('DIALOGS.REMOVE_ORGANIZATION.FAILED'),
        message: createElement(ApiErrorMessage, { error }),
      });
    }
  };
}
