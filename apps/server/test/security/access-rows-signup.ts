import {
  everyone,
  holderOnly,
  OK,
  UNKNOWN_TOKEN,
  type AccessRow,
} from './access-outcomes';

const STRONG_PASSWORD = 'velvet-compass-meadow-83';

/** The signup routes' rows of the route × role table (access-table.ts). */
export const signupAccessRows: readonly AccessRow[] = [
  // Anyone may start a company; the reply is the same whether the address has an account.
  {
    route: 'POST /api/signup',
    path: () => '/api/signup',
    body: (_w, role) => ({
      company_name: 'Newcomer Ltd',
      full_name: 'New Comer',
      email: `signup.${role.toLowerCase()}@example.test`,
      password: STRONG_PASSWORD,
    }),
    ...everyone(OK),
  },
  // The link's holder (anonymous here) confirms; any other token opens nothing.
  {
    route: 'GET /api/verify-email/:token',
    path: (w) => `/api/verify-email/${w.signupToken}`,
    wrongPath: () => `/api/verify-email/${UNKNOWN_TOKEN}`,
    ...holderOnly(OK),
  },
  {
    route: 'POST /api/verify-email/:token',
    path: (w) => `/api/verify-email/${w.signupToken}`,
    wrongPath: () => `/api/verify-email/${UNKNOWN_TOKEN}`,
    freshSessions: true,
    ...holderOnly(OK),
  },
  {
    route: 'POST /api/signup/resend',
    path: () => '/api/signup/resend',
    body: (_w, role) => ({
      email: `signup.${role.toLowerCase()}@example.test`,
    }),
    ...everyone(OK),
  },
  // Everyone asks for their own address: the reply is the same for every address.
  {
    route: 'POST /api/password-reset',
    path: () => '/api/password-reset',
    body: (w, role) => ({ email: w.emails[role] }),
    ...everyone(OK),
  },
  {
    route: 'GET /api/password-reset/:token',
    path: (w) => `/api/password-reset/${w.resetToken}`,
    wrongPath: () => `/api/password-reset/${UNKNOWN_TOKEN}`,
    ...holderOnly(OK),
  },
  {
    route: 'POST /api/password-reset/:token',
    path: (w) => `/api/password-reset/${w.resetToken}`,
    wrongPath: () => `/api/password-reset/${UNKNOWN_TOKEN}`,
    body: () => ({ password: STRONG_PASSWORD }),
    freshSessions: true,
    ...holderOnly(OK),
  },
];
