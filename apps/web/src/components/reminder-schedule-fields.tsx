import type { JobReminderSettings } from '@candor/domain';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Checkbox, Select } from './form-field';

/** A schedule as its form holds it: '' is "none" in both selects. */
export type ReminderScheduleForm = {
  enabled: boolean;
  hours_before: string;
  morning_time: string;
};

const HOURS_CHOICES = [24, 48, 72, 168];
const MORNING_CHOICES = ['07:00', '08:00', '09:00', '10:00', '12:00'];

export function toScheduleForm(
  settings: JobReminderSettings,
): ReminderScheduleForm {
  return {
    enabled: settings.enabled,
    hours_before:
      settings.hours_before === null ? '' : String(settings.hours_before),
    morning_time: settings.morning_time ?? '',
  };
}

export function fromScheduleForm(
  form: ReminderScheduleForm,
): JobReminderSettings {
  return {
    enabled: form.enabled,
    hours_before: form.hours_before === '' ? null : Number(form.hours_before),
    morning_time: form.morning_time === '' ? null : form.morning_time,
  };
}

/** A saved value outside the usual choices (set through the API) stays choosable. */
function withSaved<T>(choices: T[], saved: T | null): T[] {
  return saved === null || choices.includes(saved)
    ? choices
    : [...choices, saved].sort();
}

/**
 * On/off and the two reminder times, shared by the company's settings (for new interviews)
 * and each interview's own.
 */
export function ReminderScheduleFields({
  saved,
  enabled,
  fields,
  errors,
}: {
  saved: JobReminderSettings;
  enabled: boolean;
  fields: {
    enabled: UseFormRegisterReturn;
    hoursBefore: UseFormRegisterReturn;
    morningTime: UseFormRegisterReturn;
  };
  errors: {
    hoursBefore?: string | undefined;
    morningTime?: string | undefined;
  };
}) {
  const { t } = useTranslation('reminders');
  const hours = withSaved(HOURS_CHOICES, saved.hours_before).sort(
    (a, b) => a - b,
  );
  return (
    <>
      <Checkbox
        label={t('schedule.enabled')}
        hint={t('schedule.enabledHint')}
        {...fields.enabled}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <Select
          label={t('schedule.hoursBefore')}
          disabled={!enabled}
          error={errors.hoursBefore}
          options={[
            { value: '', label: t('schedule.hoursBeforeOff') },
            ...hours.map((count) => ({
              value: String(count),
              label: t('schedule.hoursBeforeValue', { count }),
            })),
          ]}
          {...fields.hoursBefore}
        />
        <Select
          label={t('schedule.morning')}
          hint={t('schedule.morningHint')}
          disabled={!enabled}
          error={errors.morningTime}
          options={[
            { value: '', label: t('schedule.morningOff') },
            ...withSaved(MORNING_CHOICES, saved.morning_time).map((time) => ({
              value: time,
              label: t('schedule.morningValue', { time }),
            })),
          ]}
          {...fields.morningTime}
        />
      </div>
    </>
  );
}
