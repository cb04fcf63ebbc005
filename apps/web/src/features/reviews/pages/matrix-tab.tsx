import {
  matrixShortfall,
  RATING_STYLES,
  REVIEWER_RATING,
  type MatrixOption,
} from '@candor/domain';
import { CheckCircle2, CircleDashed } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { Card, CardHeader } from '../../../components/card';
import { EmptyState } from '../../../components/empty-state';
import { Skeleton } from '../../../components/skeleton';
import { toast } from '../../../components/toast';
import { isApiError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { paths } from '../../../lib/paths';
import {
  useMatrixOptions,
  useMatrixReviews,
  useSubmitMatrixChoice,
} from '../api/matrix';
import { AnswerPlayer } from '../components/answer-player';
import { FeedbackForm } from '../components/feedback-form';
import { ReviewCommentBox } from '../components/review-comment-box';
import { StarMatrix } from '../components/star-matrix';
import { useInterviewee } from '../interviewee-context';

const indicatorCount = (options: MatrixOption[]) =>
  new Set(options.map((option) => option.indicator)).size;

/** The STAR matrix per answer, the communication matrix, the minimums and the feedback. */
export default function MatrixTab() {
  const { t } = useTranslation('reviews');
  const { job, application, answers, user } = useInterviewee();
  const params = useParams();
  const options = useMatrixOptions(job.id);
  const reviews = useMatrixReviews(job.id, application.id);
  const submit = useSubmitMatrixChoice();
  const first = answers[0];

  if (job.rating_style !== RATING_STYLES.matrix) {
    return (
      <Navigate
        to={paths.interviewee(job.id, application.id, 'overview')}
        replace
      />
    );
  }
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
        to={paths.interviewee(job.id, application.id, `matrix/${first.id}`)}
        replace
      />
    );
  }
  if (!options.data || !reviews.data) return <Skeleton className="h-[32rem]" />;

  const index = Math.max(
    0,
    answers.findIndex((answer) => String(answer.id) === params.answer),
  );
  const answer = answers[index] ?? first;
  const own = reviews.data.filter((review) => review.user === user.id);
  const star = options.data.options.filter(
    (option) => option.kind === 'competency',
  );
  const communication = options.data.options.filter(
    (option) => option.kind === 'communication',
  );
  const shortfall = matrixShortfall({
    reviews: own,
    questions: answers.map((item) => ({
      id: item.question_id,
      indicatorCount: indicatorCount(star),
    })),
    communicationIndicatorCount: indicatorCount(communication),
  });
  const given = (question: number | null) =>
    new Set(
      own
        .filter((review) => review.question === question)
        .map((review) => review.indicator),
    ).size;
  const requiredPerQuestion = Math.min(
    options.data.minimums.indicators_per_question,
    indicatorCount(star),
  );
  const requiredCommunication = Math.min(
    options.data.minimums.communication_reviews,
    indicatorCount(communication),
  );

  const choose =
    (question: number | null) => (cell: { indicator: number; level: number }) =>
      submit.mutate(
        { job: job.id, application: application.id, question, ...cell },
        {
          onError: (error) =>
            toast.error(isApiError(error) ? error.message : t('matrix.failed')),
        },
      );

  return (
    <div className="space-y-6">
      <Card>
        <CardHeader
          title={t('matrix.minimumsTitle')}
          description={t('matrix.minimums', {
            perQuestion: requiredPerQuestion,
            communication: requiredCommunication,
          })}
        />
        <ol className="flex flex-wrap gap-2">
          {answers.map((item, position) => {
            const count = given(item.question_id);
            const met = count >= requiredPerQuestion;
            return (
              <li key={item.id}>
                <Link
                  to={paths.interviewee(
                    job.id,
                    application.id,
                    `matrix/${item.id}`,
                  )}
                  aria-current={item.id === answer.id ? 'page' : undefined}
                  className={cn(
                    'inline-flex items-center gap-2 rounded-full border px-3 py-1.5 text-sm',
                    item.id === answer.id
                      ? 'border-brand-700 bg-brand-50 text-brand-800'
                      : 'border-border bg-surface text-slate-700 hover:bg-slate-50',
                  )}
                >
                  {met ? (
                    <CheckCircle2
                      className="size-4 text-emerald-600"
                      aria-hidden
                    />
                  ) : (
                    <CircleDashed
                      className="size-4 text-slate-400"
                      aria-hidden
                    />
                  )}
                  {t('matrix.questionProgress', {
                    number: position + 1,
                    given: Math.min(count, requiredPerQuestion),
                    required: requiredPerQuestion,
                  })}
                </Link>
              </li>
            );
          })}
          <li className="inline-flex items-center gap-2 rounded-full border border-border bg-surface px-3 py-1.5 text-sm text-slate-700">
            {shortfall.communication === null ? (
              <CheckCircle2 className="size-4 text-emerald-600" aria-hidden />
            ) : (
              <CircleDashed className="size-4 text-slate-400" aria-hidden />
            )}
            {t('matrix.communicationProgress', {
              given: Math.min(given(null), requiredCommunication),
              required: requiredCommunication,
            })}
          </li>
        </ol>
      </Card>
      <div className="grid grid-cols-1 gap-6">
        <Card>
          <div className="max-w-xl">
            <AnswerPlayer answer={answer} index={index} />
          </div>
        </Card>
        <Card>
          <CardHeader
            title={t('matrix.starTitle')}
            description={t('matrix.starDescription')}
          />
          <StarMatrix
            options={star}
            reviews={own}
            question={answer.question_id}
            disabled={submit.isPending}
            onChoose={choose(answer.question_id)}
          />
          <div className="mt-6 border-t border-border pt-4">
            <ReviewCommentBox
              job={job.id}
              application={application.id}
              userId={user.id}
              question={answer.question_id}
            />
          </div>
        </Card>
      </div>
      <Card>
        <CardHeader
          title={t('matrix.communicationTitle')}
          description={t('matrix.communicationDescription')}
        />
        <StarMatrix
          options={communication}
          reviews={own}
          question={null}
          disabled={submit.isPending}
          onChoose={choose(null)}
        />
      </Card>
      <Card>
        <CardHeader
          title={t('feedback.title')}
          description={t('feedback.description')}
        />
        <FeedbackForm
          job={job.id}
          application={application.id}
          userId={user.id}
          canSend={
            job.reviewer_permissions.rating === REVIEWER_RATING.rateAndDecide
          }
        />
      </Card>
    </div>
  );
}
