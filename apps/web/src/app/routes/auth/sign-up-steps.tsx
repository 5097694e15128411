import { Button, Center, Stepper } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { OnboardingForm } from '../../../features/account/components/onboarding-form.tsx';
import { ValidationCodeForm } from '../../../features/account/components/validation-code-form.tsx';
import { useSignOut } from '../../../features/auth/api/sign-out.ts';
import { refreshSession } from '../../../lib/auth/refresh-session.ts';
import { useSession } from '../../../lib/auth/session.ts';

/**
 * /auth/signup/steps, for a signed-in account that is not active: the e-mail code first when the
 * address is not confirmed yet, then the onboarding details. Finishing makes the account active,
 * and the guard moves the user into the app.
 */
export function SignUpStepsRoute() {
  const { t } = useTranslation();
  const session = useSession();
  const signOut = useSignOut();
  const confirmed = useMutation({ mutationFn: refreshSession });
  if (!session) return null;
  const { claims } = session;
  const signOutButton = (
    <Button
      variant="subtle"
      color="gray"
      size="compact-sm"
      onClick={() => signOut.mutate()}
      loading={signOut.isPending}
    >
      {t('NAV.SIGN_OUT')}
    </Button>
  );

  return (
    <>
      <Stepper active={claims.aco ? 1 : 0} size="xs" mb="xl" allowNextStepsSelect={false}>
        <Stepper.Step label={t('AUTH.STEPS.VALIDATE')} />
        <Stepper.Step label={t('AUTH.STEPS.DETAILS')} />
      </Stepper>
      {claims.aco ? (
        <OnboardingForm country={claims.country} currency={claims.currency} />
      ) : (
        <>
          <ValidationCodeForm onValidated={() => confirmed.mutate()} secondaryAction={signOutButton} />
          <ErrorAlert error={confirmed.error} />
        </>
      )}
      {claims.aco && <Center mt="md">{signOutButton}</Center>}
    </>
  );
}
