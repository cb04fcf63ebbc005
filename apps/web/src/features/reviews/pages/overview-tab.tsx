import { RATING_STYLES } from '@candor/domain';
import { AlertTriangle, PlayCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card } from '../../../components/card';
import { toast } from '../../../components/toast';
import { isApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useAnswerReviews, useReviews, useSaveReview } from '../api/reviews';
import { RatingBadge } from '../components/rating-badge';
import { RatingSlider } from '../components/rating-slider';
import { useSerialSave } from '../components/use-serial-save';
import { useInterviewee } from '../interviewee-context';

type OverallRating = { application: number; rating: number };
const applicationKey = ({ application }: OverallRating) => String(application);

/** The overview: the overall rating (rate-overall jobs), every answer and the team's ratings. */
export default function OverviewTab() {
  const { t } = useTranslation('reviews');
  const { job, application, answers, user } = useInterviewee();
  const reviews = useReviews(job.id, application.id);
  const answerReviews = useAnswerReviews(job.id, application.id);
  const saveReview = useSaveReview();
  const own = reviews.data?.find((review) => review.user === user.id);
  const others =
    reviews.data?.filter((review) => review.user !== user.id) ?? [];
  // Updated when the caller's review exists, created otherwise (a POST also updates one).
  const saveRating = useSerialSave(
    ({ application: target, rating }: OverallRating) =>
      saveReview.mutateAsync(
        {
          job: job.id,
          application: target,
          userId: user.id,
          rating,
          id: reviews.data?.find(
            (review) =>
              review.application === target && review.user === user.id,
          )?.id,
        },
        {
          onError: (error) =>
            toast.error(isApiError(error) ? error.message : t('rating.failed')),
        },
      ),
    applicationKey,
  );

  return (
    <div className="space-y-6">
      {job.rating_style === RATING_STYLES.overall && (
        <Card>
          <RatingSlider
            label={t('rating.overall')}
            min={job.rating_min}
            scale={job.rating_scale}
            value={own?.rating ?? null}
            descriptions={job.rating_descriptions}
            saveStatus={saveReview.status}
            onCommit={(rating) =>
              saveRating({ application: application.id, rating })
            }
          />
        </Card>
      )}
      <Card padding="none">
        <h2 className="border-b border-border px-5 py-3 text-sm font-semibold text-ink">
          {t('overview.answers')}
        </h2>
        {answers.length === 0 ? (
          <p className="px-5 py-6 text-sm text-muted">
            {t('overview.noAnswers')}
          </p>
        ) : (
          <ol className="divide-y divide-border">
            {answers.map((answer, index) => {
              const mine = answerReviews.data?.find(
                (review) =>
                  review.answer === answer.id && review.user === user.id,
              );
              return (
                <li key={answer.id}>
                  <Link
                    to={paths.interviewee(
                      job.id,
                      application.id,
                      `answer/${answer.id}`,
                    )}
                    className="flex items-center gap-4 px-5 py-3 hover:bg-slate-50"
                  >
                    <span className="relative aspect-[4/3] w-24 shrink-0 overflow-hidden rounded-md bg-slate-200">
                      {answer.video?.thumbnail && (
                        <img
                          src={answer.video.thumbnail}
                          alt=""
                          className="size-full object-cover"
                        />
                      )}
                      <PlayCircle
                        className="absolute inset-0 m-auto size-6 text-white drop-shadow"
                        aria-hidden
                      />
                    </span>
                    <span className="min-w-0 flex-1">
                      <span className="block text-xs text-muted">
                        {t('answer.questionNumber', { number: index + 1 })}
                      </span>
                      <span className="line-clamp-2 text-sm font-medium text-ink">
                        {answer.question_text}
                      </span>
                      {answer.removed && (
                        <span className="mt-1 inline-flex items-center gap-1 text-xs text-amber-700">
                          <AlertTriangle className="size-3" aria-hidden />
                          {t('answer.removed')}
                        </span>
                      )}
                    </span>
                    {job.rating_style === RATING_STYLES.perQuestion && (
                      <RatingBadge
                        rating={mine?.rating ?? null}
                        scale={job.rating_scale}
                        label={t('average.yours')}
                      />
                    )}
                  </Link>
                </li>
              );
            })}
          </ol>
        )}
      </Card>
      {others.length > 0 && (
        <Card>
          <h2 className="mb-3 text-sm font-semibold text-ink">
            {t('overview.teamRatings')}
          </h2>
          <ul className="space-y-2">
            {others.map((review) => (
              <li
                key={review.id}
                className="flex items-center justify-between text-sm"
              >
                <span className="text-ink">{review.author.full_name}</span>
                <RatingBadge rating={review.rating} scale={job.rating_scale} />
              </li>
            ))}
          </ul>
        </Card>
      )}
    </div>
  );
}
