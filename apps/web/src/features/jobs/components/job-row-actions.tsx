import { jobActions, type Job, type JobAction } from '@candor/domain';
import { MoreHorizontal } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/button';
import { confirm } from '../../../components/confirm-dialog';
import {
  DropdownMenu,
  DropdownMenuItem,
  DropdownMenuSeparator,
} from '../../../components/dropdown-menu';
import { toast } from '../../../components/toast';
import { useErrorText } from '../../../lib/error-text';
import { useJobAction } from '../../../lib/jobs/job-actions';
import { jobEditLinks } from '../../../lib/jobs/job-edit-links';
import { paths } from '../../../lib/paths';

/**
 * Where to edit the interview (a draft continues its creation steps), then publish, archive,
 * unarchive and delete (with confirmation) as the status allows.
 */
export function JobRowActions({ job }: { job: Job }) {
  const { t } = useTranslation('jobs');
  const errorText = useErrorText();
  const action = useJobAction();
  const allowed = jobActions(job.status);

  const run = async (name: JobAction) => {
    if (name === 'delete') {
      const ok = await confirm({
        title: t('delete.title'),
        description: t('delete.body', { title: job.title }),
        actionLabel: t('actions.delete', { ns: 'common' }),
        tone: 'danger',
      });
      if (!ok) return;
    }
    action.mutate(
      { id: job.id, action: name },
      {
        onSuccess: () => toast.success(t(`done.${name}`, { title: job.title })),
        onError: (error) =>
          toast.error(errorText(error.message) ?? error.message),
      },
    );
  };

  const lifecycle = allowed.filter((name) => name !== 'delete');
  return (
    <DropdownMenu
      label={t('actionsFor', { title: job.title })}
      trigger={
        <Button
          variant="ghost"
          size="sm"
          aria-label={t('actionsFor', { title: job.title })}
          loading={action.isPending}
        >
          <MoreHorizontal className="size-4" aria-hidden />
        </Button>
      }
    >
      {job.status === 'Draft' ? (
        <DropdownMenuItem asChild>
          <Link to={paths.createStep(job.id, 'summary')}>
            {t('edit.continue')}
          </Link>
        </DropdownMenuItem>
      ) : (
        jobEditLinks(job.id).map(({ target, to }) => (
          <DropdownMenuItem key={target} asChild>
            <Link to={to}>{t(`edit.${target}`)}</Link>
          </DropdownMenuItem>
        ))
      )}
      {lifecycle.length > 0 && <DropdownMenuSeparator />}
      {lifecycle.map((name) => (
        <DropdownMenuItem key={name} onSelect={() => void run(name)}>
          {t(`action.${name}`)}
        </DropdownMenuItem>
      ))}
      {allowed.includes('delete') && (
        <>
          <DropdownMenuSeparator />
          <DropdownMenuItem tone="danger" onSelect={() => void run('delete')}>
            {t('action.delete')}
          </DropdownMenuItem>
        </>
      )}
    </DropdownMenu>
  );
}
