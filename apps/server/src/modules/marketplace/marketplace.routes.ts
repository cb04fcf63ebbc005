import {
  pathId,
  MARKETPLACE_IMAGE_LIMIT_BYTES,
  marketplaceJobSchema,
  marketplaceQuerySchema,
  marketplaceReplySchema,
  marketplaceSettingsSchema,
  marketplaceSettingsUpdateSchema,
  pageQuerySchema,
  pagedSchema,
} from '@candor/domain';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import {
  companyUserOf,
  jobOf,
  userOf,
} from '../../platform/access/access-rule';
import { readSmallForm } from '../../platform/files/multipart';
import type { App } from '../../platform/http/app-types';
import { notFound } from '../../platform/http/errors';
import { pagedReply } from '../../platform/http/paging';
import { findCompanyById } from '../companies/companies.repository';
import { logoUrl } from '../companies/companies.service';
import {
  countCompanyMarketplaceJobs,
  countPublicJobs,
  findCompanyByBrand,
  findJobImageKey,
  findMarketplaceJob,
  listCompanyMarketplaceJobs,
  listPublicJobs,
} from './marketplace.repository';
import {
  saveMarketplaceSettings,
  stockImages,
  toMarketplaceJob,
  toMarketplaceSettings,
  updateMarketplaceListing,
} from './marketplace.service';
import { isStockImageId, stockImageSvg } from './stock-images';

// Featured interviews sit above the paged list; a handful is all a page can show well.
const FEATURED_LIMIT = 6;

/** Marketplace listing per interview, brand settings, and the public marketplace. */
export function registerMarketplaceRoutes(app: App, ctx: AppContext): void {
  const { db, storage } = ctx;

  app.get(
    '/api/jobs/:id/marketplace',
    {
      config: { access: { job: 'manage' } },
      schema: {
        tags: ['marketplace'],
        params: z.object({ id: pathId }),
        response: { 200: marketplaceJobSchema },
      },
    },
    async (request) =>
      toMarketplaceJob(await findMarketplaceJob(db, jobOf(request).id)),
  );

  app.post(
    '/api/jobs/:id/marketplace',
    {
      config: { access: { job: 'manage' } },
      schema: {
        tags: ['marketplace'],
        params: z.object({ id: pathId }),
        response: { 200: marketplaceJobSchema },
      },
    },
    async (request) => {
      const job = jobOf(request);
      let input: unknown = request.body;
      let image: Buffer | undefined;
      if (request.isMultipart()) {
        const form = await readSmallForm(request, {
          maxFileBytes: MARKETPLACE_IMAGE_LIMIT_BYTES,
          tooLargeMessage: 'The image must be 2 MB or smaller.',
        });
        input = form.fields;
        image = form.files.find(
          (file) => file.fieldname === 'marketplace_image',
        )?.data;
      }
      return updateMarketplaceListing(ctx, {
        companyId: job.company_id,
        jobId: job.id,
        userId: userOf(request).id,
        input,
        image,
      });
    },
  );

  app.get(
    '/api/marketplace/jobs',
    {
      config: { access: 'company-user' },
      schema: {
        tags: ['marketplace'],
        querystring: pageQuerySchema.extend({
          page_size: z.coerce.number().int().min(1).max(100).default(50),
        }),
        response: { 200: pagedSchema(marketplaceJobSchema) },
      },
    },
    async (request) => {
      const { companyId } = companyUserOf(request);
      const { page, page_size } = request.query;
      const [rows, count] = await Promise.all([
        listCompanyMarketplaceJobs(db, {
          companyId,
          limit: page_size,
          offset: (page - 1) * page_size,
        }),
        countCompanyMarketplaceJobs(db, companyId),
      ]);
      return pagedReply(request, {
        count,
        page,
        page_size,
        results: rows.map(toMarketplaceJob),
      });
    },
  );

  app.get(
    '/api/marketplace/settings',
    {
      config: { access: 'company-user' },
      schema: {
        tags: ['marketplace'],
        response: { 200: marketplaceSettingsSchema },
      },
    },
    async (request) => {
      const { companyId } = companyUserOf(request);
      const company = await findCompanyById(db, companyId);
      if (!company) throw notFound('This company');
      return toMarketplaceSettings(company);
    },
  );

  app.post(
    '/api/marketplace/settings',
    {
      config: { access: 'company-user' },
      schema: {
        tags: ['marketplace'],
        body: marketplaceSettingsUpdateSchema,
        response: { 200: marketplaceSettingsSchema },
      },
    },
    async (request) => {
      const { companyId } = companyUserOf(request);
      const company = await findCompanyById(db, companyId);
      if (!company) throw notFound('This company');
      await saveMarketplaceSettings(ctx, company, request.body);
      const updated = await findCompanyById(db, companyId);
      if (!updated) throw notFound('This company');
      return toMarketplaceSettings(updated);
    },
  );

  // Public: the marketplace is for people who have no account.
  app.get(
    '/api/companies/:shortname/marketplace',
    {
      config: { access: 'public' },
      schema: {
        tags: ['marketplace'],
        params: z.object({ shortname: z.string().min(1).max(100) }),
        querystring: marketplaceQuerySchema,
        response: { 200: marketplaceReplySchema },
      },
    },
    async (request) => {
      const company = await findCompanyByBrand(db, request.params.shortname);
      if (!company || company.is_templates) throw notFound('This marketplace');
      const { page, page_size, ordering } = request.query;
      const [featured, rows, count] = await Promise.all([
        listPublicJobs(db, {
          companyId: company.id,
          featured: true,
          ordering,
          limit: FEATURED_LIMIT,
          offset: 0,
        }),
        listPublicJobs(db, {
          companyId: company.id,
          featured: false,
          ordering,
          limit: page_size,
          offset: (page - 1) * page_size,
        }),
        countPublicJobs(db, company.id, false),
      ]);
      const paged = pagedReply(request, {
        count,
        page,
        page_size,
        results: rows.map(toMarketplaceJob),
      });
      return {
        ...paged,
        brand: {
          shortname: company.shortname,
          brand: company.marketplace_brand || company.shortname,
          name: company.name,
          intro: company.marketplace_intro,
          logo: logoUrl(company),
          brand_color: company.brand_color,
        },
        stock_images: stockImages(),
        featured: featured.map(toMarketplaceJob),
      };
    },
  );

  app.get(
    '/media/marketplace/:jobId',
    {
      config: { access: 'public' },
      schema: {
        hide: true,
        params: z.object({ jobId: pathId }),
      },
    },
    async (request, reply) => {
      const row = await findJobImageKey(db, request.params.jobId);
      if (!row?.marketplace_image_key) throw notFound('This image');
      const object = await storage.read(row.marketplace_image_key);
      reply.header('Content-Type', object.contentType);
      reply.header('Cache-Control', 'public, max-age=31536000, immutable');
      return reply.send(object.stream);
    },
  );

  app.get(
    '/media/marketplace-stock/:file',
    {
      config: { access: 'public' },
      schema: { hide: true, params: z.object({ file: z.string().max(40) }) },
    },
    async (request, reply) => {
      const id = request.params.file.replace(/\.svg$/, '');
      if (!isStockImageId(id)) throw notFound('This image');
      reply.header('Content-Type', 'image/svg+xml');
      reply.header('Cache-Control', 'public, max-age=86400');
      return reply.send(stockImageSvg(id));
    },
  );
}
