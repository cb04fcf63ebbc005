import { useTranslation } from 'react-i18next';

import { useCreateStep } from '../../../lib/create-step';
import { usePageTitle } from '../../../lib/use-page-title';
import { ReviewPanel } from '../components/review-panel';
import { StepLinks } from '../../create/components/create-frame';

/** The review-panel creation step, shown inside the creation-steps shell. */
export default function CreateReviewPanelStep() {
  const { t } = useTranslation('reviewers');
  const { job, nextPath, previousPath } = useCreateStep();
  usePageTitle(t('title'));
  return (
    <div className="space-y-4">
      <div>
        <h2 className="text-xl font-semibold text-ink">{t('title')}</h2>
        <p className="mt-1 text-sm text-muted">{t('description')}</p>
      </div>
      <ReviewPanel job={job.id} />
      {/* Previous and Next like every other step, so the flow never dead-ends here. */}
      <StepLinks previousPath={previousPath} nextPath={nextPath} />
    </div>
  );
}
