import { interviewMinutes, type IntervieweeInterview } from '@candor/domain';
import {
  CalendarClock,
  Clock,
  FileText,
  ListVideo,
  Paperclip,
} from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/button';
import { Checkbox, FormError } from '../../../components/form-field';
import { useFormatDate } from '../../../lib/format-date';
import { paths } from '../../../lib/paths';
import { CompanyMark } from './interview-shell';

/** Company, introduction, what to expect, and consent to recording before anything starts. */
export function WelcomeStep({
  interview,
  resuming,
  consenting,
  consentError,
  answers,
  onStart,
  onDecline,
}: {
  interview: IntervieweeInterview;
  resuming: boolean;
  /** The answers still on their way from this device, when coming back. */
  answers?: ReactNode;
  consenting: boolean;
  consentError: string | undefined;
  onStart: () => void;
  onDecline: () => void;
}) {
  const { t } = useTranslation('interviewee');
  const formatDate = useFormatDate();
  const [agreed, setAgreed] = useState(interview.consented);
  const [showError, setShowError] = useState(false);
  const deadline = interview.deadline
    ? formatDate.deadline(interview.deadline)
    : null;

  const start = () => {
    if (!agreed) {
      setShowError(true);
      return;
    }
    onStart();
  };

  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:gap-10">
      <section className="space-y-6">
        <div className="flex items-center gap-4">
          <CompanyMark company={interview.company} size="lg" />
          <div className="min-w-0">
            <p className="text-sm font-medium text-brand-700">
              {interview.company.name}
            </p>
            <h1 className="text-2xl font-semibold tracking-tight text-ink sm:text-3xl">
              {interview.title}
            </h1>
          </div>
        </div>
        <p className="text-lg text-slate-700">
          {resuming
            ? t('welcome.resume', { name: interview.first_name })
            : t(
                interview.records_video
                  ? 'welcome.greeting'
                  : 'welcome.greetingWritten',
                {
                  name: interview.first_name,
                  company: interview.company.name,
                },
              )}
        </p>
        {answers}
        {interview.welcome_video && (
          <figure className="space-y-2">
            <video
              src={interview.welcome_video.url}
              poster={interview.welcome_video.thumbnail ?? undefined}
              controls
              playsInline
              preload="metadata"
              className="aspect-video w-full rounded-lg bg-slate-900"
              aria-label={t('welcome.video', {
                company: interview.company.name,
              })}
            />
            <figcaption className="text-sm text-muted">
              {t('welcome.video', { company: interview.company.name })}
            </figcaption>
          </figure>
        )}
        {interview.introduction && (
          <div className="rounded-lg border border-border bg-surface p-5 text-base leading-relaxed whitespace-pre-line text-slate-700">
            {interview.introduction}
          </div>
        )}
        {interview.attachments.length > 0 && (
          <div>
            <h2 className="mb-2 flex items-center gap-2 text-sm font-semibold text-ink">
              <Paperclip className="size-4" aria-hidden />{' '}
              {t('welcome.attachments')}
            </h2>
            <ul className="space-y-2">
              {interview.attachments.map((attachment) => (
                <li key={attachment.id}>
                  <a
                    href={attachment.url}
                    className="inline-flex items-center gap-2 text-brand-700 underline-offset-4 hover:underline"
                  >
                    <FileText className="size-4" aria-hidden />
                    {attachment.filename}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        )}
      </section>

      <aside className="space-y-5 rounded-xl border border-border bg-surface p-5 shadow-xs sm:p-6">
        <h2 className="text-base font-semibold text-ink">
          {t('welcome.whatToExpect')}
        </h2>
        <dl className="space-y-3 text-sm">
          <div className="flex items-center gap-3">
            <ListVideo className="size-5 text-brand-700" aria-hidden />
            <dt className="sr-only">{t('welcome.questionsLabel')}</dt>
            <dd>
              {t('welcome.questions', { count: interview.question_count })}
            </dd>
          </div>
          <div className="flex items-center gap-3">
            <Clock className="size-5 text-brand-700" aria-hidden />
            <dt className="sr-only">{t('welcome.durationLabel')}</dt>
            <dd>
              {t('welcome.duration', {
                count: interviewMinutes(interview.expected_duration_seconds),
              })}
            </dd>
          </div>
          {deadline && (
            <div className="flex items-center gap-3">
              <CalendarClock className="size-5 text-brand-700" aria-hidden />
              <dt className="sr-only">{t('welcome.deadlineLabel')}</dt>
              <dd>{t('welcome.deadline', { date: deadline })}</dd>
            </div>
          )}
        </dl>
        {/* Tips about the camera and retakes only where something is recorded (decision 192). */}
        <ul className="list-disc space-y-1 pl-5 text-sm text-slate-600">
          {interview.records_video ? (
            <>
              <li>{t('welcome.tipQuiet')}</li>
              <li>{t('welcome.tipPractice')}</li>
              <li>
                {t('welcome.tipRetakes', { count: interview.max_retakes })}
              </li>
            </>
          ) : (
            <li>{t('welcome.tipWritten')}</li>
          )}
        </ul>
        <Checkbox
          label={
            <Trans
              t={t}
              i18nKey={
                interview.records_video
                  ? 'welcome.consent'
                  : 'welcome.consentWritten'
              }
              values={{ company: interview.company.name }}
              components={{
                privacy: (
                  <Link
                    to={paths.privacy}
                    target="_blank"
                    className="text-brand-700 underline"
                  />
                ),
              }}
            />
          }
          checked={agreed}
          onChange={(event) => {
            setAgreed(event.target.checked);
            setShowError(false);
          }}
          error={showError ? t('welcome.consentRequired') : undefined}
        />
        {consentError && <FormError>{consentError}</FormError>}
        <Button
          size="lg"
          className="w-full"
          onClick={start}
          loading={consenting}
        >
          {resuming ? t('welcome.continue') : t('welcome.start')}
        </Button>
        <Button
          variant="link"
          className="w-full text-slate-600"
          onClick={onDecline}
        >
          {t('welcome.decline')}
        </Button>
      </aside>
    </div>
  );
}
