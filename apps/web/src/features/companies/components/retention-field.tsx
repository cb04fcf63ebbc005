import {
  DATA_RETENTION_CHOICES,
  isShorterRetention,
  retentionCutoff,
  type DataRetentionMonths,
} from '@candor/domain';
import { AlertTriangle, ShieldCheck } from 'lucide-react';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Select } from '../../../components/form-field';
import { useFormatDate } from '../../../lib/format-date';

/** The form holds the choice as the select's text: '' is "until deleted". */
export const retentionToForm = (months: DataRetentionMonths): string =>
  months === null ? '' : String(months);

function fromForm(value: string): DataRetentionMonths {
  const months = Number(value);
  return DATA_RETENTION_CHOICES.find((choice) => choice === months) ?? null;
}

/** How one period reads: "6 months", "1 year", "Until deleted". */
export function useRetentionLabel() {
  const { t } = useTranslation('companies');
  return (months: DataRetentionMonths) =>
    months === null
      ? t('settings.retention.untilDeleted')
      : months % 12 === 0
        ? t('settings.retention.years', { count: months / 12 })
        : t('settings.retention.months', { count: months });
}

export function useCutoffDate() {
  const { day } = useFormatDate();
  return (months: number) => day(retentionCutoff(months, new Date()));
}

/**
 * "Keep interviewee data for": the choice, what erasing means, and where the line falls today.
 * A choice shorter than the saved one says, before saving, that it erases people.
 */
export function RetentionField({
  saved,
  value,
  error,
  ...register
}: Omit<ComponentProps<typeof Select>, 'label' | 'options' | 'value'> & {
  saved: DataRetentionMonths;
  value: string;
}) {
  const { t } = useTranslation('companies');
  const label = useRetentionLabel();
  const cutoff = useCutoffDate();
  const chosen = fromForm(value);
  const erasesMore = isShorterRetention(saved, chosen);
  return (
    <div className="space-y-4">
      <Select
        label={t('settings.retention.label')}
        options={DATA_RETENTION_CHOICES.map((months) => ({
          value: retentionToForm(months),
          label: label(months),
        }))}
        error={error}
        {...register}
      />
      <div className="rounded-lg border border-border bg-page px-4 py-3 text-sm text-slate-700">
        <p className="flex items-center gap-2 font-medium text-ink">
          <ShieldCheck className="size-4 text-brand-700" aria-hidden />
          {t('settings.retention.whatTitle')}
        </p>
        <p className="mt-1.5">{t('settings.retention.what')}</p>
        <p className="mt-1.5 text-muted">
          {t('settings.retention.lastActivity')}
        </p>
      </div>
      {erasesMore && chosen !== null ? (
        <p
          className="flex gap-2 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
          data-testid="retention-effect"
        >
          <AlertTriangle
            className="mt-0.5 size-4 shrink-0 text-amber-600"
            aria-hidden
          />
          <span>
            {t('settings.retention.willErase', { date: cutoff(chosen) })}
          </span>
        </p>
      ) : (
        <p className="text-sm text-muted" data-testid="retention-effect">
          {chosen === null
            ? t('settings.retention.keepsAll')
            : t('settings.retention.today', { date: cutoff(chosen) })}
        </p>
      )}
    </div>
  );
}
