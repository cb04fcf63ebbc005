import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy-page';
import { paths } from '../../lib/paths';

const editor = lazyPage(() => import('./pages/edit-email-page'));

/** The default e-mail template editors (default layout). */
export const emailRoutes: RouteObject[] = [
  {
    path: paths.editInvitationEmail,
    lazy: editor,
    handle: { emailType: 'invitation' },
  },
  {
    path: paths.editCompletionEmail,
    lazy: editor,
    handle: { emailType: 'completion' },
  },
  {
    path: paths.editRejectionEmail,
    lazy: editor,
    handle: { emailType: 'rejection' },
  },
  {
    path: paths.editReminderEmail,
    lazy: editor,
    handle: { emailType: 'reminder' },
  },
  {
    path: paths.editSmsTemplate.pattern,
    lazy: lazyPage(() => import('./pages/edit-sms-page')),
  },
  {
    path: paths.devMail,
    lazy: lazyPage(() => import('./pages/dev-mail-page')),
  },
];

/** Creation steps edit-email and emails, for createStepRoutes. */
export const emailStepRoutes: RouteObject[] = [
  { path: 'edit-email', lazy: lazyPage(() => import('./pages/email-steps')) },
  { path: 'emails', lazy: lazyPage(() => import('./pages/email-steps')) },
];
