import { z } from '../zod';

/**
 * A row's id in a path: a positive integer PostgreSQL's `integer` holds. Anything else is a
 * 400 before any query, on every route alike (`/api/jobs/-1/…` once answered 400 on some
 * routes and 404 on others).
 */
export const pathId = z.coerce.number().int().positive().max(2_147_483_647);
