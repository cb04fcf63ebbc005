import { CATEGORY_DROPDOWN_CLOSE_MS, filterCategories } from '@candor/domain';
import { useEffect, useId, useRef, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn';

type CategorySelectProps = {
  /** The text in the box: a form field (react-hook-form's `Controller` gives these four). */
  value: string;
  onChange: (text: string) => void;
  onBlur?: () => void;
  ref?: Ref<HTMLInputElement>;
  categories: string[];
  /** Called with the chosen or typed category (Enter, or a click in the list). */
  onSubmit: (category: string) => void;
  error?: string;
  disabled?: boolean;
};

/**
 * A combobox: type a new category or pick one in use. The list filters only once more than
 * one character is typed (spec section 5) and closes 100 ms after the box loses focus, so a
 * click on an option still lands.
 */
export function CategorySelect({
  value: text,
  onChange,
  onBlur,
  ref,
  categories,
  onSubmit,
  error,
  disabled,
}: CategorySelectProps) {
  const { t } = useTranslation('videos');
  const id = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const closeTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  const options = filterCategories(categories, text);
  const choose = (category: string) => {
    onChange(category);
    setOpen(false);
    onSubmit(category);
  };

  return (
    <div className="relative space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {t('rename.category')}
      </label>
      <input
        ref={ref}
        id={id}
        role="combobox"
        aria-expanded={open}
        aria-controls={`${id}-list`}
        aria-autocomplete="list"
        aria-invalid={!!error || undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        autoComplete="off"
        disabled={disabled}
        value={text}
        placeholder={t('rename.selectCategory')}
        className={cn(
          'block h-9 w-full rounded-lg border bg-surface px-3 text-base text-ink shadow-xs placeholder:text-slate-400 focus:outline-2 sm:text-sm',
          error
            ? 'border-danger focus:outline-danger'
            : 'border-slate-300 hover:border-slate-400 focus:outline-brand-600',
        )}
        onFocus={() => {
          window.clearTimeout(closeTimer.current);
          setOpen(true);
        }}
        onBlur={() => {
          onBlur?.();
          closeTimer.current = window.setTimeout(
            () => setOpen(false),
            CATEGORY_DROPDOWN_CLOSE_MS,
          );
        }}
        onChange={(event) => {
          onChange(event.target.value);
          setActive(-1);
          setOpen(true);
        }}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            setOpen(true);
            setActive((index) => Math.min(index + 1, options.length - 1));
          } else if (event.key === 'ArrowUp') {
            event.preventDefault();
            setActive((index) => Math.max(index - 1, -1));
          } else if (event.key === 'Enter') {
            // Enter submits the category box (spec section 5), never the rename form.
            event.preventDefault();
            choose(options[active] ?? text.trim());
          } else if (event.key === 'Escape' && open) {
            event.stopPropagation();
            setOpen(false);
          }
        }}
      />
      {open && options.length > 0 && (
        <ul
          id={`${id}-list`}
          role="listbox"
          className="absolute z-20 mt-1 max-h-48 w-full overflow-auto rounded-lg border border-border bg-surface py-1 shadow-lg"
        >
          {options.map((category, index) => (
            <li
              key={category}
              role="option"
              aria-selected={index === active}
              className={cn(
                'cursor-pointer px-3 py-1.5 text-sm text-ink hover:bg-slate-50',
                index === active && 'bg-brand-50',
              )}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(category)}
            >
              {category}
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-danger" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
