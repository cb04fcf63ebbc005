/**
 * Every route of the app (spec section 2), in one place. Static routes are strings; routes
 * with parameters are functions that build a URL and carry the router `pattern` they match.
 */

type Id = number | string;

function route<Args extends unknown[]>(
  pattern: string,
  build: (...args: Args) => string,
) {
  return Object.assign(build, { pattern });
}

function withSearch(
  path: string,
  params: Record<string, string | undefined>,
): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    if (value) search.set(key, value);
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

export const CREATE_STEPS = [
  'add-questions',
  'details',
  'edit-email',
  'emails',
  'preview',
  'review-panel',
  'summary',
  'videos',
] as const;
export type CreateStep = (typeof CREATE_STEPS)[number];

/** Children of the interviewee page; answer and matrix may name an answer. */
export type IntervieweeChild =
  | 'overview'
  | 'comms'
  | 'answer'
  | 'matrix'
  | `answer/${number | string}`
  | `matrix/${number | string}`;

export const paths = {
  home: '/',
  login: '/login',
  signup: '/signup',
  /** Where the sign-up's e-mailed link lands; opening it confirms the address. */
  verifyEmail: route(
    '/verify-email/:token',
    (token: string) => `/verify-email/${token}`,
  ),
  forgotPassword: '/forgot-password',
  resetPassword: route(
    '/reset-password/:token',
    (token: string) => `/reset-password/${token}`,
  ),
  account: '/account',
  /** Where the link sent to a new account address lands; opening it moves the account. */
  confirmEmail: route(
    '/confirm-email/:token',
    (token: string) => `/confirm-email/${token}`,
  ),
  accountConflict: '/account-conflict',
  companySettings: '/company-settings',
  /** The company's team: colleagues, roles and invitations (decision 119). */
  team: '/company-settings/team',
  /** The company's API keys and their request log, for admins (decision 149). */
  apiKeys: '/company-settings/api-keys',
  /** The company's webhook endpoints and their delivery logs, for admins (decision 151). */
  webhooks: '/company-settings/webhooks',
  /** The domains the company proves it holds, for single sign-on; admins (decision 201). */
  domains: '/company-settings/domains',
  /** The company's audit log and how long it is kept, for admins (decision 195). */
  auditLog: '/company-settings/audit-log',
  /** Greenhouse's assessment partner integration, for admins (decision 190). */
  greenhouse: '/company-settings/integrations/greenhouse',
  editInvitationEmail: '/company-settings/edit-invitation-email',
  editCompletionEmail: '/company-settings/edit-completion-email',
  editRejectionEmail: '/company-settings/edit-rejection-email',
  editReminderEmail: '/company-settings/edit-reminder-email',
  /** A text message template (invitation, resend, reminder, extension), for admins (decision 194). */
  editSmsTemplate: route(
    '/company-settings/edit-text/:kind',
    (kind: 'invitation' | 'resend' | 'reminder' | 'extension') =>
      `/company-settings/edit-text/${kind}`,
  ),
  /** Where a reminder e-mail's unsubscribe link lands (decision 155). */
  reminderUnsubscribe: route(
    '/reminders/unsubscribe/:token',
    (token: string) => `/reminders/unsubscribe/${token}`,
  ),
  /** Development only: e-mails written to files when the server has no SMTP. */
  devMail: '/dev/mail',
  content: '/content',
  stockVideos: '/content/stock-videos',
  library: '/library',
  create: '/create',
  createDetails: '/create/details',
  createStep: route(
    '/create/:job/:step',
    (job: Id, step: CreateStep) => `/create/${job}/${step}`,
  ),
  interviews: '/interviews',
  /** The job page; status is a stage id (ToInvite, …) and filter a filter tab (default all). */
  job: route(
    '/interviews/:job',
    (job: Id, search: { status?: string; filter?: string } = {}) =>
      withSearch(`/interviews/${job}`, search),
  ),
  jobDetails: route(
    '/interviews/:job/details',
    (job: Id) => `/interviews/${job}/details`,
  ),
  jobReviewPanel: route(
    '/interviews/:job/review-panel',
    (job: Id) => `/interviews/${job}/review-panel`,
  ),
  /** How consistently the panel rates (issue 46, decision 178). */
  jobCalibration: route(
    '/interviews/:job/calibration',
    (job: Id) => `/interviews/${job}/calibration`,
  ),
  /** Compare answers (decision 131): one question, 2–4 interviewees side by side. */
  jobCompare: route(
    '/interviews/:job/compare',
    (job: Id, search: { question?: Id; applications?: readonly Id[] } = {}) =>
      withSearch(`/interviews/${job}/compare`, {
        question: search.question?.toString(),
        applications: search.applications?.join(','),
      }),
  ),
  interviewee: route(
    '/interviews/:job/interviewee/:application?',
    (job: Id, application?: Id, child?: IntervieweeChild) =>
      [
        `/interviews/${job}/interviewee`,
        application,
        application !== undefined ? child : undefined,
      ]
        .filter((part) => part !== undefined)
        .join('/'),
  ),
  manageMarketplace: '/manage-marketplace',
  manageMarketplaceSettings: '/manage-marketplace/settings',
  manageMarketplaceInterview: route(
    '/manage-marketplace/interview/:job',
    (job: Id) => `/manage-marketplace/interview/${job}`,
  ),
  marketplace: route('/marketplace/:brand?', (brand?: string) =>
    brand ? `/marketplace/${brand}` : '/marketplace',
  ),
  publicJob: route('/j/:shortcode?', (shortcode?: string) =>
    shortcode ? `/j/${shortcode}` : '/j',
  ),
  sso: route('/sso/:shortcode?', (shortcode?: string) =>
    shortcode ? `/sso/${shortcode}` : '/sso',
  ),
  /** A public interview link, resolved through the API at the same path. */
  intervieweeInvite: route(
    '/i/:shortcode',
    (shortcode: string) => `/i/${shortcode}`,
  ),
  /** The interviewee's public feedback page (decision 052). */
  feedback: route(
    '/feedback/:job/:token',
    (job: Id, token: string) => `/feedback/${job}/${token}`,
  ),
  /** Where an invited reviewer chooses a password, or signs in and accepts (decisions 053, 120). */
  reviewerInvite: route(
    '/reviewer-invite/:token',
    (token: string) => `/reviewer-invite/${token}`,
  ),
  /** One interviewee shared with someone without an account (decision 153). */
  shared: route('/shared/:key', (key: string) => `/shared/${key}`),
  /** Where a team invitation's e-mailed link lands. */
  join: route('/join/:token', (token: string) => `/join/${token}`),
  report: '/report',
  terms: '/terms',
  privacy: '/privacy',
} as const;

/** Where the user lands after signing in, and what the error page's Home page link opens. */
export const HOME_PATH = paths.interviews;
