import type { Organization } from '@fluxo/domain/organizations/contracts';
import { useLocation, useNavigate } from 'react-router';
import { hrefFor, isMobilePath, paths } from '../../../lib/paths.ts';
import { firstMenuPath } from '../default-organization.ts';
import {
  hideOrganizationChangeSpinnerAfterRedirect,
  startOrganizationChangeSpinner,
} from './organization-change-spinner.ts';
import { useSwitchOrganization } from './use-switch-organization.ts';

/**
 * Switches to an organization and opens its first menu entry (its menu may lack the current page),
 * with the change spinner. A locked organization cannot be selected (spec §4).
 */
export function useSelectOrganization() {
  const switchOrganization = useSwitchOrganization();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const select = async (organization: Organization) => {
    if (organization.locked) return;
    startOrganizationChangeSpinner();
    await switchOrganization.mutateAsync(organization.id);
    const mobile = isMobilePath(pathname);
    const target = hrefFor(firstMenuPath(organization) ?? paths.app.welcome.getHref(), mobile);
    if (target !== pathname) {
      await navigate(target);
      hideOrganizationChangeSpinnerAfterRedirect();
    }
  };
  return { select, isPending: switchOrganization.isPending };
}
