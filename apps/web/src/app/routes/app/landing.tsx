import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { SectionLoader } from '../../../components/full-page-loader.tsx';
import { useIntroPage } from '../../../features/account/api/get-intro-page.ts';
import { firstMenuPath } from '../../../features/organizations/default-organization.ts';
import { useOrganizations } from '../../../features/organizations/hooks/use-organizations.ts';
import { useSession } from '../../../lib/auth/session.ts';
import { paths } from '../../../lib/paths.ts';

/**
 * Spec §2 post-login landing (redirect_url is honoured by the sign-in guard before this): welcome
 * when every organization is locked; dashboards when the user chose it as intro page; else the first
 * entry of the selected organization's menu; else welcome.
 */
export function LandingRoute() {
  const { t } = useTranslation();
  const session = useSession();
  const { all, selected, isPending, isError } = useOrganizations();
  const introPage = useIntroPage(session?.claims.sub ?? '');
  if ((isPending && !isError) || introPage.isPending) return <SectionLoader label={t('COMMON.LOADING')} />;

  const allLocked = all.length > 0 && all.every((organization) => organization.locked);
  const target = allLocked
    ? paths.app.welcome.getHref()
    : introPage.data === 'dashboards'
      ? paths.app.dashboards.getHref()
      : (firstMenuPath(selected) ?? paths.app.welcome.getHref());
  return <Navigate to={target} replace />;
}
