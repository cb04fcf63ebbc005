import type { ApplicationReply } from '@candor/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirm } from '../../../components/confirm-dialog';
import { toast } from '../../../components/toast';
import { useChangeApplicationState } from '../api/change-application-state';
import {
  useExtendAll,
  useExtendDeadline,
  useInviteAll,
  useInviteApplicant,
  type InviteFields,
} from '../api/send-invitations';
import type { RowCommand } from '../components/applicant-actions';
import type { ExtendChoice } from '../components/extend-dialog';
import { useFormatDate } from '../../../lib/format-date';

export type JobDialog =
  | { kind: 'bulk' }
  | { kind: 'addOne' }
  | { kind: 'invite'; application: ApplicationReply; resend: boolean }
  | { kind: 'inviteMany'; ids: number[] | 'all'; count: number }
  | { kind: 'extend'; application: ApplicationReply }
  | { kind: 'extendMany'; ids: number[] }
  | { kind: 'email'; application: ApplicationReply };

const STATE_CHANGES = [
  'delete',
  'reject',
  'shortlist',
  'unshortlist',
  'archive',
  'unarchive',
] as const;
type StateChange = (typeof STATE_CHANGES)[number];
const isStateChange = (command: RowCommand): command is StateChange =>
  (STATE_CHANGES as readonly string[]).includes(command);

/**
 * The job page's open dialog and what its buttons do: a row's command, inviting one, some or
 * all, extending deadlines. `onDone` runs after a bulk action (it clears the selection).
 */
export function useJobDialogs({
  jobId,
  fromName,
  onDone,
}: {
  jobId: number;
  fromName: string;
  onDone: () => void;
}) {
  const { t } = useTranslation('applications');
  const formatDate = useFormatDate();
  const [dialog, setDialogState] = useState<JobDialog | null>(null);
  // Inviting chosen rows is one request each: the first refusal, if every one was refused.
  const [inviteManyError, setInviteManyError] = useState<Error | null>(null);
  const change = useChangeApplicationState();
  const invite = useInviteApplicant();
  const inviteAll = useInviteAll();
  const extend = useExtendDeadline();
  const extendAll = useExtendAll();
  // A dialog shows the server's refusal of its own last attempt, never an earlier dialog's.
  const setDialog = (next: JobDialog | null) => {
    for (const mutation of [invite, inviteAll, extend, extendAll])
      mutation.reset();
    setInviteManyError(null);
    setDialogState(next);
  };
  const close = () => setDialog(null);

  const runCommand = async (
    command: RowCommand,
    application: ApplicationReply,
  ) => {
    const name = application.user.full_name;
    switch (command) {
      case 'invite':
      case 'resend':
        setDialog({
          kind: 'invite',
          application,
          resend: command === 'resend',
        });
        return;
      case 'extend':
        setDialog({ kind: 'extend', application });
        return;
      case 'email':
        setDialog({ kind: 'email', application });
        return;
      case 'feedback_link': {
        const url = `${window.location.origin}/feedback/${jobId}/${application._token}`;
        await navigator.clipboard?.writeText(url).catch(() => undefined);
        toast.success(t('feedbackCopied'), { description: url });
        return;
      }
      case 'delete':
      case 'reject': {
        const ok = await confirm({
          title: t(
            command === 'delete'
              ? 'confirmDelete.title'
              : 'confirmReject.title',
          ),
          description: t(
            command === 'delete' ? 'confirmDelete.body' : 'confirmReject.body',
            { name },
          ),
          actionLabel: t(`actions.${command}`),
          tone: 'danger',
        });
        if (!ok) return;
        break;
      }
      default:
        break;
    }
    if (isStateChange(command)) {
      change.mutate(
        { jobId, id: application.id, change: command },
        {
          onSuccess: () => toast.success(t(`done.${command}`, { name })),
          onError: (error) => toast.error(error.message),
        },
      );
    }
  };

  const sendInvite = (fields: InviteFields) => {
    if (dialog?.kind !== 'invite') return;
    const name = dialog.application.user.full_name;
    invite.mutate(
      { jobId, id: dialog.application.id, ...fields },
      {
        onSuccess: () => {
          toast.success(t('invite.sent', { name }));
          close();
        },
      },
    );
  };

  const sendInvites = async (fields: InviteFields) => {
    if (dialog?.kind !== 'inviteMany') return;
    if (dialog.ids === 'all') {
      inviteAll.mutate(
        { jobId, ...fields },
        {
          onSuccess: ({ queued }) => {
            toast.success(t('invite.sentAll', { count: queued }));
            close();
          },
        },
      );
      return;
    }
    setInviteManyError(null);
    let sent = 0;
    let refusal: Error | null = null;
    for (const id of dialog.ids) {
      try {
        await invite.mutateAsync({ jobId, id, ...fields });
        sent++;
      } catch (error) {
        refusal ??= error as Error;
      }
    }
    if (sent === 0 && refusal) {
      setInviteManyError(refusal);
      return;
    }
    toast.success(t('invite.sentAll', { count: sent }));
    if (refusal)
      toast.error(
        t('invite.someRefused', { count: dialog.ids.length - sent }),
        { description: refusal.message },
      );
    onDone();
    close();
  };

  const sendExtension = ({ deadline, include }: ExtendChoice) => {
    if (dialog?.kind === 'extend') {
      extend.mutate(
        {
          jobId,
          id: dialog.application.id,
          deadline,
          invited_from_name: fromName,
          invite_subject: '',
        },
        {
          onSuccess: () => {
            toast.success(
              t('extend.done', {
                date: formatDate.day(deadline),
              }),
            );
            close();
          },
        },
      );
    } else if (dialog?.kind === 'extendMany') {
      extendAll.mutate(
        {
          jobId,
          deadline,
          include,
          invited_from_name: fromName,
          invite_subject: '',
        },
        {
          onSuccess: ({ queued }) => {
            toast.success(t('extend.doneAll', { count: queued }));
            onDone();
            close();
          },
        },
      );
    }
  };

  return {
    dialog,
    open: setDialog,
    close,
    runCommand: (command: RowCommand, application: ApplicationReply) =>
      void runCommand(command, application),
    sendInvite,
    sendInvites: (fields: InviteFields) => void sendInvites(fields),
    sendExtension,
    pending: {
      invite: invite.isPending,
      inviteMany: inviteAll.isPending || invite.isPending,
      extend: extend.isPending,
      extendMany: extendAll.isPending,
    },
    /** The server's refusal of the open dialog's last attempt, shown in the dialog. */
    errors: {
      invite: invite.error,
      inviteMany: inviteAll.error ?? inviteManyError,
      extend: extend.error,
      extendMany: extendAll.error,
    },
  };
}

export type JobDialogs = ReturnType<typeof useJobDialogs>;
