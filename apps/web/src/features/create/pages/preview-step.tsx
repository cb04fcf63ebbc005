import { interviewMinutes, interviewSeconds } from '@candor/domain';
import { Clock, Hourglass } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '../../../components/button';
import { Skeleton } from '../../../components/skeleton';
import { useCreateStep } from '../../../lib/create-step';
import { useJobQuestions } from '../../../lib/jobs/job-queries';
import { StepLinks } from '../components/create-frame';
import { QuestionAudioButton } from '../components/question-audio';

/** The interview as the interviewee meets it: the welcome, then one question at a time. */
export default function PreviewStep() {
  const { t } = useTranslation('create');
  const { job, nextPath, previousPath } = useCreateStep();
  const questions = useJobQuestions(job.id);
  // -1 is the welcome screen.
  const [index, setIndex] = useState(-1);
  const list = questions.data ?? [];
  // The same rule as the invitation's [DURATION] and the welcome page (decision 139).
  const minutes = interviewMinutes(interviewSeconds(list));
  const question = list[index];

  return (
    <>
      <p className="mb-4 text-sm text-muted">{t('preview.intro')}</p>
      <div className="mx-auto max-w-2xl overflow-hidden rounded-2xl border border-border bg-surface shadow-sm">
        <div className="flex items-center justify-between border-b border-border bg-slate-50 px-5 py-3 text-sm">
          <span className="font-semibold text-ink">{job.company.name}</span>
          {question && (
            <span className="text-muted">
              {t('preview.progress', { number: index + 1, count: list.length })}
            </span>
          )}
        </div>
        <div className="space-y-6 p-6 sm:p-10">
          {!questions.data ? (
            <Skeleton className="h-48" />
          ) : index === -1 || !question ? (
            <>
              <h2 className="text-2xl font-semibold tracking-tight text-ink">
                {job.title}
              </h2>
              {job.description && (
                <p className="whitespace-pre-line text-base text-slate-700">
                  {job.description}
                </p>
              )}
              <ul className="flex flex-wrap gap-3 text-sm text-slate-700">
                <li className="rounded-full bg-slate-100 px-3 py-1">
                  {t('preview.questions', { count: list.length })}
                </li>
                <li className="rounded-full bg-slate-100 px-3 py-1">
                  {t('preview.duration', { count: minutes })}
                </li>
              </ul>
              <Button
                size="lg"
                disabled={list.length === 0}
                onClick={() => setIndex(0)}
              >
                {t('preview.start')}
              </Button>
              {list.length === 0 && (
                <p className="text-sm text-muted">{t('preview.noQuestions')}</p>
              )}
            </>
          ) : (
            <>
              <p className="text-sm font-medium uppercase tracking-wide text-brand-700">
                {t('preview.progress', {
                  number: index + 1,
                  count: list.length,
                })}
              </p>
              <h2 className="text-xl font-semibold leading-snug text-ink sm:text-2xl">
                {question.text}
              </h2>
              {question.media === 'video' && question.video?.url ? (
                <video
                  className="aspect-[4/3] w-full rounded-lg bg-black"
                  src={question.video.url}
                  controls
                  poster={question.video.thumbnail ?? undefined}
                />
              ) : (
                <QuestionAudioButton
                  key={question.id}
                  url={question.url}
                  text={question.text}
                  label={t('preview.listen')}
                />
              )}
              {question.answer_type === 'video' ? (
                <div className="flex flex-wrap gap-3 text-sm text-slate-700">
                  <span className="inline-flex items-center gap-1.5 rounded-full bg-amber-50 px-3 py-1">
                    <Hourglass className="size-4" aria-hidden />
                    {t('preview.thinking', { count: question.thinking_time })}
                  </span>
                  <span className="inline-flex items-center gap-1.5 rounded-full bg-brand-50 px-3 py-1">
                    <Clock className="size-4" aria-hidden />
                    {t('preview.answer', { count: question.time_limit })}
                  </span>
                </div>
              ) : question.answer_type === 'text' ? (
                <p className="rounded-lg border border-dashed border-border p-4 text-sm text-slate-700">
                  {t('preview.typedAnswer')}
                </p>
              ) : (
                <ul className="space-y-2">
                  {question.options.map((option) => (
                    <li
                      key={option.id}
                      className="rounded-lg border border-border px-4 py-2 text-ink"
                    >
                      {option.text}
                    </li>
                  ))}
                </ul>
              )}
              <div className="flex justify-between gap-2 pt-2">
                <Button variant="secondary" onClick={() => setIndex(index - 1)}>
                  {t('previous')}
                </Button>
                <Button
                  onClick={() =>
                    setIndex(index + 1 < list.length ? index + 1 : -1)
                  }
                >
                  {index + 1 < list.length
                    ? t('preview.nextQuestion')
                    : t('preview.finish')}
                </Button>
              </div>
            </>
          )}
        </div>
      </div>
      <StepLinks previousPath={previousPath} nextPath={nextPath} />
    </>
  );
}
