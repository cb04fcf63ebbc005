import { unsubscribeToken } from '../../src/modules/reminders/unsubscribe-token';
import {
  company,
  companyByName,
  holderOnly,
  job,
  manage,
  OK,
  ownCompany,
  type AccessRow,
} from './access-outcomes';
import type { World } from './world';

// createTestApp's SIGNING_SECRET: the unsubscribe key is signed with it.
const TEST_SECRET = 'test-secret-test-secret-test-secret-42';
const unsubscribe = (w: World) =>
  `/api/reminders/unsubscribe/${unsubscribeToken(TEST_SECRET, w.a1.id)}`;
// Another interviewee's id under a1's signature: a key nobody was given.
const forged = (w: World) =>
  `/api/reminders/unsubscribe/${unsubscribeToken(TEST_SECRET, w.a1.id).replace(/^\d+/, String(w.a2.id))}`;

const schedule = { enabled: true, hours_before: 48, morning_time: '09:00' };

/** The candidate reminders' rows of the route × role table (access-table.ts). */
export const remindersAccessRows: readonly AccessRow[] = [
  {
    route: 'GET /api/reminder-settings',
    path: () => '/api/reminder-settings',
    ...ownCompany,
  },
  {
    route: 'PUT /api/reminder-settings',
    path: () => '/api/reminder-settings',
    body: () => ({ ...schedule, time_zone: 'Europe/London' }),
    ...ownCompany,
  },
  {
    route: 'GET /api/jobs/:job/reminder-settings',
    path: (w) => `${job(w)}/reminder-settings`,
    ...manage,
  },
  {
    route: 'PUT /api/jobs/:job/reminder-settings',
    path: (w) => `${job(w)}/reminder-settings`,
    body: () => schedule,
    ...manage,
  },
  {
    route: 'GET /api/companies/:shortname/reminder-email',
    path: (w) => `${company(w)}/reminder-email`,
    ...companyByName,
  },
  {
    route: 'PUT /api/companies/:shortname/reminder-email',
    path: (w) => `${company(w)}/reminder-email`,
    // The sender as the settings row renamed company A (see access-table.ts).
    body: () => ({
      subject: 'Reminder',
      body_text: 'Dear [FIRST NAME]',
      from_name: 'Company of owner',
      reply_to_email: '',
    }),
    ...companyByName,
  },
  {
    route: 'GET /api/reminders/unsubscribe/:token',
    path: unsubscribe,
    wrongPath: forged,
    ...holderOnly(OK),
  },
  {
    route: 'POST /api/reminders/unsubscribe/:token',
    path: unsubscribe,
    wrongPath: forged,
    ...holderOnly(OK),
  },
];
