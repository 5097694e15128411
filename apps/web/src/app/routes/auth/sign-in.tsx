import { useLocation } from 'react-router';
import { SignInForm } from '../../../features/auth/components/sign-in-form.tsx';

/** Navigation state left by the sign-up flow once the account is validated. */
interface SignInState {
  email?: string;
  validated?: boolean;
}

/** Where the user goes once signed in is the guards' business (GuestOnly), not the form's. */
export function SignInRoute() {
  const state = (useLocation().state ?? {}) as SignInState;
  return <SignInForm initialEmail={state.email} validated={state.validated === true} />;
}
