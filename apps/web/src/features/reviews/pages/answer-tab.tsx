import { RATING_STYLES } from '@candor/domain';
import { AlertTriangle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { Card } from '../../../components/card';
import { EmptyState } from '../../../components/empty-state';
import { toast } from '../../../components/toast';
import { isApiError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { paths } from '../../../lib/paths';
import { useAnswerReviews, useSaveAnswerReview } from '../api/reviews';
import { AnswerPlayer } from '../components/answer-player';
import { RatingBadge } from '../components/rating-badge';
import { RatingSlider } from '../components/rating-slider';
import { useSerialSave } from '../components/use-serial-save';
import { ReviewCommentBox } from '../components/review-comment-box';
import { useInterviewee } from '../interviewee-context';

type AnswerRating = { answer: number; rating: number };
const answerKey = ({ answer }: AnswerRating) => String(answer);

/** One answer at a time: the player, the per-question rating and the reviewer's note. */
export default function AnswerTab() {
  const { t } = useTranslation('reviews');
  const { job, application, answers, user } = useInterviewee();
  const params = useParams();
  const answerReviews = useAnswerReviews(job.id, application.id);
  const save = useSaveAnswerReview();
  const saveRating = useSerialSave(
    ({ answer, rating }: AnswerRating) =>
      save.mutateAsync(
        {
          job: job.id,
          application: application.id,
          userId: user.id,
          rating,
          answer,
          id: answerReviews.data?.find(
            (review) => review.answer === answer && review.user === user.id,
          )?.id,
        },
        {
          onError: (error) =>
            toast.error(isApiError(error) ? error.message : t('rating.failed')),
        },
      ),
    answerKey,
  );
  const first = answers[0];
  if (!first)
    return (
      <EmptyState
        title={t('overview.noAnswers')}
        description={t('answer.noneYet')}
      />
    );
  if (params.answer === undefined) {
    return (
      <Navigate
        to={paths.interviewee(job.id, application.id, `answer/${first.id}`)}
        replace
      />
    );
  }
  const index = Math.max(
    0,
    answers.findIndex((answer) => String(answer.id) === params.answer),
  );
  const answer = answers[index] ?? first;
  const forAnswer =
    answerReviews.data?.filter((review) => review.answer === answer.id) ?? [];
  const own = forAnswer.find((review) => review.user === user.id);
  const others = forAnswer.filter((review) => review.user !== user.id);

  return (
    <div className="grid grid-cols-1 gap-6 xl:grid-cols-[14rem_minmax(0,1fr)]">
      <nav aria-label={t('answer.list')} className="order-2 min-w-0 xl:order-1">
        <ol className="flex gap-2 overflow-x-auto xl:flex-col">
          {answers.map((item, position) => {
            const rating = answerReviews.data?.find(
              (review) => review.answer === item.id && review.user === user.id,
            );
            return (
              <li key={item.id} className="shrink-0">
                <Link
                  to={paths.interviewee(
                    job.id,
                    application.id,
                    `answer/${item.id}`,
                  )}
                  aria-current={item.id === answer.id ? 'page' : undefined}
                  className={cn(
                    'flex w-56 items-start gap-2 rounded-lg border p-3 text-sm xl:w-full',
                    item.id === answer.id
                      ? 'border-brand-700 bg-brand-50'
                      : 'border-border bg-surface hover:bg-slate-50',
                  )}
                >
                  <span className="font-semibold text-slate-500">
                    {position + 1}
                  </span>
                  <span className="line-clamp-2 flex-1 text-ink">
                    {item.question_text}
                  </span>
                  {item.removed && (
                    <AlertTriangle
                      className="size-4 shrink-0 text-amber-600"
                      aria-label={t('answer.removed')}
                    />
                  )}
                  {rating && (
                    <span className="sr-only">{t('answer.rated')}</span>
                  )}
                </Link>
              </li>
            );
          })}
        </ol>
      </nav>
      <div className="order-1 min-w-0 space-y-6 xl:order-2">
        <Card>
          <AnswerPlayer answer={answer} index={index} />
        </Card>
        <Card className="space-y-6">
          {job.rating_style === RATING_STYLES.perQuestion && (
            <RatingSlider
              // One slider per answer, so a decision pending on leaving is saved to its own answer.
              key={answer.id}
              label={t('rating.question')}
              subject={answer.question_text}
              min={job.rating_min}
              scale={job.rating_scale}
              value={own?.rating ?? null}
              descriptions={job.rating_descriptions}
              saveStatus={save.status}
              onCommit={(rating) => saveRating({ answer: answer.id, rating })}
            />
          )}
          {others.length > 0 && (
            <ul className="flex flex-wrap gap-3">
              {others.map((review) => (
                <li
                  key={review.id}
                  className="flex items-center gap-2 text-sm text-slate-600"
                >
                  {review.author.full_name}
                  <RatingBadge
                    rating={review.rating}
                    scale={job.rating_scale}
                  />
                </li>
              ))}
            </ul>
          )}
          {job.rating_style === RATING_STYLES.matrix && (
            <p className="text-sm text-slate-600">
              {t('answer.matrixHint')}{' '}
              <Link
                className="font-medium text-brand-700 hover:underline"
                to={paths.interviewee(
                  job.id,
                  application.id,
                  `matrix/${answer.id}`,
                )}
              >
                {t('answer.openMatrix')}
              </Link>
            </p>
          )}
          <ReviewCommentBox
            job={job.id}
            application={application.id}
            userId={user.id}
            question={answer.question_id}
          />
        </Card>
      </div>
    </div>
  );
}
