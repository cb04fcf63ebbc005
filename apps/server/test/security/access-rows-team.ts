import {
  companyByName,
  holderOnly,
  OK,
  UNKNOWN_TOKEN,
  type AccessRow,
} from './access-outcomes';
import type { World } from './world';

const members = (w: World) => `/api/companies/${w.companyA.shortname}/members`;

/** The team routes' rows of the route × role table (access-table.ts). */
export const teamAccessRows: readonly AccessRow[] = [
  {
    route: 'GET /api/companies/:shortname/members',
    path: members,
    ...companyByName,
  },
  {
    route: 'POST /api/companies/:shortname/members',
    path: members,
    body: (_w, role) => ({
      email: `team.${role.toLowerCase()}@example.test`,
      first_name: 'Robin',
      last_name: 'Invited',
      role: 'member',
    }),
    ...companyByName,
    owner: [201],
  },
  {
    route: 'PATCH /api/companies/:shortname/members/:id',
    path: (w) => `${members(w)}/${w.teammate.memberId}`,
    body: () => ({ role: 'admin' }),
    ...companyByName,
  },
  {
    route: 'DELETE /api/companies/:shortname/members/:id',
    path: (w) => `${members(w)}/${w.leavingTeammate.memberId}`,
    ...companyByName,
    owner: [204],
  },
  {
    route: 'GET /api/join/:token',
    path: (w) => `/api/join/${w.teamInvitation.token}`,
    wrongPath: () => `/api/join/${UNKNOWN_TOKEN}`,
    ...holderOnly(OK),
  },
  {
    route: 'POST /api/join/:token',
    path: (w) => `/api/join/${w.teamInvitation.token}`,
    wrongPath: () => `/api/join/${UNKNOWN_TOKEN}`,
    body: () => ({
      first_name: 'Robin',
      last_name: 'Joiner',
      password: 'violet-harbour-quartz-lantern',
    }),
    freshSessions: true,
    ...holderOnly(OK),
  },
];
