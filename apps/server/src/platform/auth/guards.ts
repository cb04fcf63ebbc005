import type { FastifyRequest } from 'fastify';
import { AppError } from '../http/errors';
import type { SessionUser } from './session';

// The checks behind the routes' `signed-in` and `company-user` rules (platform/access,
// decision 162): handlers declare a rule and read what it found, they do not call these.

export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new AppError('unauthorized', 'Not logged in');
  return request.user;
}

/** A company user acting in their current company. */
export function requireCompanyUser(
  request: FastifyRequest,
): SessionUser & { companyId: number } {
  const user = requireUser(request);
  if (user.current_company_id === null) {
    throw new AppError('forbidden', 'Only company users can do this.');
  }
  return { ...user, companyId: user.current_company_id };
}
