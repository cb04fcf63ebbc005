/**
 * Every page of the web app, as its router writes the paths (`:name` one segment, `:name?` an
 * optional one). The server answers a path that is none of these with 404 and the app's own
 * "Page not found" (it cannot run the router); the web's router test keeps this list equal to
 * the router's routes.
 */
export const WEB_PAGES = [
  '/',
  '/account',
  '/account-conflict',
  '/company-settings',
  '/company-settings/api-keys',
  '/company-settings/audit-log',
  '/company-settings/domains',
  '/company-settings/edit-completion-email',
  '/company-settings/edit-invitation-email',
  '/company-settings/edit-rejection-email',
  '/company-settings/edit-reminder-email',
  '/company-settings/edit-text/:kind',
  '/company-settings/integrations/greenhouse',
  '/company-settings/team',
  '/company-settings/webhooks',
  '/confirm-email/:token',
  '/content',
  '/content/stock-videos',
  '/create',
  '/create/:job',
  '/create/:job/add-questions',
  '/create/:job/details',
  '/create/:job/edit-email',
  '/create/:job/emails',
  '/create/:job/preview',
  '/create/:job/review-panel',
  '/create/:job/summary',
  '/create/:job/videos',
  '/create/details',
  '/dev/mail',
  '/feedback/:job/:token',
  '/forgot-password',
  '/i/:shortcode',
  '/interviews',
  '/interviews/:job',
  '/interviews/:job/compare',
  '/interviews/:job/details',
  '/interviews/:job/interviewee/:application?',
  '/interviews/:job/interviewee/:application?/answer/:answer?',
  '/interviews/:job/interviewee/:application?/comms',
  '/interviews/:job/interviewee/:application?/matrix/:answer?',
  '/interviews/:job/interviewee/:application?/overview',
  '/interviews/:job/review-panel',
  '/interviews/:job/calibration',
  '/j/:shortcode?',
  '/join/:token',
  '/library',
  '/login',
  '/manage-marketplace',
  '/manage-marketplace/interview/:job',
  '/manage-marketplace/settings',
  '/marketplace/:brand?',
  '/privacy',
  '/reminders/unsubscribe/:token',
  '/report',
  '/reset-password/:token',
  '/reviewer-invite/:token',
  '/shared/:key',
  '/signup',
  '/sso/:shortcode?',
  '/terms',
  '/verify-email/:token',
] as const;

function patternOf(page: string): RegExp {
  const segments = page
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      if (segment.startsWith(':'))
        return segment.endsWith('?') ? '(?:/[^/]+)?' : '/[^/]+';
      return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
    });
  return new RegExp(`^${segments.join('')}/?$`);
}

const PATTERNS = WEB_PAGES.map(patternOf);

/** Whether a URL path (no query) is one of the web app's pages. */
export function isWebPage(pathname: string): boolean {
  return PATTERNS.some((pattern) => pattern.test(pathname));
}
