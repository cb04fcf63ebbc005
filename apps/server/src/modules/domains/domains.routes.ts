import {
  companyDomainListSchema,
  companyDomainSchema,
  domainCreateSchema,
  pathId,
} from '@candor/domain';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { companyOf } from '../../platform/access/access-rule';
import type { App } from '../../platform/http/app-types';
import { originOf } from '../../platform/http/request-origin';
import { listCompanyDomains } from './domains.repository';
import {
  addCompanyDomain,
  toCompanyDomain,
  verifyCompanyDomain,
} from './domains.service';
import { createTxtLookup } from './txt-records';

const params = z.object({ shortname: z.string().min(1).max(100) });
const domainParams = params.extend({ id: pathId });
const base = '/api/companies/:shortname/domains';
const tags = ['domains'];

/** The company's verified domains (decision 201): its admins only, never with an API key. */
export function registerDomainRoutes(
  app: App,
  { db, config }: AppContext,
): void {
  const lookupTxt = createTxtLookup(config.dnsResolver);

  app.get(
    base,
    {
      config: { access: { company: 'admin' } },
      schema: {
        tags,
        summary:
          'The company’s domains and the TXT record that proves each (admins)',
        params,
        response: { 200: companyDomainListSchema },
      },
    },
    async (request) => {
      const rows = await listCompanyDomains(db, companyOf(request).company.id);
      return { results: rows.map(toCompanyDomain) };
    },
  );

  app.post(
    base,
    {
      config: { access: { company: 'admin' } },
      schema: {
        tags,
        summary:
          'Claim a domain; the reply names the TXT record to add to its DNS',
        params,
        body: domainCreateSchema,
        response: { 201: companyDomainSchema },
      },
    },
    async (request, reply) => {
      const domain = await addCompanyDomain(db, {
        companyId: companyOf(request).company.id,
        domain: request.body.domain,
        origin: originOf(request),
      });
      return reply.status(201).send(domain);
    },
  );

  app.post(
    `${base}/:id/verify`,
    {
      config: {
        access: { company: 'admin' },
        // Each try asks DNS: a few a minute is all a person needs.
        rateLimit: { max: 20, timeWindow: '1 minute' },
      },
      schema: {
        tags,
        summary:
          'Look for the domain’s TXT record and mark it verified when found',
        params: domainParams,
        response: { 200: companyDomainSchema },
      },
    },
    async (request) =>
      verifyCompanyDomain(db, {
        companyId: companyOf(request).company.id,
        id: request.params.id,
        origin: originOf(request),
        lookupTxt,
      }),
  );
}
