import type { AuditActor, RequestOrigin } from '@candor/domain';
import type { FastifyRequest } from 'fastify';

export type { RequestOrigin };

/** Long enough for any real browser's; a header can be 8 kB. */
const USER_AGENT_KEPT = 400;

export const SYSTEM_ACTOR: AuditActor = {
  type: 'system',
  id: null,
  name: 'Candor',
};

/**
 * Who made a request and from where, handed to the services whose changes the audit log records
 * (decision 195). `ip` is Fastify's client address, which follows X-Forwarded-For only from the
 * proxies in TRUST_PROXY.
 */
export function originOf(request: FastifyRequest): RequestOrigin {
  const key = request.apiKey;
  const user = request.user;
  const actor: AuditActor = key
    ? { type: 'api_key', id: key.id, name: key.name }
    : user
      ? {
          type: 'user',
          id: user.id,
          name: `${user.first_name} ${user.last_name}`.trim() || user.email,
        }
      : SYSTEM_ACTOR;
  return {
    actor,
    ip: request.ip || null,
    userAgent: request.headers['user-agent']?.slice(0, USER_AGENT_KEPT) ?? null,
  };
}
