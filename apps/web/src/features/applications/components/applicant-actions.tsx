import type { ApplicantAction, ApplicationReply } from '@candor/domain';
import { MoreHorizontal } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/button';
import {
  DropdownMenu,
  DropdownMenuItem,
} from '../../../components/dropdown-menu';
import { cn } from '../../../lib/cn';
import { paths } from '../../../lib/paths';

/** Actions that open something else; the rest are handled by the page. */
export type RowCommand = Exclude<ApplicantAction, 'review' | 'view'> | 'email';

const PRIMARY: ApplicantAction[] = [
  'invite',
  'resend',
  'extend',
  'review',
  'view',
  'shortlist',
  'unshortlist',
  'unarchive',
];

/**
 * The buttons of the spec's action table for one row: the main ones inline, the others (and
 * 'Send email' for company users) in a menu.
 */
export function ApplicantActions({
  application,
  jobId,
  canEmail,
  onCommand,
  align = 'end',
}: {
  application: ApplicationReply;
  jobId: number;
  canEmail: boolean;
  onCommand: (command: RowCommand, application: ApplicationReply) => void;
  align?: 'start' | 'end';
}) {
  const { t } = useTranslation('applications');
  const name = application.user.full_name;
  const inline = application.actions
    .filter((action) => PRIMARY.includes(action))
    .slice(0, 2);
  const menu = application.actions.filter((action) => !inline.includes(action));
  const button = (action: ApplicantAction) => {
    if (action === 'review' || action === 'view') {
      return (
        <Button
          key={action}
          asChild
          size="sm"
          variant={action === 'review' ? 'primary' : 'secondary'}
        >
          <Link to={paths.interviewee(jobId, application.id, 'overview')}>
            {t(`actions.${action}`)}
          </Link>
        </Button>
      );
    }
    return (
      <Button
        key={action}
        size="sm"
        variant={
          action === 'invite' || action === 'shortlist'
            ? 'primary'
            : 'secondary'
        }
        onClick={() => onCommand(action, application)}
      >
        {t(`actions.${action}`)}
      </Button>
    );
  };
  return (
    <div
      className={cn(
        'flex items-center gap-2',
        align === 'end' ? 'justify-end' : 'justify-start',
      )}
    >
      {inline.map(button)}
      {(menu.length > 0 || canEmail) && (
        <DropdownMenu
          label={t('actions.label', { name })}
          trigger={
            <Button
              size="sm"
              variant="ghost"
              aria-label={t('actions.label', { name })}
            >
              <MoreHorizontal className="size-4" aria-hidden />
            </Button>
          }
        >
          {menu.map((action) =>
            action === 'review' || action === 'view' ? (
              <DropdownMenuItem key={action} asChild>
                <Link to={paths.interviewee(jobId, application.id, 'overview')}>
                  {t(`actions.${action}`)}
                </Link>
              </DropdownMenuItem>
            ) : (
              <DropdownMenuItem
                key={action}
                tone={
                  action === 'delete' || action === 'reject'
                    ? 'danger'
                    : 'default'
                }
                onSelect={() => onCommand(action, application)}
              >
                {t(`actions.${action}`)}
              </DropdownMenuItem>
            ),
          )}
          {canEmail && (
            <DropdownMenuItem onSelect={() => onCommand('email', application)}>
              {t('actions.email')}
            </DropdownMenuItem>
          )}
        </DropdownMenu>
      )}
    </div>
  );
}
