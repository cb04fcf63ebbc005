import {
  QUICK_EXTENSION_DAYS,
  isExtensionDayDisabled,
  quickExtendedDeadline,
  withTimeOf,
} from '@candor/domain';
import { DayPicker } from 'react-day-picker';
import 'react-day-picker/style.css';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { useFormatDate } from '../../../lib/format-date';

// The picker's own variables live on its root, so the brand colour is set there.
const BRAND_DAY_PICKER = {
  '--rdp-accent-color': 'var(--color-brand-700)',
  '--rdp-accent-background-color': 'var(--color-brand-50)',
  '--rdp-today-color': 'var(--color-brand-700)',
} as CSSProperties;

/**
 * The deadline extender: a calendar with the days up to the current deadline disabled, and
 * the quick choices +3, +5 and +7 days (spec sections 5 and 9).
 */
export function DeadlinePicker({
  current,
  value,
  onChange,
}: {
  current: Date | null;
  value: Date;
  onChange: (deadline: Date) => void;
}) {
  const { t } = useTranslation('applications');
  const format = useFormatDate().deadline;
  const now = new Date();
  return (
    <div className="space-y-4">
      {current && (
        <p className="text-sm text-muted">
          {t('extend.current', { date: format(current) })}
        </p>
      )}
      <div
        role="group"
        aria-label={t('extend.quick')}
        className="flex flex-wrap gap-2"
      >
        {QUICK_EXTENSION_DAYS.map((days) => (
          <Button
            key={days}
            size="sm"
            variant="secondary"
            onClick={() => onChange(quickExtendedDeadline(current, now, days))}
          >
            {t('extend.plusDays', { count: days })}
          </Button>
        ))}
      </div>
      <div className="rounded-lg border border-border p-2">
        <DayPicker
          mode="single"
          required
          selected={value}
          defaultMonth={value}
          onSelect={(day) => onChange(withTimeOf(day, value))}
          disabled={(day) => isExtensionDayDisabled(day, current, now)}
          style={BRAND_DAY_PICKER}
        />
      </div>
      <p className="text-sm font-medium text-ink" aria-live="polite">
        {t('extend.newDeadline', { date: format(value) })}
      </p>
    </div>
  );
}
