import {
  pageQuerySchema,
  pathId,
  webhookDeliveryListSchema,
  webhookDeliverySchema,
  webhookEndpointCreateSchema,
  webhookEndpointDetailSchema,
  webhookEndpointListSchema,
  webhookEndpointUpdateSchema,
} from '@candor/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { notFound } from '../../platform/http/errors';
import type { App } from '../../platform/http/app-types';
import { pagedReply } from '../../platform/http/paging';
import { findCompanyById } from '../companies/companies.repository';
import { requireTeam } from '../team/team.service';
import {
  changeEndpoint,
  createEndpoint,
  readEndpoint,
  redeliver,
  removeEndpoint,
  toDelivery,
  toEndpoint,
} from './webhooks.service';
import {
  countDeliveries,
  countEndpoints,
  findEndpoint,
  listDeliveries,
  listEndpoints,
} from './webhooks.repository';

const companyParams = z.object({ shortname: z.string().min(1).max(100) });
const endpointParams = companyParams.extend({ id: pathId });
const deliveryParams = endpointParams.extend({ delivery: pathId });
const base = '/api/companies/:shortname/webhooks';
const tags = ['webhooks'];

/**
 * A company's webhook endpoints and their delivery logs, for its admins. Creating and deleting
 * an endpoint are also the REST hook subscribe and unsubscribe an integration calls
 * (docs/decisions/151-webhook-deliveries.md).
 */
export function registerWebhookRoutes(app: App, ctx: AppContext): void {
  const { db } = ctx;
  // An API key acts for its company: it may subscribe and unsubscribe (the routes that declare
  // it), and a company it is not of looks unknown, as to a person.
  const admin = async (
    request: FastifyRequest,
    shortname: string,
  ): Promise<{ companyId: number; userId: number | null }> => {
    if (request.apiKey) {
      const company = await findCompanyById(db, request.apiKey.companyId);
      if (company?.shortname !== shortname) throw notFound('This company');
      return { companyId: company.id, userId: null };
    }
    const caller = await requireTeam(db, request, {
      shortname,
      need: 'manage',
    });
    return { companyId: caller.company.id, userId: caller.user.id };
  };

  app.get(
    base,
    {
      schema: {
        tags,
        params: companyParams,
        response: { 200: webhookEndpointListSchema },
      },
    },
    async (request) => {
      const caller = await admin(request, request.params.shortname);
      const rows = await listEndpoints(db, caller.companyId);
      return { results: rows.map(toEndpoint) };
    },
  );

  app.post(
    base,
    {
      config: { apiKey: 'write' },
      schema: {
        tags,
        params: companyParams,
        body: webhookEndpointCreateSchema,
        response: { 201: webhookEndpointDetailSchema },
      },
    },
    async (request, reply) => {
      const caller = await admin(request, request.params.shortname);
      const endpoint = await createEndpoint(ctx, {
        companyId: caller.companyId,
        userId: caller.userId,
        input: request.body,
        viaApi: request.apiKey !== null,
        count: await countEndpoints(db, caller.companyId),
      });
      return reply.status(201).send(endpoint);
    },
  );

  app.get(
    `${base}/:id`,
    {
      schema: {
        tags,
        params: endpointParams,
        response: { 200: webhookEndpointDetailSchema },
      },
    },
    async (request) => {
      const caller = await admin(request, request.params.shortname);
      return readEndpoint(ctx, caller.companyId, request.params.id);
    },
  );

  app.patch(
    `${base}/:id`,
    {
      schema: {
        tags,
        params: endpointParams,
        body: webhookEndpointUpdateSchema,
        response: { 200: webhookEndpointDetailSchema },
      },
    },
    async (request) => {
      const caller = await admin(request, request.params.shortname);
      return changeEndpoint(ctx, {
        companyId: caller.companyId,
        id: request.params.id,
        input: request.body,
      });
    },
  );

  app.delete(
    `${base}/:id`,
    { config: { apiKey: 'write' }, schema: { tags, params: endpointParams } },
    async (request, reply) => {
      const caller = await admin(request, request.params.shortname);
      await removeEndpoint(ctx, caller.companyId, request.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    `${base}/:id/deliveries`,
    {
      schema: {
        tags,
        params: endpointParams,
        querystring: pageQuerySchema,
        response: { 200: webhookDeliveryListSchema },
      },
    },
    async (request) => {
      const caller = await admin(request, request.params.shortname);
      const companyId = caller.companyId;
      const endpointId = request.params.id;
      if (!(await findEndpoint(db, companyId, endpointId)))
        throw notFound('This webhook endpoint');
      const { page, page_size } = request.query;
      const [rows, count] = await Promise.all([
        listDeliveries(db, {
          companyId,
          endpointId,
          limit: page_size,
          offset: (page - 1) * page_size,
        }),
        countDeliveries(db, { companyId, endpointId }),
      ]);
      return pagedReply(request, {
        count,
        page,
        page_size,
        results: rows.map(toDelivery),
      });
    },
  );

  app.post(
    `${base}/:id/deliveries/:delivery/redeliver`,
    {
      schema: {
        tags,
        params: deliveryParams,
        response: { 201: webhookDeliverySchema },
      },
    },
    async (request, reply) => {
      const caller = await admin(request, request.params.shortname);
      const delivery = await redeliver(ctx, {
        companyId: caller.companyId,
        endpointId: request.params.id,
        deliveryId: request.params.delivery,
      });
      return reply.status(201).send(delivery);
    },
  );
}
