import { reviewsQuerySchema } from '@candor/domain';
import { z } from 'zod';
import type { Db } from '../../db/connection';
import { jobAccessOf } from '../../platform/access/access-rule';
import type { App } from '../../platform/http/app-types';
import { requireReviewableApplication, visibleAuthor } from './review-access';
import { jobParams } from '../../platform/http/path-params';

/** Whose records of one applicant to list: `userId` null means everyone's. */
export type ApplicationRecordsFilter = {
  applicationId: number;
  userId: number | null;
};

/**
 * `GET /api/jobs/:job/<records>?application=…` for the reviews and comments of one applicant
 * the caller may review: every author's, or only the caller's own when the job's reviewer
 * settings hide other people's reviews. One place, so the five such reads cannot drift apart.
 */
export function registerApplicationRecordsRoute<Row, Item extends z.ZodType>(
  app: App,
  db: Db,
  options: {
    url: string;
    tags: string[];
    item: Item;
    list: (db: Db, filter: ApplicationRecordsFilter) => Promise<Row[]>;
    toItem: (row: Row) => z.output<Item>;
  },
): void {
  app.get(
    options.url,
    {
      config: { access: { job: 'review' }, apiKey: 'read' },
      schema: {
        tags: options.tags,
        params: jobParams,
        querystring: reviewsQuerySchema,
        response: { 200: z.array(options.item) },
      },
    },
    async (request) => {
      const { access, application } = await requireReviewableApplication(
        db,
        jobAccessOf(request),
        request.query.application,
      );
      const rows = await options.list(db, {
        applicationId: application.id,
        userId: await visibleAuthor(db, access, application.id),
      });
      return rows.map(options.toItem);
    },
  );
}
