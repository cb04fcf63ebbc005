import type { Stage } from '@candor/domain';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import type { JobDialog } from '../hooks/use-job-dialogs';

/** What to do with the chosen rows: invite them (To invite) or extend them (Awaiting response). */
export function BulkBar({
  stage,
  selected,
  openDialog,
  onClear,
}: {
  stage: Stage;
  selected: Set<number>;
  openDialog: (dialog: JobDialog) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation('applications');
  if (selected.size === 0) return null;
  return (
    <div
      className="mt-4 flex flex-wrap items-center gap-3 rounded-lg border border-brand-200 bg-brand-50 px-4 py-2.5 text-sm"
      role="region"
      aria-label={t('selected', { count: selected.size })}
    >
      <span className="font-medium text-brand-800">
        {t('selected', { count: selected.size })}
      </span>
      {stage === 'ToInvite' && (
        <Button
          size="sm"
          onClick={() =>
            openDialog({
              kind: 'inviteMany',
              ids: [...selected],
              count: selected.size,
            })
          }
        >
          {t('inviteSelected')}
        </Button>
      )}
      {stage === 'AwaitingResponse' && (
        <Button
          size="sm"
          onClick={() => openDialog({ kind: 'extendMany', ids: [...selected] })}
        >
          {t('extendSelected')}
        </Button>
      )}
      <Button size="sm" variant="ghost" onClick={onClear}>
        {t('clearSelection')}
      </Button>
    </div>
  );
}
