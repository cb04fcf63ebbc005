import {
  interviewMinutes,
  publicApplyBodySchema,
  type PublicApplyBody,
} from '@candor/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  CalendarClock,
  CalendarX,
  Clock,
  DoorClosed,
  ListVideo,
  MailCheck,
} from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { z } from 'zod';
import { Button } from '../../../components/button';
import { Checkbox, FormError, Input } from '../../../components/form-field';
import { Skeleton, SkeletonText } from '../../../components/skeleton';
import { chosenLocale, useAppliedLocale } from '../../../i18n';
import { isApiError } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/error-text';
import { useFormatDate } from '../../../lib/format-date';
import { paths } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/use-page-title';
import { useApplyToJob } from '../api/apply-to-job';
import { usePublicJob } from '../api/get-public-job';
import { RetrievalError } from '../components/interview-flow';
import {
  CompanyMark,
  InterviewShell,
  MessagePanel,
} from '../components/interview-shell';

type FormInput = z.input<typeof publicApplyBodySchema>;

/** /j/{shortcode}: the public link of a published interview; name and e-mail ask for its link. */
export default function PublicJobPage() {
  const { shortcode = '' } = useParams();
  const { t } = useTranslation('interviewee');
  const formatDate = useFormatDate();
  const errorText = useErrorText();
  const job = usePublicJob(shortcode);
  const apply = useApplyToJob(shortcode);
  const form = useForm<FormInput, unknown, PublicApplyBody>({
    resolver: zodResolver(publicApplyBodySchema),
    defaultValues: {
      first_name: '',
      last_name: '',
      email: '',
      consent: false as unknown as true,
    },
  });
  usePageTitle(job.data?.title ?? t('title'));
  // The interview's language, unless the visitor chose one with ?lang=.
  const languageReady = useAppliedLocale(
    job.data && !chosenLocale() ? job.data.language : undefined,
  );

  if (!shortcode || job.isError) return <RetrievalError />;
  if (job.isPending || !languageReady) {
    return (
      <InterviewShell company={null}>
        <div className="mx-auto w-full max-w-3xl space-y-4" aria-busy>
          <Skeleton className="h-10 w-2/3" />
          <SkeletonText lines={4} />
        </div>
      </InterviewShell>
    );
  }
  const data = job.data;
  if (data.status !== 'open') {
    const Icon = data.status === 'expired' ? CalendarX : DoorClosed;
    return (
      <InterviewShell company={data.company}>
        <MessagePanel
          icon={<Icon className="size-8" aria-hidden />}
          title={t(`${data.status}.title`)}
        >
          <p>{t(`${data.status}.body`, { company: data.company.name })}</p>
        </MessagePanel>
      </InterviewShell>
    );
  }
  if (apply.data?.status === 'link_sent') {
    return (
      <InterviewShell company={data.company}>
        <MessagePanel
          icon={<MailCheck className="size-8" aria-hidden />}
          title={t('apply.linkSentTitle')}
          tone="success"
        >
          <p>{t('apply.linkSent', { email: form.getValues('email') })}</p>
        </MessagePanel>
      </InterviewShell>
    );
  }

  const onSubmit = form.handleSubmit((values) =>
    // The link always comes by e-mail (never in the reply), so the page says where to look.
    apply.mutate(values, {
      onError: (error) => {
        if (!isApiError(error)) return;
        for (const field of ['first_name', 'last_name', 'email'] as const) {
          const message = error.fieldMessage(field);
          if (message) form.setError(field, { message });
        }
      },
    }),
  );
  const deadline = data.deadline ? formatDate.deadline(data.deadline) : null;
  const errors = form.formState.errors;

  return (
    <InterviewShell company={data.company}>
      <div className="mx-auto grid w-full max-w-5xl gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:gap-10">
        <section className="space-y-6">
          <div className="flex items-center gap-4">
            <CompanyMark company={data.company} size="lg" />
            <div className="min-w-0">
              <p className="text-sm font-medium text-brand-700">
                {data.company.name}
              </p>
              <h1 className="text-2xl font-semibold tracking-tight text-ink sm:text-3xl">
                {data.title}
              </h1>
            </div>
          </div>
          {data.introduction && (
            <div className="rounded-lg border border-border bg-surface p-5 text-base leading-relaxed whitespace-pre-line text-slate-700">
              {data.introduction}
            </div>
          )}
          <ul className="space-y-3 text-sm text-slate-700">
            <li className="flex items-center gap-3">
              <ListVideo className="size-5 text-brand-700" aria-hidden />
              {t('welcome.questions', { count: data.question_count })}
            </li>
            <li className="flex items-center gap-3">
              <Clock className="size-5 text-brand-700" aria-hidden />
              {t('welcome.duration', {
                count: interviewMinutes(data.expected_duration_seconds),
              })}
            </li>
            {deadline && (
              <li className="flex items-center gap-3">
                <CalendarClock className="size-5 text-brand-700" aria-hidden />
                {t('welcome.deadline', { date: deadline })}
              </li>
            )}
          </ul>
        </section>
        <form
          onSubmit={(event) => void onSubmit(event)}
          noValidate
          className="space-y-4 rounded-xl border border-border bg-surface p-5 shadow-xs sm:p-6"
        >
          <h2 className="text-base font-semibold text-ink">
            {t('apply.title')}
          </h2>
          <div className="grid gap-4 sm:grid-cols-2">
            <Input
              label={t('apply.firstName')}
              autoComplete="given-name"
              required
              error={errorText(errors.first_name?.message)}
              {...form.register('first_name')}
            />
            <Input
              label={t('apply.lastName')}
              autoComplete="family-name"
              required
              error={errorText(errors.last_name?.message)}
              {...form.register('last_name')}
            />
          </div>
          <Input
            label={t('apply.email')}
            type="email"
            autoComplete="email"
            required
            error={errorText(errors.email?.message)}
            {...form.register('email')}
          />
          <Checkbox
            label={
              <Trans
                t={t}
                i18nKey="welcome.consent"
                values={{ company: data.company.name }}
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
            error={errors.consent ? t('welcome.consentRequired') : undefined}
            {...form.register('consent')}
          />
          {apply.error &&
            !(
              isApiError(apply.error) &&
              Object.keys(apply.error.fields).length > 0
            ) && <FormError>{apply.error.message}</FormError>}
          <Button
            type="submit"
            size="lg"
            className="w-full"
            loading={apply.isPending}
          >
            {t('apply.submit')}
          </Button>
        </form>
      </div>
    </InterviewShell>
  );
}
