import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from './api-client';

/**
 * A mutation's `onError` that puts the API's messages for the form's fields under those
 * fields (decision 144); it answers whether any field took one, so the caller can report
 * the rest (`formErrorText`, or a toast).
 */
export function showFieldErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): (error: unknown) => boolean {
  return (error) => {
    if (!isApiError(error)) return false;
    let shown = false;
    for (const field of fields) {
      const message = error.fieldMessage(field);
      if (message) {
        setError(field, { message });
        shown = true;
      }
    }
    return shown;
  };
}

/** The failure's message for `FormError`, unless one of the form's fields shows it already. */
export function formErrorText(
  error: Error | null,
  fields: readonly string[],
): string | undefined {
  if (!error) return undefined;
  if (isApiError(error) && fields.some((field) => error.fieldMessage(field)))
    return undefined;
  return error.message;
}
