import { RATING_STYLES, type ApplicationReply, type Job } from '@candor/domain';
import { CheckCircle2, ExternalLink, Star, Undo2, XCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { toast } from '../../../components/toast';
import { isApiError } from '../../../lib/api-client';
import {
  useApplicationAction,
  type ReviewAction,
} from '../api/application-actions';
import type { IntervieweeContext } from '../interviewee-context';
import { RatingBadge } from './rating-badge';

/**
 * Where the caller's own review stands (issue 27): each person completes their own review.
 * `reviewed_at` is the shared first completion the stage rule reads, so it says nothing about
 * whether *this* person has completed; `review_completed_at` does.
 */
export function ownReviewState(
  job: Pick<Job, 'sjt_assessment'>,
  application: Pick<
    ApplicationReply,
    'archived' | 'stage' | 'review_completed_at'
  >,
): 'completed' | 'can-complete' | 'none' {
  if (application.review_completed_at !== null) return 'completed';
  const isReviewable =
    !application.archived &&
    !job.sjt_assessment &&
    (application.stage === 'Responded' || application.stage === 'Reviewed');
  return isReviewable ? 'can-complete' : 'none';
}

/**
 * The review's outcome: the average, marking your own review complete, and shortlist / undo
 * shortlist / reject as the server offers them (hidden otherwise), plus the feedback link.
 */
export function DecisionPanel({
  job,
  application,
}: Pick<IntervieweeContext, 'job' | 'application'>) {
  const { t } = useTranslation('reviews');
  const action = useApplicationAction();
  const offered = new Set(application.actions);
  const isMatrix = job.rating_style === RATING_STYLES.matrix;
  const ownReview = ownReviewState(job, application);

  const run = (name: ReviewAction, success: string) =>
    action.mutate(
      { job: job.id, application: application.id, action: name },
      {
        onSuccess: () => toast.success(success),
        onError: (error) =>
          toast.error(isApiError(error) ? error.message : t('actionFailed')),
      },
    );

  return (
    <Card>
      {isMatrix ? (
        <p className="text-sm text-slate-600">{t('average.matrix')}</p>
      ) : (
        <>
          <div className="flex items-center justify-between gap-3">
            <div>
              <p className="text-xs font-medium tracking-wide text-muted uppercase">
                {t('average.title')}
              </p>
              <p className="mt-1 text-sm text-slate-600">
                {application.average_review.hidden
                  ? t('average.hidden')
                  : t('average.fromCount', {
                      count: application.average_review.from_count,
                    })}
              </p>
            </div>
            {/* A dash beside "hidden" would read as "nobody rated yet". */}
            {!application.average_review.hidden && (
              <RatingBadge
                rating={application.average_review.review_average}
                scale={job.rating_scale}
              />
            )}
          </div>
          <div className="mt-3 flex items-center justify-between gap-3 border-t border-border pt-3">
            <p className="text-sm text-slate-600">{t('average.yours')}</p>
            <RatingBadge
              rating={application.user_rating}
              scale={job.rating_scale}
            />
          </div>
        </>
      )}
      <div className="mt-4 flex flex-col gap-2">
        {ownReview === 'can-complete' && (
          <Button
            onClick={() => run('reviewed', t('complete.done'))}
            loading={action.isPending && action.variables.action === 'reviewed'}
          >
            <CheckCircle2 className="size-4" aria-hidden />
            {t('complete.action')}
          </Button>
        )}
        {ownReview === 'completed' && (
          <p className="flex items-center gap-2 rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-800">
            <CheckCircle2 className="size-4 shrink-0" aria-hidden />
            {t('complete.yours')}
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          {offered.has('shortlist') && (
            <Button
              variant="secondary"
              className="flex-1"
              onClick={() => run('shortlist', t('decision.shortlisted'))}
            >
              <Star className="size-4" aria-hidden />
              {t('decision.shortlist')}
            </Button>
          )}
          {offered.has('unshortlist') && (
            <Button
              variant="secondary"
              className="flex-1"
              onClick={() => run('unshortlist', t('decision.unshortlisted'))}
            >
              <Undo2 className="size-4" aria-hidden />
              {t('decision.unshortlist')}
            </Button>
          )}
          {offered.has('reject') && (
            <Button
              variant="danger"
              className="flex-1"
              onClick={() => run('reject', t('decision.rejected'))}
            >
              <XCircle className="size-4" aria-hidden />
              {t('decision.reject')}
            </Button>
          )}
        </div>
        {offered.has('feedback_link') &&
          application._token &&
          job.rating_style === RATING_STYLES.matrix && (
            <Button variant="link" asChild>
              <a
                href={`/feedback/${job.id}/${application._token}`}
                target="_blank"
                rel="noreferrer"
              >
                <ExternalLink className="size-4" aria-hidden />
                {t('feedback.open')}
              </a>
            </Button>
          )}
      </div>
    </Card>
  );
}
