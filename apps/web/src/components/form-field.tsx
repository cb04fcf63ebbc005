import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { cn } from '../lib/cn';

type FieldChrome = {
  label: ReactNode;
  /** Shown under the control; replaced by the error when there is one. */
  hint?: ReactNode;
  error?: string;
  /** Hides the label visually (e.g. a search box with a placeholder), keeping it for screen readers. */
  hideLabel?: boolean;
  className?: string;
};

const controlClasses = (hasError: boolean) =>
  cn(
    'block w-full rounded-lg border bg-surface px-3 text-base text-ink shadow-xs transition-colors sm:text-sm',
    'placeholder:text-slate-400 focus:outline-2 focus:outline-offset-0 disabled:bg-slate-50 disabled:text-slate-500',
    hasError
      ? 'border-danger focus:outline-danger'
      : 'border-slate-300 hover:border-slate-400 focus:outline-brand-600',
  );

function Field({
  id,
  label,
  hint,
  error,
  hideLabel,
  className,
  required,
  children,
}: FieldChrome & { id: string; required?: boolean; children: ReactNode }) {
  return (
    <div className={cn('space-y-1.5', className)}>
      <label
        htmlFor={id}
        className={cn(
          'block text-sm font-medium text-slate-800',
          hideLabel && 'sr-only',
        )}
      >
        {label}
        {required && (
          <span className="text-danger" aria-hidden>
            {' '}
            *
          </span>
        )}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-danger" role="alert">
          {error}
        </p>
      ) : (
        hint && (
          <p id={`${id}-hint`} className="text-sm text-muted">
            {hint}
          </p>
        )
      )}
    </div>
  );
}

function describedBy(id: string, error?: string, hint?: ReactNode) {
  if (error) return `${id}-error`;
  return hint ? `${id}-hint` : undefined;
}

export type InputProps = FieldChrome &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'className'> & {
    ref?: Ref<HTMLInputElement>;
  };

/** A labelled text input with hint and error text (works with react-hook-form's `register`). */
export function Input({
  label,
  hint,
  error,
  hideLabel,
  className,
  id,
  ...props
}: InputProps) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <Field
      {...{
        id: inputId,
        label,
        hint,
        error,
        hideLabel,
        className,
        required: props.required,
      }}
    >
      <input
        id={inputId}
        aria-invalid={!!error || undefined}
        aria-describedby={describedBy(inputId, error, hint)}
        className={cn(controlClasses(!!error), 'h-10 sm:h-9')}
        {...props}
      />
    </Field>
  );
}

export type TextareaProps = FieldChrome &
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'className'> & {
    ref?: Ref<HTMLTextAreaElement>;
  };

export function Textarea({
  label,
  hint,
  error,
  hideLabel,
  className,
  id,
  rows = 4,
  ...props
}: TextareaProps) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <Field
      {...{
        id: inputId,
        label,
        hint,
        error,
        hideLabel,
        className,
        required: props.required,
      }}
    >
      <textarea
        id={inputId}
        rows={rows}
        aria-invalid={!!error || undefined}
        aria-describedby={describedBy(inputId, error, hint)}
        className={cn(controlClasses(!!error), 'py-2')}
        {...props}
      />
    </Field>
  );
}

export type SelectProps = FieldChrome &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'className'> & {
    options: { value: string | number; label: string }[];
    /** A first, empty choice such as 'Select category'. */
    placeholder?: string;
    ref?: Ref<HTMLSelectElement>;
  };

export function Select({
  label,
  hint,
  error,
  hideLabel,
  className,
  id,
  options,
  placeholder,
  ...props
}: SelectProps) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <Field
      {...{
        id: inputId,
        label,
        hint,
        error,
        hideLabel,
        className,
        required: props.required,
      }}
    >
      <select
        id={inputId}
        aria-invalid={!!error || undefined}
        aria-describedby={describedBy(inputId, error, hint)}
        className={cn(controlClasses(!!error), 'h-10 pr-8 sm:h-9')}
        {...props}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

export type CheckboxProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'className'
> & {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  className?: string;
  ref?: Ref<HTMLInputElement>;
};

/** A checkbox with its label to the right and an optional hint below. */
export function Checkbox({
  label,
  hint,
  error,
  className,
  id,
  ...props
}: CheckboxProps) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <div className={cn('flex items-start gap-3', className)}>
      <input
        id={inputId}
        type="checkbox"
        aria-invalid={!!error || undefined}
        aria-describedby={describedBy(inputId, error, hint)}
        className="mt-0.5 size-4 shrink-0 rounded border-slate-300 accent-brand-700"
        {...props}
      />
      <div className="text-sm">
        <label htmlFor={inputId} className="font-medium text-slate-800">
          {label}
        </label>
        {error ? (
          <p id={`${inputId}-error`} className="text-danger" role="alert">
            {error}
          </p>
        ) : (
          hint && (
            <p id={`${inputId}-hint`} className="text-muted">
              {hint}
            </p>
          )
        )}
      </div>
    </div>
  );
}

/** A red box for a form-level error, e.g. the server's message after a failed save. */
export function FormError({ children }: { children?: ReactNode }) {
  if (!children) return null;
  return (
    <div
      role="alert"
      className="rounded-lg border border-red-200 bg-red-50 px-3 py-2.5 text-sm text-red-800"
    >
      {children}
    </div>
  );
}
