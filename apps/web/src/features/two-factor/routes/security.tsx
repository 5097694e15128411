import { Alert, Paper, Stack, Title } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { SectionLoader } from '../../../components/full-page-loader.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { hrefFor, isMobilePath, paths } from '../../../lib/paths.ts';
import { useTwoFactorStatus } from '../api/two-factor.ts';
import { Enrolment } from '../components/enrolment.tsx';
import { OrganizationRequirement } from '../components/organization-requirement.tsx';
import { TwoFactorOn } from '../components/two-factor-on.tsx';

/**
 * User settings › Sign-in security (desktop and /m): two-factor sign-in on or off, recovery codes,
 * and for owners the organizations' requirement. Members of an organization that requires it are
 * sent here (`?required=1`) until they turn it on.
 */
export function SecuritySettingsRoute() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const status = useTwoFactorStatus();
  const navigate = useNavigate();
  const mobile = isMobilePath(useLocation().pathname);
  const requiring = (status.data?.organizations ?? []).filter((org) => org.required && !org.owner);
  const shutOut = !!status.data && !status.data.enabled && (requiring.length > 0 || search.has('required'));

  return (
    <>
      <PageHeader
        eyebrow={t('SHELL.PAGES.SETTINGS_GROUP')}
        title={t('SHELL.PAGES.SETTINGS_SECURITY.TITLE')}
        description={t('SHELL.PAGES.SETTINGS_SECURITY.PURPOSE')}
      />
      {status.isPending ? (
        <SectionLoader label={t('COMMON.LOADING')} />
      ) : status.isError ? (
        <ErrorAlert error={status.error} />
      ) : (
        <Stack gap="lg" maw={760}>
          {shutOut && (
            <Alert
              role="alert"
              color="orange"
              variant="light"
              icon={<IconShieldLock size={18} aria-hidden />}
            >
              {requiring.length > 0
                ? t('TWO_FACTOR.REQUIRED_BY', { names: requiring.map((org) => org.name).join(', ') })
                : t('TWO_FACTOR.REQUIRED')}
            </Alert>
          )}
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
            <Stack gap="md">
              <Title order={2} fz="lg">
                {t('TWO_FACTOR.TITLE')}
              </Title>
              {status.data.enabled ? (
                <TwoFactorOn recoveryCodesLeft={status.data.recoveryCodesLeft} />
              ) : (
                <Enrolment
                  onFinished={async () => {
                    await status.refetch();
                    // Sent here by an organization that requires it: on to the organization now.
                    if (shutOut) void navigate(hrefFor(paths.root.getHref(), mobile), { replace: true });
                  }}
                />
              )}
            </Stack>
          </Paper>
          <OrganizationRequirement status={status.data} />
        </Stack>
      )}
    </>
  );
}
