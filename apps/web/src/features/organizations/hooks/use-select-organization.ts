import type { Organization } from '@fluxo/domain/organizations/contracts';
import { useNavigate } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { firstMenuPath } from '../default-organization.ts';
import { useSwitchOrganization } from './use-switch-organization.ts';

/** Switches to an organization and opens its first menu entry (its menu may lack the current page). */
export function useSelectOrganization() {
  const switchOrganization = useSwitchOrganization();
  const navigate = useNavigate();
  const select = async (organization: Organization) => {
    await switchOrganization.mutateAsync(organization.id);
    await navigate(firstMenuPath(organization) ?? paths.app.welcome.getHref());
  };
  return { select, isPending: switchOrganization.isPending };
}
