import type { ApplicationReply } from '@candor/domain';
import { useTranslation } from 'react-i18next';
import type { JobDialogs as Dialogs } from '../hooks/use-job-dialogs';
import { AddOneDialog } from './add-one-dialog';
import { BulkAddDialog } from './bulk-add-dialog';
import { EmailComposer } from './email-composer';
import { ExtendDialog } from './extend-dialog';
import { InviteDialog } from './invite-dialog';

/** Whichever of the job page's dialogs is open. */
export function JobDialogs({
  jobId,
  dialogs,
  fromName,
  smsEnabled,
  rows,
}: {
  jobId: number;
  dialogs: Dialogs;
  fromName: string;
  smsEnabled: boolean;
  /** The rows on screen, for the latest deadline among the chosen ones. */
  rows: ApplicationReply[];
}) {
  const { t } = useTranslation('applications');
  const { dialog, close, pending } = dialogs;
  switch (dialog?.kind) {
    case 'bulk':
      return (
        <BulkAddDialog jobId={jobId} smsEnabled={smsEnabled} onClose={close} />
      );
    case 'addOne':
      return (
        <AddOneDialog jobId={jobId} smsEnabled={smsEnabled} onClose={close} />
      );
    case 'invite':
      return (
        <InviteDialog
          title={t(dialog.resend ? 'invite.resendTitle' : 'invite.title', {
            name: dialog.application.user.full_name,
          })}
          defaultFromName={fromName}
          submitLabel={t('invite.send')}
          pending={pending.invite}
          error={dialogs.errors.invite}
          onSubmit={dialogs.sendInvite}
          onClose={close}
        />
      );
    case 'inviteMany':
      return (
        <InviteDialog
          title={t(
            dialog.ids === 'all' ? 'invite.allTitle' : 'invite.selectedTitle',
            { count: dialog.count },
          )}
          defaultFromName={fromName}
          submitLabel={t('invite.sendAll')}
          pending={pending.inviteMany}
          error={dialogs.errors.inviteMany}
          onSubmit={dialogs.sendInvites}
          onClose={close}
        />
      );
    case 'extend':
      return (
        <ExtendDialog
          title={t('extend.title', { name: dialog.application.user.full_name })}
          current={
            dialog.application.deadline
              ? new Date(dialog.application.deadline)
              : null
          }
          pending={pending.extend}
          error={dialogs.errors.extend}
          onSubmit={dialogs.sendExtension}
          onClose={close}
        />
      );
    case 'extendMany':
      return (
        <ExtendDialog
          title={t('extend.allTitle')}
          current={latestDeadline(
            rows.filter((row) => dialog.ids.includes(row.id)),
          )}
          includeChoices={
            dialog.ids.length > 0
              ? [
                  {
                    value: dialog.ids.join(','),
                    label: t('extend.includeSelected', {
                      count: dialog.ids.length,
                    }),
                  },
                ]
              : [
                  { value: 'expired', label: t('extend.includeExpired') },
                  { value: 'all', label: t('extend.includeAll') },
                ]
          }
          pending={pending.extendMany}
          error={dialogs.errors.extendMany}
          onSubmit={dialogs.sendExtension}
          onClose={close}
        />
      );
    case 'email':
      return (
        <EmailComposer
          jobId={jobId}
          application={dialog.application}
          onClose={close}
        />
      );
    default:
      return null;
  }
}

/** The latest deadline among the chosen applicants, so a new one is later than all of theirs. */
function latestDeadline(rows: ApplicationReply[]): Date | null {
  const times = rows
    .map((row) => (row.deadline ? Date.parse(row.deadline) : 0))
    .filter((time) => time > 0);
  return times.length > 0 ? new Date(Math.max(...times)) : null;
}
