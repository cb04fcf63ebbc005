/** The outcomes and paths the route × role table's rows are written with. */
import type { Role, World } from './world';

/** A status the caller may get: an exact code, or any success. */
export type Outcome = number | '2xx';
export type Expect = readonly Outcome[];
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type AccessRow = {
  /** `METHOD /path/:param` exactly as Fastify registered it. */
  route: `${Method} ${string}`;
  /** The path with real ids of the fixture world. */
  path: (w: World) => string;
  /** A valid body, so that the access rules (not the body's validation) decide the reply. */
  body?: (w: World, role: Role) => unknown;
  /**
   * Headers the route needs (tus uploads, a WebVTT body). As with `wrongPath`, only the anonymous caller is
   * the `holder`: every other caller sends a made-up secret wherever the headers carry one.
   */
  headers?: (w: World, holder: boolean) => Record<string, string>;
  /**
   * Routes authorised by what is in the URL (an interviewee token, a signed file URL, an
   * invitation token): the anonymous caller holds the right one, every other caller presents
   * `wrongPath` (another application's token, a question of another interview, a bad signature).
   */
  wrongPath?: (w: World) => string;
  /** The route publishes company A's job (a public job page): its title is not a leak there. */
  publishesJob?: true;
  /** Run each role with a fresh session (the route ends the session). */
  freshSessions?: true;
  /** Why the owner gets a 4xx: the test does not send what the route needs to succeed. */
  note?: string;
  /**
   * What API keys get where it differs from what the route's `config.apiKey` implies
   * (api-key-callers.ts): A's keys what the owner gets, B's key what B's user gets.
   */
  apiKey?: Partial<Record<'keyRead' | 'keyWrite' | 'keyOtherCompany', Expect>>;
} & Record<Exclude<Role, 'interviewee'>, Expect> & { interviewee?: Expect };

export const OK: Expect = ['2xx'];

/** Reading or reviewing a job: company users and the job's reviewers; others learn nothing. */
export const review = {
  anonymous: [401],
  otherCompany: [404],
  reviewerNoGrant: [404],
  reviewerWithGrant: OK,
  owner: OK,
} as const;
/** Managing a job: company users only; the job's reviewer is told no, others learn nothing. */
export const manage = { ...review, reviewerWithGrant: [403] } as const;
/** Company A's things named by its shortname: another company's user gets 404. */
export const companyByName = {
  anonymous: [401],
  otherCompany: [404],
  reviewerNoGrant: [403],
  reviewerWithGrant: [403],
  owner: OK,
} as const;
/** The caller's current company: every company user sees their own, reviewers have none. */
export const ownCompany = {
  anonymous: [401],
  otherCompany: OK,
  reviewerNoGrant: [403],
  reviewerWithGrant: [403],
  owner: OK,
} as const;
/** The caller's own things: every signed-in user gets their own (the leak check reads them). */
export const own = {
  anonymous: [401],
  otherCompany: OK,
  reviewerNoGrant: OK,
  reviewerWithGrant: OK,
  owner: OK,
} as const;
/** Public routes: the same reply for everybody. */
export const everyone = (expect: Expect) => ({
  anonymous: expect,
  otherCompany: expect,
  reviewerNoGrant: expect,
  reviewerWithGrant: expect,
  owner: expect,
});
/** Token or signature routes: the holder succeeds, everyone else (wrong token) gets `denied`. */
export const holderOnly = (holder: Expect, denied: Expect = [404]) => ({
  anonymous: holder,
  otherCompany: denied,
  reviewerNoGrant: denied,
  reviewerWithGrant: denied,
  interviewee: denied,
  owner: denied,
});

export const job = (w: World) => `/api/jobs/${w.jobA.id}`;
export const company = (w: World) => `/api/companies/${w.companyA.shortname}`;
export const app1 = (w: World) => `${job(w)}/applications/${w.a1.id}`;
export const app2 = (w: World) => `${job(w)}/applications/${w.a2.id}`;
export const emailOf = (role: Role) =>
  `${role.toLowerCase()}.applicant@example.test`;
export const UNKNOWN_TOKEN = 'no-such-token-no-such-token-no-such-token';
