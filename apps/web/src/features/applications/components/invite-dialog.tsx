import { zodResolver } from '@hookform/resolvers/zod';
import { inviteBodySchema } from '@candor/domain';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Link } from 'react-router';
import { Button } from '../../../components/button';
import { FormError, Input } from '../../../components/form-field';
import { Modal } from '../../../components/modal';
import { useErrorText } from '../../../lib/error-text';
import { formErrorText, showFieldErrors } from '../../../lib/form-errors';
import { paths } from '../../../lib/paths';
import type { InviteFields } from '../api/send-invitations';

const FORM_ID = 'invite-interviewee';
const FIELDS = ['invited_from_name', 'invite_subject'] as const;

/** Invite, resend and invite-all share one form: the sender name and an optional subject. */
export function InviteDialog({
  title,
  defaultFromName,
  submitLabel,
  pending,
  error,
  onSubmit,
  onClose,
}: {
  title: string;
  defaultFromName: string;
  submitLabel: string;
  pending: boolean;
  /** The server's refusal of the last attempt: under its field, or above the form. */
  error: Error | null;
  onSubmit: (fields: InviteFields) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('applications');
  const errorText = useErrorText();
  const form = useForm<
    z.input<typeof inviteBodySchema>,
    unknown,
    z.output<typeof inviteBodySchema>
  >({
    resolver: zodResolver(inviteBodySchema),
    defaultValues: { invited_from_name: defaultFromName, invite_subject: '' },
  });
  const { errors } = form.formState;
  const { setError } = form;
  useEffect(() => {
    if (error) showFieldErrors(setError, FIELDS)(error);
  }, [error, setError]);
  const submit = form.handleSubmit((values) =>
    onSubmit({
      invited_from_name: values.invited_from_name ?? '',
      invite_subject: values.invite_subject ?? '',
    }),
  );
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={title}
      description={t('invite.description')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('actions.cancel', { ns: 'common' })}
          </Button>
          <Button type="submit" form={FORM_ID} loading={pending}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form
        id={FORM_ID}
        className="space-y-4"
        onSubmit={(event) => void submit(event)}
        noValidate
      >
        <FormError>{errorText(formErrorText(error, FIELDS))}</FormError>
        <Input
          label={t('invite.fromName')}
          error={errorText(errors.invited_from_name?.message)}
          {...form.register('invited_from_name')}
        />
        <Input
          label={t('invite.subject')}
          hint={t('invite.subjectHint')}
          error={errorText(errors.invite_subject?.message)}
          {...form.register('invite_subject')}
        />
        <Link
          to={paths.editInvitationEmail}
          className="text-sm font-medium text-brand-700 hover:underline"
        >
          {t('invite.editTemplate')}
        </Link>
      </form>
    </Modal>
  );
}
