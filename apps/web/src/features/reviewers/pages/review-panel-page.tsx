import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { useJob } from '../../../lib/jobs/job-queries';
import { paths } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/use-page-title';
import { ReviewPanel } from '../components/review-panel';

/** /interviews/{job}/review-panel: who reviews this interview and what they may do. */
export default function ReviewPanelPage() {
  const { t } = useTranslation('reviewers');
  const jobId = Number(useParams().job);
  const job = useJob(jobId);
  usePageTitle(t('title'));
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6">
      <PageHeader
        eyebrow={
          <Link
            to={paths.job(jobId)}
            className="text-sm font-medium text-slate-600 hover:text-ink"
          >
            ← {job.data?.title ?? t('backToInterview')}
          </Link>
        }
        title={t('title')}
        description={t('description')}
      />
      <div className="mt-6">
        <ReviewPanel job={jobId} />
      </div>
    </div>
  );
}
