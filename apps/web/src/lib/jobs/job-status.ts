import type { JobStatus } from '@candor/domain';
import type { StatusTone } from '../../components/status-pill';

/** Published is live (green), Draft is being prepared (amber), Archived is closed (grey). */
export const JOB_STATUS_TONE: Record<JobStatus, StatusTone> = {
  Published: 'green',
  Draft: 'amber',
  Archived: 'grey',
};
