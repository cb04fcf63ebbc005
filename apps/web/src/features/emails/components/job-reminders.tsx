import type { JobReminderSettings } from '@candor/domain';
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/button';
import { FormError } from '../../../components/form-field';
import {
  fromScheduleForm,
  ReminderScheduleFields,
  toScheduleForm,
  type ReminderScheduleForm,
} from '../../../components/reminder-schedule-fields';
import { Skeleton } from '../../../components/skeleton';
import { toast } from '../../../components/toast';
import { useErrorText } from '../../../lib/error-text';
import { formErrorText, showFieldErrors } from '../../../lib/form-errors';
import { paths } from '../../../lib/paths';
import {
  useJobReminderSettings,
  useUpdateJobReminderSettings,
} from '../api/job-reminder-settings';

const FIELDS = ['hours_before', 'morning_time'] as const;

/** One interview's candidate reminders, beside its reminder e-mail (decision 155). */
export function JobReminders({ jobId }: { jobId: number }) {
  const { t } = useTranslation('reminders');
  const settings = useJobReminderSettings(jobId);
  return (
    <section
      aria-labelledby="job-reminders-title"
      className="space-y-5 rounded-lg border border-border bg-surface p-5"
    >
      <div>
        <h3
          id="job-reminders-title"
          className="text-base font-semibold text-ink"
        >
          {t('job.title')}
        </h3>
        <p className="mt-1 text-sm text-muted">{t('job.description')}</p>
      </div>
      {settings.data ? (
        <JobRemindersForm jobId={jobId} settings={settings.data} />
      ) : settings.isError ? (
        <FormError>{settings.error.message}</FormError>
      ) : (
        <div aria-busy className="space-y-4">
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-9 w-full" />
        </div>
      )}
    </section>
  );
}

function JobRemindersForm({
  jobId,
  settings,
}: {
  jobId: number;
  settings: JobReminderSettings;
}) {
  const { t } = useTranslation('reminders');
  const errorText = useErrorText();
  const update = useUpdateJobReminderSettings();
  const form = useForm<ReminderScheduleForm>({
    defaultValues: toScheduleForm(settings),
  });
  const { errors, isDirty } = form.formState;
  const enabled = useWatch({ control: form.control, name: 'enabled' });

  useEffect(() => form.reset(toScheduleForm(settings)), [settings, form]);

  const submit = form.handleSubmit((values) =>
    update.mutate(
      { jobId, ...fromScheduleForm(values) },
      {
        onSuccess: () => toast.success(t('job.saved')),
        onError: showFieldErrors(form.setError, FIELDS),
      },
    ),
  );

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      className="space-y-5"
    >
      <FormError>{errorText(formErrorText(update.error, FIELDS))}</FormError>
      <ReminderScheduleFields
        saved={settings}
        enabled={enabled}
        fields={{
          enabled: form.register('enabled'),
          hoursBefore: form.register('hours_before'),
          morningTime: form.register('morning_time'),
        }}
        errors={{
          hoursBefore: errorText(errors.hours_before?.message),
          morningTime: errorText(errors.morning_time?.message),
        }}
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted">
          <Link
            to={paths.companySettings}
            className="text-brand-700 underline-offset-2 hover:underline"
          >
            {t('job.timeZone')}
          </Link>
        </p>
        <Button
          type="submit"
          variant="secondary"
          loading={update.isPending}
          disabled={!isDirty}
        >
          {t('job.save')}
        </Button>
      </div>
    </form>
  );
}
