import * as Popover from '@radix-ui/react-popover';
import { CalendarRange } from 'lucide-react';
import { useState } from 'react';
import { DayPicker, type DateRange } from 'react-day-picker';
import 'react-day-picker/style.css';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn';
import { useFormatDate } from '../../../lib/format-date';
import type { StatsPeriod } from '../api/get-stats';

const DAY_MS = 86_400_000;

export function isoDay(date: Date): string {
  return new Date(Date.UTC(date.getFullYear(), date.getMonth(), date.getDate()))
    .toISOString()
    .slice(0, 10);
}

function fromIso(day: string): Date {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year ?? 1970, (month ?? 1) - 1, date ?? 1);
}

export function lastDays(days: number, today = new Date()): StatsPeriod {
  return {
    from_date: isoDay(new Date(today.getTime() - (days - 1) * DAY_MS)),
    to_date: isoDay(today),
  };
}

const PRESETS = [
  { key: 'last30', days: 30 },
  { key: 'last90', days: 90 },
  { key: 'last365', days: 365 },
] as const;

/** Quick periods plus a two-month calendar for any range. */
export function DateRangePicker({
  value,
  onChange,
}: {
  value: StatsPeriod;
  onChange: (period: StatsPeriod) => void;
}) {
  const { t } = useTranslation('reports');
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<DateRange | undefined>();
  const formatDate = useFormatDate();
  const format = (day: string) => formatDate.day(fromIso(day));
  const active = PRESETS.find((preset) => {
    const period = lastDays(preset.days);
    return (
      period.from_date === value.from_date && period.to_date === value.to_date
    );
  });

  return (
    <div className="flex flex-wrap items-center gap-2">
      <div
        role="group"
        aria-label={t('period.presets')}
        className="inline-flex rounded-lg border border-border bg-surface p-0.5"
      >
        {PRESETS.map((preset) => (
          <button
            key={preset.key}
            type="button"
            aria-pressed={active?.key === preset.key}
            onClick={() => onChange(lastDays(preset.days))}
            className={cn(
              'rounded-md px-3 py-1.5 text-sm font-medium text-slate-600 hover:text-ink',
              active?.key === preset.key && 'bg-brand-50 text-brand-800',
            )}
          >
            {t(`period.${preset.key}`)}
          </button>
        ))}
      </div>
      <Popover.Root
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (next)
            setDraft({
              from: fromIso(value.from_date),
              to: fromIso(value.to_date),
            });
        }}
      >
        <Popover.Trigger asChild>
          <button
            type="button"
            className="inline-flex h-9 items-center gap-2 rounded-lg border border-border bg-surface px-3 text-sm text-ink shadow-xs hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600"
            aria-label={t('period.choose')}
          >
            <CalendarRange className="size-4 text-muted" aria-hidden />
            {t('period.range', {
              from: format(value.from_date),
              to: format(value.to_date),
            })}
          </button>
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content
            align="end"
            sideOffset={6}
            className="z-50 rounded-lg border border-border bg-surface p-3 shadow-lg"
          >
            <DayPicker
              mode="range"
              numberOfMonths={2}
              defaultMonth={draft?.from}
              selected={draft}
              onSelect={setDraft}
              disabled={{ after: new Date() }}
              weekStartsOn={1}
            />
            <div className="flex justify-end gap-2 border-t border-border pt-3">
              <button
                type="button"
                className="rounded-md px-3 py-1.5 text-sm text-slate-600 hover:bg-slate-100"
                onClick={() => setOpen(false)}
              >
                {t('actions.cancel', { ns: 'common' })}
              </button>
              <button
                type="button"
                disabled={!draft?.from}
                className="rounded-md bg-brand-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-800 disabled:opacity-50"
                onClick={() => {
                  if (!draft?.from) return;
                  onChange({
                    from_date: isoDay(draft.from),
                    to_date: isoDay(draft.to ?? draft.from),
                  });
                  setOpen(false);
                }}
              >
                {t('period.apply')}
              </button>
            </div>
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
    </div>
  );
}
