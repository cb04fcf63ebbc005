import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/button';
import { Input } from '../../../components/form-field';
import { Modal } from '../../../components/modal';
import { paths } from '../../../lib/paths';
import type { InviteFields } from '../api/send-invitations';

/** Invite, resend and invite-all share one form: the sender name and an optional subject. */
export function InviteDialog({
  title,
  defaultFromName,
  submitLabel,
  pending,
  onSubmit,
  onClose,
}: {
  title: string;
  defaultFromName: string;
  submitLabel: string;
  pending: boolean;
  onSubmit: (fields: InviteFields) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('applications');
  const [fromName, setFromName] = useState(defaultFromName);
  const [subject, setSubject] = useState('');
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
          <Button
            loading={pending}
            onClick={() =>
              onSubmit({
                invited_from_name: fromName.trim(),
                invite_subject: subject.trim(),
              })
            }
          >
            {submitLabel}
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        <Input
          label={t('invite.fromName')}
          value={fromName}
          onChange={(event) => setFromName(event.target.value)}
        />
        <Input
          label={t('invite.subject')}
          hint={t('invite.subjectHint')}
          value={subject}
          onChange={(event) => setSubject(event.target.value)}
        />
        <Link
          to={paths.editInvitationEmail}
          className="text-sm font-medium text-brand-700 hover:underline"
        >
          {t('invite.editTemplate')}
        </Link>
      </div>
    </Modal>
  );
}
