import type { FastifyRequest } from 'fastify';
import type { MemberRole } from '@candor/domain';
import type { Company, Job } from '../../db/schema';
import type { SessionUser } from '../auth/session';
import type { JobAccess } from './job-access';

/**
 * Who may call a route, declared on it as `config.access` and checked by one preHandler
 * (access-hook.ts, decision 162) before the handler runs:
 * - `public`: anyone; the route authorises by what it is sent (a token, a signature, a password).
 * - `signed-in`: any user, company user or reviewer (401 without a session or key).
 * - `company-user`: a user acting in their current company (403 to a reviewer).
 * - `company`: the company named by `:shortname`. `member`: the caller's current company, where
 *   they are an active member; `admin`: the same with the admin role (an API key: its own
 *   company); `joined`: any company the caller is an active member of.
 * - `library`: the video library named by `:shortname`: the caller's company's, or the shared
 *   stock library to `read`.
 * - `job`: the job named by `:job` (by `:id` on `/api/jobs/:id…`). `read`: its company's users,
 *   its reviewers, and any company user for a shared template; `copy`: a company user who may
 *   read it, of their own company or a template; `review`: its company's users and its
 *   reviewers; `manage`: its company's users only.
 * Another company's object answers 404 as a missing one, so nobody learns that it exists.
 */
export type AccessRule =
  | 'public'
  | 'signed-in'
  | 'company-user'
  | { company: 'joined' | 'member' | 'admin' }
  | { library: 'read' | 'write' }
  | { job: 'read' | 'copy' | 'review' | 'manage' };

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging
  interface FastifyContextConfig {
    /** Who may call the route; every route declares it (decision 162). */
    access?: AccessRule;
  }
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging
  interface FastifyRequest {
    /** What the route's access rule found; read it with the accessors below. */
    granted: Granted | null;
  }
}

export type CompanyUser = SessionUser & { companyId: number };

/** The caller of a `company` rule: the company named in the path and their role in it. */
export type CompanyCaller = {
  user: SessionUser;
  company: Company;
  /** An API key acts for its company as an admin would. */
  role: MemberRole;
};

export type VideoLibrary =
  { kind: 'stock' } | { kind: 'company'; companyId: number };

/** What the preHandler resolved for the route's rule, and nothing it did not check. */
export type Granted = {
  user?: SessionUser;
  companyUser?: CompanyUser;
  company?: CompanyCaller;
  library?: VideoLibrary;
  job?: Job;
  jobAccess?: JobAccess;
};

function grantedOf<K extends keyof Granted>(
  request: FastifyRequest,
  what: K,
): NonNullable<Granted[K]> {
  const value = request.granted?.[what];
  if (value === undefined || value === null)
    // A programming error: the handler reads what its route's rule did not check.
    throw new Error(
      `${request.method} ${request.routeOptions.url ?? request.url} reads "${what}" but its config.access does not check it.`,
    );
  return value;
}

/** The caller; any rule but `public`. */
export const userOf = (request: FastifyRequest): SessionUser =>
  grantedOf(request, 'user');

/** The caller acting in their current company: `company-user`, `company`, `library`, job `copy`. */
export const companyUserOf = (request: FastifyRequest): CompanyUser =>
  grantedOf(request, 'companyUser');

/** The company named by `:shortname` and the caller's role in it: a `company` rule. */
export const companyOf = (request: FastifyRequest): CompanyCaller =>
  grantedOf(request, 'company');

/** The video library named by `:shortname`: a `library` rule. */
export const libraryOf = (request: FastifyRequest): VideoLibrary =>
  grantedOf(request, 'library');

/** The job named in the path: any `job` rule. */
export const jobOf = (request: FastifyRequest): Job =>
  grantedOf(request, 'job');

/** How the caller reaches the job (company user or reviewer): job `review` or `manage`. */
export const jobAccessOf = (request: FastifyRequest): JobAccess =>
  grantedOf(request, 'jobAccess');
