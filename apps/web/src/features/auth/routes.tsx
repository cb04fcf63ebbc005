import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy-page';
import { paths } from '../../lib/paths';

export const authRoutes: RouteObject[] = [
  { path: paths.login, lazy: lazyPage(() => import('./pages/login-page')) },
  { path: paths.signup, lazy: lazyPage(() => import('./pages/signup-page')) },
  {
    path: paths.verifyEmail.pattern,
    lazy: lazyPage(() => import('./pages/verify-email-page')),
  },
  {
    path: paths.forgotPassword,
    lazy: lazyPage(() => import('./pages/forgot-password-page')),
  },
  {
    path: paths.resetPassword.pattern,
    lazy: lazyPage(() => import('./pages/reset-password-page')),
  },
];
