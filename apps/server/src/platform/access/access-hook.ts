import type { FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/connection';
import type { Company, Job } from '../../db/schema';
import { requireCompanyUser, requireUser } from '../auth/guards';
import type { SessionUser } from '../auth/session';
import { notFound } from '../http/errors';
import type {
  AccessRule,
  CompanyCaller,
  CompanyUser,
  Granted,
  VideoLibrary,
} from './access-rule';
import { requireJobAccess } from './job-access';

/**
 * The lookups of the rules that need a feature's data, handed to the plugin by the features
 * that own it (app.ts registers them), so the platform imports no feature. Each throws the
 * 403 or 404 its rule answers.
 */
export type AccessResolvers = {
  findCompanyById(db: Db, companyId: number): Promise<Company | undefined>;
  requireJoinedCompany(
    db: Db,
    user: CompanyUser,
    shortname: string,
  ): Promise<CompanyCaller>;
  requireTeam(
    db: Db,
    user: CompanyUser,
    options: { shortname: string; need: 'member' | 'admin' },
  ): Promise<CompanyCaller>;
  resolveLibrary(
    db: Db,
    user: CompanyUser,
    shortname: string,
  ): Promise<VideoLibrary>;
  resolveWritableLibrary(
    db: Db,
    user: CompanyUser,
    shortname: string,
  ): Promise<VideoLibrary>;
  requireJobRead(db: Db, user: SessionUser, jobId: number): Promise<Job>;
  requireJobCopy(db: Db, user: CompanyUser, jobId: number): Promise<Job>;
};

type AccessOptions = { db: Db; resolvers: AccessResolvers };

/** The path parameter that names a route's job: `:job`, or `:id` right under `/api/jobs`. */
function jobParamOf(url: string): 'job' | 'id' | null {
  if (/\/:job(\/|$)/.test(url)) return 'job';
  if (/^\/api\/jobs\/:id(\/|$)/.test(url)) return 'id';
  return null;
}

const namesCompany = (url: string) => /\/:shortname(\/|$)/.test(url);

/** @fastify/static marks each file of the web app's build it serves with its folder. */
const isWebAppFile = (route: RouteOptions) =>
  typeof (route.config as { rootPath?: unknown } | undefined)?.rootPath ===
  'string';

/**
 * Why a route cannot start as declared, or null. A route without a rule would be open by
 * accident: each says who may call it, `public` included, so a forgotten rule fails at start.
 */
function declarationProblem(route: RouteOptions): string | null {
  if (isWebAppFile(route)) return null;
  const rule = route.config?.access;
  const where = `${[route.method].flat().join(',')} ${route.url}`;
  if (rule === undefined)
    return `${where} declares no config.access (decision 162); say who may call it, 'public' included.`;
  if (typeof rule === 'string') return null;
  if ('job' in rule && jobParamOf(route.url) === null)
    return `${where} declares a job rule but names no :job in its path.`;
  if (('company' in rule || 'library' in rule) && !namesCompany(route.url))
    return `${where} declares a company rule but names no :shortname in its path.`;
  if (!route.schema?.params)
    return `${where} declares a rule on its path but validates no params.`;
  return null;
}

const pathParam = (request: FastifyRequest, name: string) =>
  (request.params as Record<string, unknown>)[name];

async function resolveCompany(
  { db, resolvers }: AccessOptions,
  request: FastifyRequest,
  options: { user: CompanyUser; need: 'joined' | 'member' | 'admin' },
): Promise<CompanyCaller> {
  const { user, need } = options;
  const shortname = String(pathParam(request, 'shortname'));
  // The api-key plugin let the key in only where the route declares its scope: it acts for its
  // own company, and any other looks unknown, as to a person.
  if (request.apiKey) {
    const company = await resolvers.findCompanyById(
      db,
      request.apiKey.companyId,
    );
    if (company?.shortname !== shortname) throw notFound('This company');
    return { user, company, role: 'admin' };
  }
  if (need === 'joined')
    return resolvers.requireJoinedCompany(db, user, shortname);
  return resolvers.requireTeam(db, user, { shortname, need });
}

/** Checks the rule in the order the handlers used to: 401, then 403, then 404 for the object. */
async function resolveRule(
  options: AccessOptions,
  request: FastifyRequest,
  rule: AccessRule,
): Promise<Granted> {
  const { db, resolvers } = options;
  if (rule === 'public') return {};
  const user = requireUser(request);
  if (rule === 'signed-in') return { user };
  if (rule === 'company-user')
    return { user, companyUser: requireCompanyUser(request) };
  if ('company' in rule) {
    const companyUser = requireCompanyUser(request);
    const company = await resolveCompany(options, request, {
      user: companyUser,
      need: rule.company,
    });
    return { user, companyUser, company };
  }
  if ('library' in rule) {
    const companyUser = requireCompanyUser(request);
    const shortname = String(pathParam(request, 'shortname'));
    const library =
      rule.library === 'read'
        ? await resolvers.resolveLibrary(db, companyUser, shortname)
        : await resolvers.resolveWritableLibrary(db, companyUser, shortname);
    return { user, companyUser, library };
  }
  const url = request.routeOptions.url ?? '';
  const jobId = Number(pathParam(request, jobParamOf(url) ?? 'job'));
  switch (rule.job) {
    case 'read':
      return { user, job: await resolvers.requireJobRead(db, user, jobId) };
    case 'copy': {
      const companyUser = requireCompanyUser(request);
      return {
        user,
        companyUser,
        job: await resolvers.requireJobCopy(db, companyUser, jobId),
      };
    }
    case 'review':
    case 'manage': {
      const jobAccess = await requireJobAccess(db, user, jobId, rule.job);
      return { user, job: jobAccess.job, jobAccess };
    }
  }
}

/**
 * Enforces each route's `config.access` (access-rule.ts) before its handler, after its input
 * was validated, and leaves what it found on `request.granted`. Registered once, after the
 * session, CSRF and API-key hooks, so the caller is known and a refusal replies as before.
 */
export const accessPlugin = fp<AccessOptions>(async (app, options) => {
  app.decorateRequest('granted', null);
  app.addHook('onRoute', (route) => {
    const problem = declarationProblem(route);
    if (problem) throw new Error(problem);
  });
  app.addHook('preHandler', async (request) => {
    const rule = request.routeOptions.config.access;
    // No route (the 404 handler), or the API documentation's own pages.
    if (rule === undefined) return;
    request.granted = await resolveRule(options, request, rule);
  });
});
