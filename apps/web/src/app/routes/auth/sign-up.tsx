import { Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ValidationCodeForm } from '../../../features/account/components/validation-code-form.tsx';
import { SignUpForm } from '../../../features/auth/components/sign-up-form.tsx';
import { paths } from '../../../lib/paths.ts';

/**
 * Sign-up, then the validation code mailed to the new address (kept in the URL, so a reload or the
 * link back from the mail lands on the same step), then sign-in.
 */
export function SignUpRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const email = search.get('step') === 'validate' ? search.get('email') : null;

  if (email) {
    return (
      <ValidationCodeForm
        email={email}
        onValidated={() => navigate(paths.auth.signIn.getHref(), { state: { email, validated: true } })}
        secondaryAction={
          <Anchor component={Link} to={paths.auth.signIn.getHref()} size="sm">
            {t('AUTH.VALIDATE.BACK_TO_SIGNIN')}
          </Anchor>
        }
      />
    );
  }
  return <SignUpForm onSignedUp={(address) => navigate(paths.auth.signUp.getHref(address))} />;
}
