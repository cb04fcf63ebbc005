import { stopToken } from '../../src/modules/sms/stop-token';
import {
  app1,
  company,
  companyByName,
  holderOnly,
  manage,
  OK,
  ownCompany,
  type AccessRow,
} from './access-outcomes';
import type { World } from './world';

// createTestApp's SIGNING_SECRET: the stop link's key is signed with it.
const TEST_SECRET = 'test-secret-test-secret-test-secret-42';
const stop = (w: World) => `/t/${stopToken(TEST_SECRET, w.a1.id)}`;
// Another interviewee's id under a1's signature: a key nobody was given.
const forged = (w: World) =>
  `/t/${stopToken(TEST_SECRET, w.a1.id).replace(/^\d+/, String(w.a2.id))}`;

/** The text messages' rows of the route × role table (access-table.ts). */
export const smsAccessRows: readonly AccessRow[] = [
  {
    route: 'GET /api/jobs/:job/applications/:id/texts',
    path: (w) => `${app1(w)}/texts`,
    ...manage,
  },
  { route: 'GET /api/dev/sms', path: () => '/api/dev/sms', ...ownCompany },
  { route: 'GET /t/:token', path: stop, wrongPath: forged, ...holderOnly(OK) },
  { route: 'POST /t/:token', path: stop, wrongPath: forged, ...holderOnly(OK) },
  // The owner is company A's admin; a member's 403 is in sms-templates.test.ts.
  ...(['invitation', 'resend', 'reminder', 'extension'] as const).flatMap(
    (kind) => {
      const path = (w: World) => `${company(w)}/${kind}-sms`;
      return [
        {
          route: `GET /api/companies/:shortname/${kind}-sms` as const,
          path,
          ...companyByName,
        },
        {
          route: `PUT /api/companies/:shortname/${kind}-sms` as const,
          path,
          body: () => ({ body_text: 'Hi [FIRST NAME], a video interview' }),
          ...companyByName,
        },
        {
          route: `DELETE /api/companies/:shortname/${kind}-sms` as const,
          path,
          ...companyByName,
        },
      ];
    },
  ),
];
