import { checkBulkUser, type BulkApplicantUser } from '@candor/domain';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { Input } from '../../../components/form-field';
import { Modal } from '../../../components/modal';
import { toast } from '../../../components/toast';
import { isApiError } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/error-text';
import { useAddApplications } from '../api/add-applications';

const FIELDS = ['first_name', 'last_name', 'email', 'phone'] as const;

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
  const [user, setUser] = useState<BulkApplicantUser>({
    first_name: '',
    last_name: '',
    email: '',
    phone: '',
  });
  const [errors, setErrors] = useState<
    Partial<Record<keyof BulkApplicantUser, string>>
  >({});
  const add = useAddApplications();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = checkBulkUser(user);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
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
        onError: (error) => {
          if (!isApiError(error)) return;
          setErrors(
            Object.fromEntries(
              FIELDS.map((field) => [field, error.fieldMessage(field)]).filter(
                ([, message]) => message,
              ),
            ),
          );
        },
      },
    );
  };
  return (
    <Modal
      open
      size="sm"
      onOpenChange={(open) => !open && onClose()}
      title={t('addOneForm.title')}
    >
      <form onSubmit={submit} className="space-y-4" noValidate>
        {FIELDS.filter((field) => field !== 'phone' || smsEnabled).map(
          (field) => (
            <Input
              key={field}
              label={t(`fields.${field}`)}
              type={
                field === 'email' ? 'email' : field === 'phone' ? 'tel' : 'text'
              }
              autoComplete="off"
              value={user[field]}
              error={errorText(errors[field])}
              onChange={(event) =>
                setUser((current) => ({
                  ...current,
                  [field]: event.target.value,
                }))
              }
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
