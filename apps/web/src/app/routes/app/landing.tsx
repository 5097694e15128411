import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { SectionLoader } from '../../../components/full-page-loader.tsx';
import { useIntroPage } from '../../../features/account/api/get-intro-page.ts';
import { firstMenuPath } from '../../../features/organizations/default-organization.ts';
import { useOrganizations } from '../../../features/organizations/hooks/use-organizations.ts';
import { useSession } from '../../../lib/auth/session.ts';
import { hrefFor, isMobilePath } from '../../../lib/paths.ts';
import { readStorage, STORAGE_KEYS, writeStorage } from '../../../lib/storage.ts';
import { landingTarget } from '../../routing-rules.ts';

/** Spec §2 post-login landing (landingTarget); a saved redirect_url is used once. */
export function LandingRoute() {
  const { t } = useTranslation();
  const session = useSession();
  const mobile = isMobilePath(useLocation().pathname);
  const { all, selected, isPending, isError } = useOrganizations();
  const introPage = useIntroPage(session?.claims.sub ?? '');
  const redirectUrl = readStorage(STORAGE_KEYS.redirectUrl);
  const ready = !(isPending && !isError) && !introPage.isPending;
  useEffect(() => {
    if (ready) writeStorage(STORAGE_KEYS.redirectUrl, null);
  }, [ready]);
  if (!ready) return <SectionLoader label={t('COMMON.LOADING')} />;

  const target = landingTarget({
    allLocked: all.length > 0 && all.every((organization) => organization.locked),
    introPage: typeof introPage.data === 'string' ? introPage.data : null,
    redirectUrl,
    firstMenuPath: firstMenuPath(selected),
  });
  return <Navigate to={hrefFor(target, mobile)} replace />;
}
