import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { FormError, Textarea } from '../../../components/form-field';
import { Modal } from '../../../components/modal';

/** Declining ends the interview for good; the reason is optional and goes to the company. */
export function DeclineDialog({
  open,
  onOpenChange,
  onDecline,
  pending,
  error,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDecline: (reason: string) => void;
  pending: boolean;
  error: string | undefined;
}) {
  const { t } = useTranslation('interviewee');
  const [reason, setReason] = useState('');
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={t('decline.title')}
      description={t('decline.description')}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('decline.keep')}
          </Button>
          <Button
            variant="danger"
            loading={pending}
            onClick={() => onDecline(reason.trim())}
          >
            {t('decline.confirm')}
          </Button>
        </>
      }
    >
      <Textarea
        label={t('decline.reason')}
        hint={t('decline.reasonHint')}
        rows={4}
        maxLength={1000}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
      />
      {error && <FormError>{error}</FormError>}
    </Modal>
  );
}
