import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { clearSession } from '../../lib/auth/session.ts';
import { onApiError } from '../../lib/errors/api-error-events.ts';
import { hrefFor, isMobilePath, paths } from '../../lib/paths.ts';
import { STORAGE_KEYS, writeStorage } from '../../lib/storage.ts';
import { ErrorReference } from '../api-error-message.tsx';

// Loaded when first needed: the sign-in screen never pays for the modal.
const IdleSessionDialog = lazy(() =>
  import('../dialogs/idle-session-dialog.tsx').then((m) => ({ default: m.IdleSessionDialog })),
);

/**
 * Spec §8's app-wide reactions to failed calls: 401 → idle-session dialog, then sign-in with
 * redirect_url; 403 → /unauthorized (TWO_FACTOR_REQUIRED → two-factor enrolment); 402 → /404notfound; an error answer without a body → the
 * generic error toast. Mounted once, in the root layout.
 */
export function AppErrorHandling() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [idle, setIdle] = useState(false);
  const wanted = location.pathname + location.search;
  // Read by the listener without subscribing it again on every navigation.
  const pathname = useRef(location.pathname);
  pathname.current = location.pathname;

  useEffect(
    () =>
      onApiError(({ action, requestId }) => {
        if (action === 'idle') setIdle(true);
        else if (action === 'unauthorized') navigate(paths.unauthorized.getHref());
        else if (action === 'two-factor')
          navigate(hrefFor(paths.app.settings.security.getHref(true), isMobilePath(pathname.current)));
        else if (action === 'not-found') navigate(paths.notFound.getHref());
        else if (action === 'generic-toast') {
          void import('./toasts.ts').then(({ showError }) =>
            showError({
              title: t('GENERIC_ERROR.TITLE'),
              message: (
                <>
                  {t('GENERIC_ERROR.MESSAGE')}
                  <ErrorReference id={requestId} />
                </>
              ),
            }),
          );
        }
      }),
    [navigate, t],
  );

  if (!idle) return null;
  return (
    <Suspense fallback={null}>
      <IdleSessionDialog
        opened
        onConfirm={() => {
          setIdle(false);
          writeStorage(STORAGE_KEYS.redirectUrl, wanted);
          clearSession('expired');
          navigate(paths.auth.signIn.getHref(wanted), { replace: true });
        }}
      />
    </Suspense>
  );
}
