import { isLanguage } from '@fluxo/domain/languages';
import { Alert, Button, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { SectionLoader } from '../../../components/full-page-loader.tsx';
import { encryptPassword } from '../../../lib/auth/encrypt-password.ts';
import { refreshSession } from '../../../lib/auth/refresh-session.ts';
import { setSelectedOrganizationId, setSession, useSession } from '../../../lib/auth/session.ts';
import { hrefFor, isMobilePath, paths } from '../../../lib/paths.ts';
import { organizationsKeys } from '../../organizations/api/get-organizations.ts';
import { useAcceptInvitation, useInvitationLookup, useSignupWithInvitation } from '../api/teams.ts';

/**
 * The invitation link (/invitations/accept?token=…, and under /m): a signed-out visitor with no
 * account signs up here and joins; one with an account signs in first and comes back; a signed-in
 * user whose e-mail the invitation names joins with one click.
 */
export function AcceptInvitationRoute() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const lookup = useInvitationLookup(token);

  return (
    <Stack gap="lg" maw={440} w="100%" mx="auto" py="xl">
      <Title order={1} fz={28}>
        {t('TEAMS.ACCEPT.TITLE')}
      </Title>
      {!token ? (
        <Alert color="red" variant="light" role="alert">
          {t('ERRORS.INVITATION_INVALID')}
        </Alert>
      ) : lookup.isPending ? (
        <SectionLoader label={t('COMMON.LOADING')} />
      ) : lookup.isError ? (
        <ErrorAlert error={lookup.error} />
      ) : (
        <>
          <Text>
            {lookup.data.invitedBy
              ? t('TEAMS.ACCEPT.INVITED_BY', {
                  inviter: lookup.data.invitedBy,
                  organization: lookup.data.organizationName,
                })
              : t('TEAMS.ACCEPT.INVITED', { organization: lookup.data.organizationName })}
          </Text>
          <Invitation token={token} email={lookup.data.email} accountExists={lookup.data.accountExists} />
        </>
      )}
    </Stack>
  );
}

function useEnter() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const mobile = isMobilePath(useLocation().pathname);
  return async (organizationId: string) => {
    setSelectedOrganizationId(organizationId);
    await queryClient.invalidateQueries({ queryKey: organizationsKeys.all });
    void navigate(hrefFor(paths.root.getHref(), mobile), { replace: true });
  };
}

function Invitation({
  token,
  email,
  accountExists,
}: {
  token: string;
  email: string;
  accountExists: boolean;
}) {
  const { t } = useTranslation();
  const session = useSession();
  const location = useLocation();
  const mobile = isMobilePath(location.pathname);
  const accept = useAcceptInvitation();
  const enter = useEnter();

  if (session) {
    if (session.claims.uem !== email) {
      return (
        <Alert color="orange" variant="light" role="alert">
          {t('TEAMS.ACCEPT.OTHER_ACCOUNT', { email, current: session.claims.uem })}
        </Alert>
      );
    }
    return (
      <Stack gap="md">
        <ErrorAlert error={accept.error} />
        <Button
          size="md"
          loading={accept.isPending}
          onClick={() =>
            accept.mutate(token, {
              onSuccess: async ({ organizationId }) => {
                // The new membership is in the next token's permissions.
                await refreshSession();
                await enter(organizationId);
              },
            })
          }
        >
          {t('TEAMS.ACCEPT.JOIN')}
        </Button>
      </Stack>
    );
  }

  if (accountExists) {
    return (
      <Stack gap="md">
        <Text size="sm">{t('TEAMS.ACCEPT.SIGN_IN_FIRST', { email })}</Text>
        <Button
          component={Link}
          size="md"
          to={hrefFor(paths.auth.signIn.getHref(`${location.pathname}${location.search}`), mobile)}
        >
          {t('TEAMS.ACCEPT.SIGN_IN')}
        </Button>
      </Stack>
    );
  }
  return <SignUpThroughInvitation token={token} email={email} />;
}

function SignUpThroughInvitation({ token, email }: { token: string; email: string }) {
  const { t, i18n } = useTranslation();
  const signup = useSignupWithInvitation();
  const enter = useEnter();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ name?: string; password?: string }>({});

  return (
    <form
      noValidate
      onSubmit={async (event) => {
        event.preventDefault();
        const found = {
          name: name.trim() ? undefined : t('TEAMS.ACCEPT.NAME_REQUIRED'),
          password: password.length >= 8 ? undefined : t('VALIDATION.PASSWORD_RULES'),
        };
        setErrors(found);
        if (found.name || found.password) return;
        const language = isLanguage(i18n.language) ? i18n.language : 'gb';
        signup.mutate(
          { token, name: name.trim(), password: await encryptPassword(password), language },
          {
            onSuccess: async (response) => {
              setSession(response);
              await enter(response.organizationId);
            },
          },
        );
      }}
    >
      <Stack gap="md">
        <Text size="sm">{t('TEAMS.ACCEPT.SIGN_UP_INTRO')}</Text>
        <TextInput label={t('AUTH.FIELDS.EMAIL')} value={email} readOnly />
        <TextInput
          label={t('TEAMS.ACCEPT.NAME')}
          autoComplete="name"
          required
          value={name}
          error={errors.name}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <PasswordInput
          label={t('AUTH.FIELDS.PASSWORD')}
          autoComplete="new-password"
          required
          value={password}
          error={errors.password}
          visibilityToggleButtonProps={{ 'aria-label': t('AUTH.FIELDS.TOGGLE_PASSWORD') }}
          onChange={(event) => setPassword(event.currentTarget.value)}
        />
        <ErrorAlert error={signup.error} />
        <Button type="submit" size="md" loading={signup.isPending}>
          {t('TEAMS.ACCEPT.SIGN_UP')}
        </Button>
      </Stack>
    </form>
  );
}
