import {
  API_KEY_LOG_SHOWN,
  apiKeyCreatedSchema,
  apiKeyCreateSchema,
  apiKeyListSchema,
  apiKeyRequestListSchema,
  pathId,
} from '@candor/domain';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import type { App } from '../../platform/http/app-types';
import { companyOf } from '../../platform/access/access-rule';
import { originOf } from '../../platform/http/request-origin';
import { listCompanyKeys, listKeyRequests } from './api-keys.repository';
import { createApiKey, revokeApiKey, toApiKey } from './api-keys.service';

const companyParams = z.object({ shortname: z.string().min(1).max(100) });
const keyParams = companyParams.extend({ id: pathId });
const base = '/api/companies/:shortname/api-keys';
const tags = ['api-keys'];

/**
 * The company's API keys and their request log: its admins only, and never with a key
 * (no `config.apiKey`): a key cannot make or see keys (docs/decisions/149-api-keys.md).
 */
export function registerApiKeyRoutes(app: App, ctx: AppContext): void {
  const { db } = ctx;
  app.get(
    base,
    {
      config: { access: { company: 'admin' } },
      schema: {
        tags,
        summary: 'The company’s API keys (admins)',
        params: companyParams,
        response: { 200: apiKeyListSchema },
      },
    },
    async (request) => {
      const caller = companyOf(request);
      const rows = await listCompanyKeys(db, caller.company.id);
      return { results: rows.map(toApiKey) };
    },
  );

  app.post(
    base,
    {
      config: { access: { company: 'admin' } },
      schema: {
        tags,
        summary:
          'Create an API key; the reply is the only time its secret is sent',
        params: companyParams,
        body: apiKeyCreateSchema,
        response: { 201: apiKeyCreatedSchema },
      },
    },
    async (request, reply) => {
      const caller = companyOf(request);
      const created = await createApiKey(db, {
        caller,
        input: request.body,
        origin: originOf(request),
      });
      return reply.status(201).send(created);
    },
  );

  app.delete(
    `${base}/:id`,
    {
      config: { access: { company: 'admin' } },
      schema: {
        tags,
        summary: 'Revoke an API key: its next request is refused',
        params: keyParams,
      },
    },
    async (request, reply) => {
      const caller = companyOf(request);
      await revokeApiKey(db, {
        caller,
        keyId: request.params.id,
        origin: originOf(request),
      });
      return reply.status(204).send();
    },
  );

  app.get(
    `${base}/requests`,
    {
      config: { access: { company: 'admin' } },
      schema: {
        tags,
        summary: `The last ${API_KEY_LOG_SHOWN} requests made with the company’s keys (admins)`,
        params: companyParams,
        response: { 200: apiKeyRequestListSchema },
      },
    },
    async (request) => {
      const caller = companyOf(request);
      const rows = await listKeyRequests(db, {
        companyId: caller.company.id,
        limit: API_KEY_LOG_SHOWN,
      });
      return {
        results: rows.map((row) => ({
          id: String(row.id),
          at: row.at.toISOString(),
          method: row.method,
          route: row.route,
          status: row.status,
          duration_ms: row.duration_ms,
          key: { id: row.key_id, name: row.key_name, prefix: row.key_prefix },
        })),
      };
    },
  );
}
