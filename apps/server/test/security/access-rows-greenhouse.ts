import {
  companyByName,
  holderOnly,
  OK,
  type AccessRow,
} from './access-outcomes';
import type { World } from './world';

const partner = (endpoint: string) => () =>
  `/api/integrations/greenhouse/${endpoint}`;
/** Only the holder sends company A's Greenhouse key; the others send their own credentials. */
const greenhouseKey = (w: World, holder: boolean): Record<string, string> =>
  holder
    ? {
        authorization: `Basic ${Buffer.from(`${w.greenhouseKeyA}:`).toString('base64')}`,
      }
    : {};
// Sessions are not Greenhouse: 401 to all of them; an API key is refused its use (403).
const keyHolderOnly = (holder: readonly (number | '2xx')[]) =>
  holderOnly([...holder], [401]);
const settings = (w: World) =>
  `/api/companies/${w.companyA.shortname}/integrations/greenhouse`;

/**
 * Greenhouse's partner endpoints (the key is the authority) and the integration's settings
 * (company A's admins). The settings' POST gives a new key and DELETE turns it off, so they
 * come after the partner rows that use the world's key.
 */
export const greenhouseAccessRows: readonly AccessRow[] = [
  {
    route: 'GET /api/integrations/greenhouse/list_tests',
    path: partner('list_tests'),
    headers: greenhouseKey,
    ...keyHolderOnly(OK),
    // To the holder of A's key only: the others are refused before anything is read.
    publishesJob: true,
  },
  {
    route: 'POST /api/integrations/greenhouse/send_test',
    path: partner('send_test'),
    headers: greenhouseKey,
    body: () => ({
      partner_test_id: '0',
      candidate: {
        first_name: 'Harry',
        last_name: 'Potter',
        email: 'hpotter@example.test',
        greenhouse_profile_url:
          'https://app.greenhouse.io/people/1?application_id=2',
      },
    }),
    ...keyHolderOnly([404]),
    note: 'no such test on purpose: sending one is proven in greenhouse.test.ts',
  },
  {
    route: 'GET /api/integrations/greenhouse/test_status',
    path: () =>
      '/api/integrations/greenhouse/test_status?partner_interview_id=none',
    headers: greenhouseKey,
    ...keyHolderOnly([404]),
    note: 'no such test on purpose: statuses are proven in greenhouse.test.ts',
  },
  {
    route: 'POST /api/integrations/greenhouse/response_error',
    path: partner('response_error'),
    headers: greenhouseKey,
    body: () => ({ api_call: 'list_tests', errors: ['missing key'] }),
    ...keyHolderOnly(OK),
  },
  {
    route: 'GET /api/companies/:shortname/integrations/greenhouse',
    path: settings,
    ...companyByName,
  },
  {
    route: 'PATCH /api/companies/:shortname/integrations/greenhouse',
    path: settings,
    body: () => ({ send_ratings: true }),
    ...companyByName,
  },
  {
    route: 'POST /api/companies/:shortname/integrations/greenhouse',
    path: settings,
    ...companyByName,
    owner: [201],
  },
  {
    route: 'DELETE /api/companies/:shortname/integrations/greenhouse',
    path: settings,
    ...companyByName,
    owner: [204],
  },
];
