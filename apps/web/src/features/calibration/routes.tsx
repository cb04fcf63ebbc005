import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy-page';
import { paths } from '../../lib/paths';

/** The panel's calibration on one interview (signed in, with header and footer). */
export const calibrationRoutes: RouteObject[] = [
  {
    path: paths.jobCalibration.pattern,
    lazy: lazyPage(() => import('./pages/calibration-page')),
  },
];
