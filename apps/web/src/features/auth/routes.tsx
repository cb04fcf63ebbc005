import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy-page';
import { paths } from '../../lib/paths';

// Sign-in pages need only the translations of the first download (decision 184).
const FIRST_PAINT = { firstPaint: true };

export const authRoutes: RouteObject[] = [
  {
    path: paths.login,
    lazy: lazyPage(() => import('./pages/login-page'), FIRST_PAINT),
  },
  {
    path: paths.signup,
    lazy: lazyPage(() => import('./pages/signup-page'), FIRST_PAINT),
  },
  {
    path: paths.verifyEmail.pattern,
    lazy: lazyPage(() => import('./pages/verify-email-page'), FIRST_PAINT),
  },
  {
    path: paths.forgotPassword,
    lazy: lazyPage(() => import('./pages/forgot-password-page'), FIRST_PAINT),
  },
  {
    path: paths.resetPassword.pattern,
    lazy: lazyPage(() => import('./pages/reset-password-page'), FIRST_PAINT),
  },
];
