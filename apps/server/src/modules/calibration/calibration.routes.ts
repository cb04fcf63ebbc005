import { calibrationSchema } from '@candor/domain';
import type { AppContext } from '../../app-context';
import { jobAccessOf } from '../../platform/access/access-rule';
import type { App } from '../../platform/http/app-types';
import { jobParams } from '../../platform/http/path-params';
import { findCalibration } from './calibration.service';

export function registerCalibrationRoutes(app: App, ctx: AppContext): void {
  app.get(
    '/api/jobs/:job/calibration',
    {
      config: { access: { job: 'review' } },
      schema: {
        tags: ['reviews'],
        summary:
          "The panel's agreement, each reviewer's leniency and the candidates it split on",
        params: jobParams,
        response: { 200: calibrationSchema },
      },
    },
    async (request) => findCalibration(ctx.db, jobAccessOf(request)),
  );
}
