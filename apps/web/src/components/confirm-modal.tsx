import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { Modal } from './modal';

export type ConfirmOptions = {
  title: string;
  description?: string;
  /** The label of the agree button, e.g. 'Delete'. */
  actionLabel?: string;
  cancelLabel?: string;
  /** 'danger' paints the agree button red for irreversible actions. */
  tone?: 'default' | 'danger';
};

/** What `confirm()` asks, as a dialog; loaded by ConfirmDialogHost the first time it is needed. */
export default function ConfirmModal({
  current,
  onAnswer,
}: {
  current: ConfirmOptions | null;
  onAnswer: (agreed: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={!!current}
      onOpenChange={(open) => !open && onAnswer(false)}
      title={current?.title ?? ''}
      description={current?.description}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={() => onAnswer(false)}>
            {current?.cancelLabel ?? t('actions.cancel')}
          </Button>
          <Button
            variant={current?.tone === 'danger' ? 'danger' : 'primary'}
            onClick={() => onAnswer(true)}
            autoFocus
          >
            {current?.actionLabel ?? t('actions.confirm')}
          </Button>
        </>
      }
    />
  );
}
