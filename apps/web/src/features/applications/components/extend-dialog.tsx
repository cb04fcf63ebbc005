import { defaultExtendedDeadline } from '@candor/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { Modal } from '../../../components/modal';
import { DeadlinePicker } from './deadline-picker';

export type ExtendChoice = { deadline: Date; include: string };

/**
 * One applicant's deadline, or several (extend all: expired only, everyone awaiting, or the
 * selected rows). The default is one day after the deadline, or after today if it is past.
 */
export function ExtendDialog({
  title,
  current,
  includeChoices,
  pending,
  onSubmit,
  onClose,
}: {
  title: string;
  current: Date | null;
  /** For extend all: the values and labels of who is included. */
  includeChoices?: { value: string; label: string }[];
  pending: boolean;
  onSubmit: (choice: ExtendChoice) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('applications');
  const [deadline, setDeadline] = useState(() =>
    defaultExtendedDeadline(current, new Date()),
  );
  const [include, setInclude] = useState(includeChoices?.[0]?.value ?? '');
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
          <Button
            loading={pending}
            onClick={() => onSubmit({ deadline, include })}
          >
            {t('extend.submit')}
          </Button>
        </>
      }
    >
      <div className="space-y-5">
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
                    name="include"
                    value={choice.value}
                    checked={include === choice.value}
                    onChange={() => setInclude(choice.value)}
                    className="size-4 accent-brand-700"
                  />
                  {choice.label}
                </label>
              ))}
            </div>
          </fieldset>
        )}
        <DeadlinePicker
          current={current}
          value={deadline}
          onChange={setDeadline}
        />
      </div>
    </Modal>
  );
}
