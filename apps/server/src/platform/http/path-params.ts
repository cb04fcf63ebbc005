import { pathId } from '@candor/domain';
import { z } from 'zod';

/** `/api/jobs/{job}/…` */
export const jobParams = z.object({ job: pathId });

/** `/api/jobs/{job}/<things>/{id}` */
export const jobItemParams = jobParams.extend({ id: pathId });
