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
import { companyOf } from '../../platform/access/access-rule';
import { originOf } from '../../platform/http/request-origin';
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
  // An API key acts for its company (the `company` rule): it may subscribe and unsubscribe (the
  // routes that declare it); what it changes carries no person's id.
  const callerOf = (
    request: FastifyRequest,
  ): { companyId: number; userId: number | null } => {
    const { company, user } = companyOf(request);
    return { companyId: company.id, userId: request.apiKey ? null : user.id };
  };

  app.get(
    base,
    {
      config: { access: { company: 'admin' } },
      schema: {
        tags,
        params: companyParams,
        response: { 200: webhookEndpointListSchema },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const rows = await listEndpoints(db, caller.companyId);
      return { results: rows.map(toEndpoint) };
    },
  );

  app.post(
    base,
    {
      config: { access: { company: 'admin' }, apiKey: 'write' },
      schema: {
        tags,
        params: companyParams,
        body: webhookEndpointCreateSchema,
        response: { 201: webhookEndpointDetailSchema },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const endpoint = await createEndpoint(ctx, {
        companyId: caller.companyId,
        userId: caller.userId,
        input: request.body,
        viaApi: request.apiKey !== null,
        count: await countEndpoints(db, caller.companyId),
        origin: originOf(request),
      });
      return reply.status(201).send(endpoint);
    },
  );

  app.get(
    `${base}/:id`,
    {
      config: { access: { company: 'admin' } },
      schema: {
        tags,
        params: endpointParams,
        response: { 200: webhookEndpointDetailSchema },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      return readEndpoint(ctx, caller.companyId, request.params.id);
    },
  );

  app.patch(
    `${base}/:id`,
    {
      config: { access: { company: 'admin' } },
      schema: {
        tags,
        params: endpointParams,
        body: webhookEndpointUpdateSchema,
        response: { 200: webhookEndpointDetailSchema },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      return changeEndpoint(ctx, {
        companyId: caller.companyId,
        id: request.params.id,
        input: request.body,
        origin: originOf(request),
      });
    },
  );

  app.delete(
    `${base}/:id`,
    {
      config: { access: { company: 'admin' }, apiKey: 'write' },
      schema: { tags, params: endpointParams },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      await removeEndpoint(ctx, {
        companyId: caller.companyId,
        id: request.params.id,
        origin: originOf(request),
      });
      return reply.status(204).send();
    },
  );

  app.get(
    `${base}/:id/deliveries`,
    {
      config: { access: { company: 'admin' } },
      schema: {
        tags,
        params: endpointParams,
        querystring: pageQuerySchema,
        response: { 200: webhookDeliveryListSchema },
      },
    },
    async (request) => {
      const caller = callerOf(request);
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
      config: { access: { company: 'admin' } },
      schema: {
        tags,
        params: deliveryParams,
        response: { 201: webhookDeliverySchema },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const delivery = await redeliver(ctx, {
        companyId: caller.companyId,
        endpointId: request.params.id,
        deliveryId: request.params.delivery,
      });
      return reply.status(201).send(delivery);
    },
  );
}
