import {
  TOAST_DURATION,
  mergeTagsFor,
  type ApplicationReply,
} from '@candor/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { Input, Textarea } from '../../../components/form-field';
import { Modal } from '../../../components/modal';
import { toast } from '../../../components/toast';
import { useEmailApplicant } from '../api/email-applicant';

/** The e-mail composer (draft, then sending): subject and message are required. */
export function EmailComposer({
  jobId,
  application,
  onClose,
}: {
  jobId: number;
  application: ApplicationReply;
  onClose: () => void;
}) {
  const { t } = useTranslation('applications');
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const send = useEmailApplicant();
  const ready = subject.trim() !== '' && body.trim() !== '';
  const submit = () =>
    send.mutate(
      {
        jobId,
        id: application.id,
        to: application.user.email,
        subject: subject.trim(),
        body: body.trim(),
      },
      {
        onSuccess: () => {
          toast.success(t('composer.sent'), {
            dismissIn: TOAST_DURATION.email,
          });
          onClose();
        },
        onError: () =>
          toast.error(t('composer.failed'), {
            description: t('composer.tryAgain'),
            dismissIn: TOAST_DURATION.email,
          }),
      },
    );
  return (
    <Modal
      open
      size="lg"
      onOpenChange={(open) => !open && onClose()}
      title={t('composer.title', { name: application.user.full_name })}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('actions.cancel', { ns: 'common' })}
          </Button>
          <Button disabled={!ready} loading={send.isPending} onClick={submit}>
            {send.isPending ? t('composer.sending') : t('composer.send')}
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        <Input
          label={t('composer.to')}
          value={application.user.email}
          readOnly
        />
        <Input
          label={t('composer.subject')}
          value={subject}
          onChange={(event) => setSubject(event.target.value)}
        />
        <Textarea
          label={t('composer.message')}
          rows={8}
          value={body}
          onChange={(event) => setBody(event.target.value)}
          hint={t('composer.tags', { tags: mergeTagsFor('custom').join(' ') })}
        />
        {!ready && (
          <p className="text-sm text-muted">{t('composer.required')}</p>
        )}
      </div>
    </Modal>
  );
}
