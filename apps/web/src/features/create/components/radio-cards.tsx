import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

/** A labelled group of radio buttons drawn as cards, registered as one form field. */
export function RadioCards<Value extends string>({
  legend,
  values,
  label,
  field,
  disabled,
  note,
}: {
  legend: string;
  values: readonly Value[];
  label: (value: Value) => string;
  field: UseFormRegisterReturn;
  disabled?: boolean;
  /** Under the cards: why they cannot change, for one. */
  note?: ReactNode;
}) {
  return (
    <fieldset disabled={disabled}>
      <legend className="mb-2 text-sm font-medium text-slate-800">
        {legend}
      </legend>
      <div className="flex flex-wrap gap-2">
        {values.map((value) => (
          <label
            key={value}
            className="flex cursor-pointer items-center gap-2 rounded-lg border border-border px-3 py-2 text-sm has-checked:border-brand-600 has-checked:bg-brand-50"
          >
            <input
              type="radio"
              value={value}
              className="accent-brand-700"
              {...field}
            />
            {label(value)}
          </label>
        ))}
      </div>
      {note && <p className="mt-1 text-sm text-muted">{note}</p>}
    </fieldset>
  );
}
