import { zodResolver } from '@hookform/resolvers/zod';
import { emailApplicantBodySchema } from '@candor/domain';
import { Mail } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Button } from '../../../components/button';
import { Card, CardHeader } from '../../../components/card';
import { EmptyState } from '../../../components/empty-state';
import { Input, Textarea } from '../../../components/form-field';
import { SkeletonText } from '../../../components/skeleton';
import { StatusPill, type StatusTone } from '../../../components/status-pill';
import { toast, TOAST_DURATION } from '../../../components/toast';
import { useErrorText } from '../../../lib/error-text';
import { showFieldErrors } from '../../../lib/form-errors';
import { useEmails } from '../api/get-emails';
import { useSendEmail } from '../api/send-email';
import { formatDateTime } from '../../../lib/format-date';
import { TextsCard } from '../components/texts-card';
import { useInterviewee } from '../interviewee-context';

const tones: Record<'pending' | 'sent' | 'failed', StatusTone> = {
  pending: 'amber',
  sent: 'green',
  failed: 'red',
};

// The address is the interviewee's own, so the composer asks only for these.
const composeSchema = emailApplicantBodySchema.pick({
  email_subj: true,
  email_body: true,
});
type Compose = z.input<typeof composeSchema>;
const FIELDS = ['email_subj', 'email_body'] as const;

/** Every e-mail and text sent to the interviewee with its delivery state, and a composer. */
export default function CommsTab() {
  const { t, i18n } = useTranslation('reviews');
  const { job, application } = useInterviewee();
  const emails = useEmails(job.id, application.id);
  const send = useSendEmail();
  const errorText = useErrorText();
  const form = useForm<Compose>({
    resolver: zodResolver(composeSchema),
    defaultValues: { email_subj: '', email_body: '' },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) =>
    send.mutate(
      {
        job: job.id,
        application: application.id,
        to: application.user.email,
        subject: values.email_subj,
        body: values.email_body,
      },
      {
        onSuccess: () => {
          form.reset();
          toast.success(t('comms.sent'), { dismissIn: TOAST_DURATION.email });
        },
        onError: (error) => {
          if (!showFieldErrors(form.setError, FIELDS)(error))
            toast.error(t('comms.failed'), {
              description: t('comms.tryAgain'),
              dismissIn: TOAST_DURATION.email,
            });
        },
      },
    ),
  );

  return (
    <div className="space-y-6">
      <Card padding="none">
        <div className="px-5 pt-5">
          <CardHeader
            title={t('comms.title')}
            description={t('comms.description', {
              email: application.user.email,
            })}
          />
        </div>
        {emails.isPending ? (
          <div className="px-5 pb-5">
            <SkeletonText lines={4} />
          </div>
        ) : !emails.data?.length ? (
          <div className="px-5 pb-5">
            <EmptyState
              icon={Mail}
              title={t('comms.empty')}
              description={t('comms.emptyDescription')}
            />
          </div>
        ) : (
          <ul className="divide-y divide-border border-t border-border">
            {emails.data.map((email) => (
              <li key={email.id} className="px-5 py-4">
                <details>
                  <summary className="flex cursor-pointer list-none flex-wrap items-center gap-3">
                    <span className="min-w-0 flex-1">
                      <span className="block truncate text-sm font-medium text-ink">
                        {email.subject}
                      </span>
                      <span className="block text-xs text-muted">
                        {t(`comms.kind.${email.kind}`, {
                          defaultValue: email.kind,
                        })}{' '}
                        ·{' '}
                        {formatDateTime(
                          email.sent_at ?? email.created_at,
                          i18n.language,
                        )}
                      </span>
                    </span>
                    <StatusPill
                      tone={tones[email.status]}
                      title={email.last_error ?? undefined}
                    >
                      {t(`comms.status.${email.status}`)}
                    </StatusPill>
                  </summary>
                  <pre className="mt-3 font-sans text-sm whitespace-pre-wrap text-slate-700">
                    {email.text}
                  </pre>
                  {email.last_error && (
                    <p className="mt-2 text-xs text-red-700">
                      {email.last_error}
                    </p>
                  )}
                </details>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <TextsCard
        job={job.id}
        application={application.id}
        phone={application.user.phone}
      />
      <Card>
        <CardHeader title={t('comms.composeTitle')} />
        <form
          onSubmit={(event) => void submit(event)}
          className="space-y-3"
          noValidate
        >
          <Input
            label={t('comms.subject')}
            error={errorText(errors.email_subj?.message)}
            {...form.register('email_subj')}
          />
          <Textarea
            label={t('comms.message')}
            rows={5}
            error={errorText(errors.email_body?.message)}
            {...form.register('email_body')}
          />
          <Button type="submit" loading={send.isPending}>
            {t('comms.send')}
          </Button>
        </form>
      </Card>
    </div>
  );
}
