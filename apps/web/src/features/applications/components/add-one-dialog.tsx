import { zodResolver } from '@hookform/resolvers/zod';
import {
  checkBulkUser,
  newApplicantUserSchema,
  type BulkApplicantUser,
} from '@candor/domain';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Button } from '../../../components/button';
import { FormError, Input } from '../../../components/form-field';
import { Modal } from '../../../components/modal';
import { toast } from '../../../components/toast';
import { useErrorText } from '../../../lib/error-text';
import { formErrorText, showFieldErrors } from '../../../lib/form-errors';
import { useAddApplications } from '../api/add-applications';

const FIELDS = ['first_name', 'last_name', 'email', 'phone'] as const;

// The API's fields with the checks bulk add makes, so one interviewee meets the same rules.
const addOneSchema = newApplicantUserSchema.superRefine((user, context) => {
  for (const [field, message] of Object.entries(checkBulkUser(user)))
    context.addIssue({ code: 'custom', path: [field], message });
});

/** Adds one interviewee; the same checks as bulk add, the server's messages per field. */
export function AddOneDialog({
  jobId,
  smsEnabled,
  onClose,
}: {
  jobId: number;
  smsEnabled: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('applications');
  const errorText = useErrorText();
  const form = useForm<
    z.input<typeof addOneSchema>,
    unknown,
    BulkApplicantUser
  >({
    resolver: zodResolver(addOneSchema),
    defaultValues: { first_name: '', last_name: '', email: '', phone: '' },
  });
  const { errors } = form.formState;
  const add = useAddApplications();
  const submit = form.handleSubmit((user) =>
    add.mutate(
      { jobId, user },
      {
        onSuccess: () => {
          toast.success(
            t('addOneForm.added', {
              name: `${user.first_name} ${user.last_name}`,
            }),
          );
          onClose();
        },
        onError: showFieldErrors(form.setError, FIELDS),
      },
    ),
  );
  return (
    <Modal
      open
      size="sm"
      onOpenChange={(open) => !open && onClose()}
      title={t('addOneForm.title')}
    >
      <form
        onSubmit={(event) => void submit(event)}
        className="space-y-4"
        noValidate
      >
        <FormError>{errorText(formErrorText(add.error, FIELDS))}</FormError>
        {FIELDS.filter((field) => field !== 'phone' || smsEnabled).map(
          (field) => (
            <Input
              key={field}
              label={t(`fields.${field}`)}
              type={
                field === 'email' ? 'email' : field === 'phone' ? 'tel' : 'text'
              }
              autoComplete="off"
              error={errorText(errors[field]?.message)}
              {...form.register(field)}
            />
          ),
        )}
        <div className="flex justify-end gap-2 pt-2">
          <Button variant="secondary" onClick={onClose}>
            {t('actions.cancel', { ns: 'common' })}
          </Button>
          <Button type="submit" loading={add.isPending}>
            {t('addOneForm.submit')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
