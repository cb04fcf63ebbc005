import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useJob } from '../lib/jobs/job-queries';
import { paths } from '../lib/paths';
import { PageHeader } from './page-header';

/** The header of a page about one interview (its panel, its calibration): a link back to it above the title. */
export function JobSubpageHeader({
  jobId,
  title,
  description,
  backLabel,
}: {
  jobId: number;
  title: ReactNode;
  description: ReactNode;
  /** Shown until the interview's title has loaded. */
  backLabel: string;
}) {
  const job = useJob(jobId);
  return (
    <PageHeader
      eyebrow={
        <Link
          to={paths.job(jobId)}
          className="text-sm font-medium text-slate-600 hover:text-ink"
        >
          ← {job.data?.title ?? backLabel}
        </Link>
      }
      title={title}
      description={description}
    />
  );
}
