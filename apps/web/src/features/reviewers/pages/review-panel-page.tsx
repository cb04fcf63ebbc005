import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { JobSubpageHeader } from '../../../components/job-subpage-header';
import { usePageTitle } from '../../../lib/use-page-title';
import { ReviewPanel } from '../components/review-panel';

/** /interviews/{job}/review-panel: who reviews this interview and what they may do. */
export default function ReviewPanelPage() {
  const { t } = useTranslation('reviewers');
  const jobId = Number(useParams().job);
  usePageTitle(t('title'));
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6">
      <JobSubpageHeader
        jobId={jobId}
        title={t('title')}
        description={t('description')}
        backLabel={t('backToInterview')}
      />
      <div className="mt-6">
        <ReviewPanel job={jobId} />
      </div>
    </div>
  );
}
