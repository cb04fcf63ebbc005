import type { ApplicationReply } from '@candor/domain';
import { ArrowLeft, Columns3, ExternalLink, Inbox } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { Card } from '../../../components/card';
import { EmptyState } from '../../../components/empty-state';
import { Checkbox, Select } from '../../../components/form-field';
import { Skeleton } from '../../../components/skeleton';
import { cn } from '../../../lib/cn';
import { useJob, useJobQuestions } from '../../../lib/jobs/job-queries';
import { paths } from '../../../lib/paths';
import { useCurrentUser } from '../../../lib/session';
import { usePageTitle } from '../../../lib/use-page-title';
import { useAnswers } from '../api/get-answers';
import { useCompareCandidates } from '../api/get-compare-candidates';
import { useAnswerReviews } from '../api/reviews';
import { AnswerPlayer } from '../components/answer-player';
import { RatingBadge } from '../components/rating-badge';

/** More than four videos side by side are too small to judge on a laptop screen. */
export const MAX_COMPARED = 4;

/** `?applications=3,9,12` as ids, without repeats or junk, in the order chosen. */
function parseIds(text: string | null): number[] {
  const ids = (text ?? '')
    .split(',')
    .map(Number)
    .filter((id) => Number.isInteger(id) && id > 0);
  return [...new Set(ids)];
}

const GRID_COLUMNS: Record<number, string> = {
  2: 'md:grid-cols-2',
  3: 'md:grid-cols-2 xl:grid-cols-3',
  4: 'md:grid-cols-2 xl:grid-cols-4',
};

/** Compare answers: one question, 2–4 interviewees' answers and ratings side by side. */
export default function ComparePage() {
  const { t } = useTranslation('reviews');
  const navigate = useNavigate();
  const params = useParams();
  const [search] = useSearchParams();
  const jobId = Number(params.job);
  const user = useCurrentUser();
  const job = useJob(jobId);
  const questions = useJobQuestions(jobId);
  const candidates = useCompareCandidates(jobId);
  usePageTitle(t('compare.title'));

  const questionList = questions.data ?? [];
  const asked = Number(search.get('question'));
  const question =
    questionList.find((item) => item.id === asked) ?? questionList[0];
  const wanted = parseIds(search.get('applications'));
  // Only people the API listed: a reviewer's link naming someone they may not see shows nothing.
  const chosen = wanted
    .map((id) => candidates.data?.find((item) => item.id === id))
    .filter((item): item is ApplicationReply => item !== undefined)
    .slice(0, MAX_COMPARED);
  const chosenIds = chosen.map((item) => item.id);

  const go = (next: { question?: number; applications?: number[] }) =>
    // Replaced, not pushed: Back returns to the job page, not through every tick.
    navigate(
      paths.jobCompare(jobId, {
        question: next.question ?? question?.id,
        applications: next.applications ?? chosenIds,
      }),
      { replace: true },
    );
  const toggle = (id: number, checked: boolean) =>
    go({
      applications: checked
        ? [...chosenIds, id]
        : chosenIds.filter((item) => item !== id),
    });

  const loading = questions.isPending || candidates.isPending;
  const candidateList = candidates.data ?? [];

  return (
    <div className="flex min-h-dvh flex-col bg-page">
      <header className="border-b border-border bg-surface">
        <div className="mx-auto flex max-w-screen-2xl flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3 sm:px-6">
          <Link
            to={paths.job(jobId)}
            className="inline-flex items-center gap-1 text-sm text-slate-600 hover:text-ink"
          >
            <ArrowLeft className="size-4" aria-hidden />
            <span className="max-w-64 truncate">
              {job.data?.title ?? t('backToInterview')}
            </span>
          </Link>
          <h1 className="w-full text-lg font-semibold text-ink sm:w-auto">
            {t('compare.title')}
          </h1>
        </div>
      </header>

      <main className="mx-auto w-full max-w-screen-2xl flex-1 space-y-6 px-4 py-6 sm:px-6">
        {loading ? (
          <Skeleton className="h-40 w-full" />
        ) : questionList.length === 0 || candidateList.length === 0 ? (
          <EmptyState
            icon={Inbox}
            title={t('compare.nothing.title')}
            description={t('compare.nothing.description')}
          />
        ) : (
          <Card className="grid gap-6 lg:grid-cols-[minmax(0,24rem)_minmax(0,1fr)]">
            <Select
              label={t('compare.question')}
              value={question?.id ?? ''}
              onChange={(event) => go({ question: Number(event.target.value) })}
              options={questionList.map((item, index) => ({
                value: String(item.id),
                label: t('compare.questionOption', {
                  number: index + 1,
                  text: item.text,
                }),
              }))}
            />
            <fieldset className="min-w-0">
              <legend className="text-sm font-medium text-slate-800">
                {t('compare.interviewees')}
              </legend>
              <p className="mt-0.5 text-sm text-muted">
                {t('compare.choose', {
                  count: chosen.length,
                  max: MAX_COMPARED,
                })}
              </p>
              <ul className="mt-3 grid gap-x-6 gap-y-2 sm:grid-cols-2 xl:grid-cols-3">
                {candidateList.map((item) => {
                  const checked = chosenIds.includes(item.id);
                  return (
                    <li key={item.id}>
                      <Checkbox
                        label={item.user.full_name}
                        checked={checked}
                        // A fifth would not fit: untick one first.
                        disabled={!checked && chosen.length >= MAX_COMPARED}
                        onChange={(event) =>
                          toggle(item.id, event.target.checked)
                        }
                      />
                    </li>
                  );
                })}
              </ul>
            </fieldset>
          </Card>
        )}

        {!loading &&
          question &&
          candidateList.length > 0 &&
          (chosen.length < 2 ? (
            <EmptyState
              icon={Columns3}
              title={t('compare.pick.title')}
              description={t('compare.pick.description', {
                max: MAX_COMPARED,
              })}
            />
          ) : (
            <div
              className={cn(
                'grid grid-cols-1 gap-6',
                GRID_COLUMNS[chosen.length],
              )}
            >
              {chosen.map((application) => (
                <CompareColumn
                  key={application.id}
                  jobId={jobId}
                  application={application}
                  questionId={question.id}
                  questionIndex={questionList.indexOf(question)}
                  userId={user.id}
                  scale={job.data?.rating_scale ?? 5}
                />
              ))}
            </div>
          ))}
      </main>
    </div>
  );
}

/** One interviewee's answer to the chosen question, with the ratings the caller may see. */
function CompareColumn({
  jobId,
  application,
  questionId,
  questionIndex,
  userId,
  scale,
}: {
  jobId: number;
  application: ApplicationReply;
  questionId: number;
  questionIndex: number;
  userId: number;
  scale: number;
}) {
  const { t } = useTranslation('reviews');
  const headingId = useId();
  const answers = useAnswers(jobId, application.id);
  const reviews = useAnswerReviews(jobId, application.id);
  const name = application.user.full_name;
  const answer = answers.data?.find((item) => item.question_id === questionId);
  const forAnswer =
    reviews.data?.filter((review) => review.answer === answer?.id) ?? [];
  const own = forAnswer.find((review) => review.user === userId);
  const others = forAnswer.filter((review) => review.user !== userId);

  return (
    <section aria-labelledby={headingId} className="min-w-0">
      <Card className="space-y-4">
        <div className="flex items-start justify-between gap-3">
          <h2
            id={headingId}
            className="truncate text-base font-semibold text-ink"
          >
            {name}
          </h2>
          <Link
            to={paths.interviewee(
              jobId,
              application.id,
              answer ? `answer/${answer.id}` : 'overview',
            )}
            className="inline-flex shrink-0 items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
          >
            {t('compare.open')}
            <ExternalLink className="size-3.5" aria-hidden />
          </Link>
        </div>
        {answers.isPending ? (
          <Skeleton className="aspect-[4/3] w-full" />
        ) : answer ? (
          <AnswerPlayer
            answer={answer}
            index={questionIndex}
            hideQuestion
            videoLabel={t('compare.videoLabel', { name })}
          />
        ) : (
          <div className="flex aspect-[4/3] w-full items-center justify-center rounded-lg border border-dashed border-border bg-slate-50 p-4 text-center text-sm text-muted">
            {t('compare.noAnswer')}
          </div>
        )}
        {answer && (
          <dl className="space-y-2 border-t border-border pt-4 text-sm">
            <div className="flex items-center justify-between gap-3">
              <dt className="text-slate-600">{t('compare.yourRating')}</dt>
              <dd>
                {own ? (
                  <RatingBadge rating={own.rating} scale={scale} />
                ) : (
                  <span className="text-muted">{t('compare.notRated')}</span>
                )}
              </dd>
            </div>
            {others.map((review) => (
              <div
                key={review.id}
                className="flex items-center justify-between gap-3"
              >
                <dt className="truncate text-slate-600">
                  {review.author.full_name}
                </dt>
                <dd>
                  <RatingBadge rating={review.rating} scale={scale} />
                </dd>
              </div>
            ))}
          </dl>
        )}
      </Card>
    </section>
  );
}
