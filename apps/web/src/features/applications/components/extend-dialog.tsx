import { zodResolver } from '@hookform/resolvers/zod';
import { defaultExtendedDeadline } from '@candor/domain';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '../../../components/button';
import { FormError } from '../../../components/form-field';
import { Modal } from '../../../components/modal';
import { useErrorText } from '../../../lib/error-text';
import { DeadlinePicker } from './deadline-picker';

export type ExtendChoice = { deadline: Date; include: string };

const FORM_ID = 'extend-deadline';
// The picker always holds a date the API takes, and `include` is one of the choices offered
// (none for one applicant), so the form checks only their types.
const extendSchema = z.object({ deadline: z.date(), include: z.string() });

/**
 * One applicant's deadline, or several (extend all: expired only, everyone awaiting, or the
 * selected rows). The default is one day after the deadline, or after today if it is past.
 */
export function ExtendDialog({
  title,
  current,
  includeChoices,
  pending,
  error,
  onSubmit,
  onClose,
}: {
  title: string;
  current: Date | null;
  /** For extend all: the values and labels of who is included. */
  includeChoices?: { value: string; label: string }[];
  pending: boolean;
  /** The server's refusal of the last attempt (a deadline it does not take, say). */
  error: Error | null;
  onSubmit: (choice: ExtendChoice) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('applications');
  const errorText = useErrorText();
  const form = useForm<ExtendChoice>({
    resolver: zodResolver(extendSchema),
    defaultValues: {
      deadline: defaultExtendedDeadline(current, new Date()),
      include: includeChoices?.[0]?.value ?? '',
    },
  });
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={title}
      description={t('extend.description')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('actions.cancel', { ns: 'common' })}
          </Button>
          <Button type="submit" form={FORM_ID} loading={pending}>
            {t('extend.submit')}
          </Button>
        </>
      }
    >
      <form
        id={FORM_ID}
        className="space-y-5"
        onSubmit={(event) => void form.handleSubmit(onSubmit)(event)}
        noValidate
      >
        <FormError>{errorText(error?.message)}</FormError>
        {includeChoices && (
          <fieldset>
            <legend className="mb-2 text-sm font-medium text-ink">
              {t('extend.include')}
            </legend>
            <div className="space-y-1.5">
              {includeChoices.map((choice) => (
                <label
                  key={choice.value}
                  className="flex items-center gap-2 text-sm"
                >
                  <input
                    type="radio"
                    value={choice.value}
                    className="size-4 accent-brand-700"
                    {...form.register('include')}
                  />
                  {choice.label}
                </label>
              ))}
            </div>
          </fieldset>
        )}
        <Controller
          control={form.control}
          name="deadline"
          render={({ field }) => (
            <DeadlinePicker
              current={current}
              value={field.value}
              onChange={field.onChange}
            />
          )}
        />
      </form>
    </Modal>
  );
}
