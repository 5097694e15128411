import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { FullPageLoader } from '../components/full-page-loader.tsx';
import { paths } from '../lib/paths.ts';
import { GuestOnly, RequireAuth, RequireInactive } from './guards.tsx';
import { MODULE_PAGES } from './module-pages.ts';
import { RootLayout } from './root-layout.tsx';
import { RouteError } from './route-error.tsx';

/** A route module loaded on first visit: each screen is its own chunk. */
function screen<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async () => ({ Component: pick(await load()) });
}

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <FullPageLoader />,
    children: [
      {
        path: paths.auth.signUpSteps.path,
        element: <RequireInactive />,
        children: [
          {
            lazy: screen(
              () => import('./layouts/auth-layout.tsx'),
              (m) => m.AuthLayout,
            ),
            children: [
              {
                index: true,
                lazy: screen(
                  () => import('./routes/auth/sign-up-steps.tsx'),
                  (m) => m.SignUpStepsRoute,
                ),
              },
            ],
          },
        ],
      },
      {
        path: paths.auth.root.path,
        element: <GuestOnly />,
        children: [
          {
            lazy: screen(
              () => import('./layouts/auth-layout.tsx'),
              (m) => m.AuthLayout,
            ),
            children: [
              { index: true, element: <Navigate to={paths.auth.signIn.getHref()} replace /> },
              {
                path: paths.auth.signIn.path,
                lazy: screen(
                  () => import('./routes/auth/sign-in.tsx'),
                  (m) => m.SignInRoute,
                ),
              },
              {
                path: paths.auth.signUp.path,
                lazy: screen(
                  () => import('./routes/auth/sign-up.tsx'),
                  (m) => m.SignUpRoute,
                ),
              },
            ],
          },
        ],
      },
      {
        element: <RequireAuth />,
        children: [
          {
            lazy: screen(
              () => import('./layouts/app-layout.tsx'),
              (m) => m.AppLayout,
            ),
            children: [
              {
                index: true,
                lazy: screen(
                  () => import('./routes/app/landing.tsx'),
                  (m) => m.LandingRoute,
                ),
              },
              {
                path: paths.app.welcome.path,
                lazy: screen(
                  () => import('./routes/app/welcome.tsx'),
                  (m) => m.WelcomeRoute,
                ),
              },
              ...MODULE_PAGES.filter((page) => page.path !== paths.app.welcome.path).map((page) => ({
                path: page.path,
                lazy: screen(
                  () => import('./routes/app/module-placeholder.tsx'),
                  (m) => m.ModulePlaceholderRoute,
                ),
              })),
            ],
          },
        ],
      },
      {
        path: paths.unauthorized.path,
        lazy: screen(
          () => import('./routes/status-page.tsx'),
          (m) => m.UnauthorizedRoute,
        ),
      },
      {
        path: paths.notFound.path,
        lazy: screen(
          () => import('./routes/status-page.tsx'),
          (m) => m.NotFoundRoute,
        ),
      },
      // Spec §2: any unknown path goes to /auth (which passes a signed-in user on to the app).
      { path: '*', element: <Navigate to={paths.auth.root.getHref()} replace /> },
    ],
  },
]);
