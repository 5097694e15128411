import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/auth/session.ts';
import { organizationsKeys } from '../api/get-organizations.ts';
import { CreateOrganizationForm } from '../components/create-organization-form.tsx';
import { useSelectOrganization } from './use-select-organization.ts';

const MODAL_ID = 'create-organization';

/** Opens the "create organization" modal; the new organization becomes the selected one. */
export function useCreateOrganizationModal(): () => void {
  const { t } = useTranslation();
  const session = useSession();
  const queryClient = useQueryClient();
  const { select } = useSelectOrganization();

  return () =>
    modals.open({
      modalId: MODAL_ID,
      title: t('ORGANIZATIONS.CREATE.TITLE'),
      size: 'lg',
      children: (
        <CreateOrganizationForm
          defaultCountry={session?.claims.country}
          onCancel={() => modals.close(MODAL_ID)}
          onCreated={async (organization) => {
            // The list must hold the new organization before it is selected, or the stored choice
            // would be taken for a stale one and replaced by the default.
            await queryClient.invalidateQueries({ queryKey: organizationsKeys.all });
            await select(organization);
            modals.close(MODAL_ID);
            notifications.show({
              closeButtonProps: { 'aria-label': t('COMMON.CLOSE') },
              color: 'teal',
              title: t('ORGANIZATIONS.CREATE.DONE_TITLE'),
              message: t('ORGANIZATIONS.CREATE.DONE', { name: organization.name }),
            });
          }}
        />
      ),
    });
}
