import { useConnectionEligibility } from '../../../features/connections/api/get-connection-eligibility.ts';
import { useOrganizationDetails } from '../../../features/organizations/api/get-organization.ts';
import { useOrganizations } from '../../../features/organizations/hooks/use-organizations.ts';
import { useSession } from '../../../lib/auth/session.ts';
import { welcomeProgress, welcomeSteps } from './welcome-steps.ts';

/** The welcome page's data, the same on desktop and phone: who, where, and the steps with progress. */
export function useWelcomeSteps() {
  const session = useSession();
  const { all, selected, isPending } = useOrganizations();
  const details = useOrganizationDetails(selected?.id);
  const eligibility = useConnectionEligibility(selected?.id);
  const steps = welcomeSteps({
    profile: session?.claims.pid ?? 0,
    hasOrganization: all.length > 0,
    menuPaths: selected?.menus.flatMap((menu) => menu.subMenus.map((sub) => sub.path)) ?? [],
    organization: details.data ?? null,
    bankConnections: eligibility.data?.connections ?? null,
  });
  return {
    firstName: session?.claims.uname.split(/\s+/)[0] ?? '',
    selected,
    steps,
    progress: welcomeProgress(steps),
    isPending: isPending || (!!selected && (details.isPending || eligibility.isPending)),
  };
}
