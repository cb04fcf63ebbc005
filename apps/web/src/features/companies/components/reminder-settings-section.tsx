import type { CompanyReminderSettings } from '@candor/domain';
import { Mail } from 'lucide-react';
import { useEffect, useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/button';
import { FormError, Select } from '../../../components/form-field';
import {
  fromScheduleForm,
  ReminderScheduleFields,
  toScheduleForm,
  type ReminderScheduleForm,
} from '../../../components/reminder-schedule-fields';
import { SettingsSection } from '../../../components/settings-section';
import { Skeleton } from '../../../components/skeleton';
import { toast } from '../../../components/toast';
import { useErrorText } from '../../../lib/error-text';
import { formErrorText, showFieldErrors } from '../../../lib/form-errors';
import { paths } from '../../../lib/paths';
import {
  useReminderSettings,
  useUpdateReminderSettings,
} from '../api/reminder-settings';

type FormValues = ReminderScheduleForm & { time_zone: string };
const FIELDS = ['hours_before', 'morning_time', 'time_zone'] as const;

const toForm = (settings: CompanyReminderSettings): FormValues => ({
  ...toScheduleForm(settings),
  time_zone: settings.time_zone,
});

/** The company's candidate reminders for new interviews, saved on their own (decision 155). */
export function ReminderSettingsSection() {
  const { t } = useTranslation('reminders');
  const settings = useReminderSettings();
  return (
    <SettingsSection
      title={t('company.title')}
      description={t('company.description')}
    >
      {settings.data ? (
        <ReminderSettingsForm settings={settings.data} />
      ) : settings.isError ? (
        <FormError>{settings.error.message}</FormError>
      ) : (
        <div aria-busy className="space-y-4">
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-9 w-full" />
          <Skeleton className="h-9 w-full" />
        </div>
      )}
    </SettingsSection>
  );
}

function ReminderSettingsForm({
  settings,
}: {
  settings: CompanyReminderSettings;
}) {
  const { t } = useTranslation('reminders');
  const errorText = useErrorText();
  const update = useUpdateReminderSettings();
  const form = useForm<FormValues>({ defaultValues: toForm(settings) });
  const { errors, isDirty } = form.formState;
  const enabled = useWatch({ control: form.control, name: 'enabled' });
  const zones = useMemo(() => {
    const all = Intl.supportedValuesOf('timeZone');
    return all.includes(settings.time_zone)
      ? all
      : [settings.time_zone, ...all];
  }, [settings.time_zone]);

  useEffect(() => form.reset(toForm(settings)), [settings, form]);

  const submit = form.handleSubmit((values) =>
    update.mutate(
      { ...fromScheduleForm(values), time_zone: values.time_zone },
      {
        onSuccess: () => toast.success(t('company.saved')),
        onError: showFieldErrors(form.setError, FIELDS),
      },
    ),
  );

  // Inside the settings page's own form: a group with its own save, not a nested form.
  return (
    <div role="group" aria-label={t('company.title')} className="space-y-5">
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
      <Select
        label={t('company.timeZone')}
        hint={t('company.timeZoneHint')}
        error={errorText(errors.time_zone?.message)}
        options={zones.map((zone) => ({
          value: zone,
          label: zone.replaceAll('_', ' '),
        }))}
        {...form.register('time_zone')}
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Link
          to={paths.editReminderEmail}
          className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:text-brand-800"
        >
          <Mail className="size-4" aria-hidden />
          {t('company.editTemplate')}
        </Link>
        <Button
          variant="secondary"
          onClick={() => void submit()}
          loading={update.isPending}
          disabled={!isDirty}
        >
          {t('company.save')}
        </Button>
      </div>
    </div>
  );
}
