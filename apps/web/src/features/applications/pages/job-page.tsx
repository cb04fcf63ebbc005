import {
  DEFAULT_STAGE_FILTER,
  STAGES,
  isFilterOf,
  isStage,
  normaliseStageFilter,
  pageCount,
  type ApplicationReply,
  type Stage,
  type StageFilter,
} from '@candor/domain';
import { ArrowLeft, Columns3, Mail, Plus, UserPlus, Users } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { Button } from '../../../components/button';
import { confirm } from '../../../components/confirm-dialog';
import { EmptyState } from '../../../components/empty-state';
import { Input } from '../../../components/form-field';
import { PageHeader } from '../../../components/page-header';
import { Pager } from '../../../components/pager';
import { Skeleton } from '../../../components/skeleton';
import { StatusPill } from '../../../components/status-pill';
import { Tabs } from '../../../components/tabs';
import { toast } from '../../../components/toast';
import { cn } from '../../../lib/cn';
import { useJob } from '../../../lib/jobs/job-queries';
import { paths } from '../../../lib/paths';
import { useCurrentUser } from '../../../lib/session';
import { usePageTitle } from '../../../lib/use-page-title';
import { useChangeApplicationState } from '../api/change-application-state';
import { useApplications } from '../api/list-applications';
import {
  useExtendAll,
  useExtendDeadline,
  useInviteAll,
  useInviteApplicant,
  type InviteFields,
} from '../api/send-invitations';
import { AddOneDialog } from '../components/add-one-dialog';
import {
  ApplicantActions,
  type RowCommand,
} from '../components/applicant-actions';
import { ApplicantStatus } from '../components/applicant-status';
import { BulkAddDialog } from '../components/bulk-add-dialog';
import { EmailComposer } from '../components/email-composer';
import { ExtendDialog, type ExtendChoice } from '../components/extend-dialog';
import { InviteDialog } from '../components/invite-dialog';

const PAGE_SIZE = 25;

type Dialog =
  | { kind: 'bulk' }
  | { kind: 'addOne' }
  | { kind: 'invite'; application: ApplicationReply; resend: boolean }
  | { kind: 'inviteMany'; ids: number[] | 'all'; count: number }
  | { kind: 'extend'; application: ApplicationReply }
  | { kind: 'extendMany'; ids: number[] }
  | { kind: 'email'; application: ApplicationReply };

/** /interviews/{job}?status={stage}&filter={filter}: the interviewees of one interview. */
export default function JobPage() {
  const { t, i18n } = useTranslation('applications');
  const jobId = Number(useParams().job);
  const user = useCurrentUser();
  const isCompany = user.current_company !== null;
  const [search, setSearch] = useSearchParams();
  const stageParam = search.get('status');
  const stage: Stage = isStage(stageParam) ? stageParam : 'ToInvite';
  const filterParam = normaliseStageFilter(
    search.get('filter') ?? DEFAULT_STAGE_FILTER,
  );
  const filter: StageFilter =
    typeof filterParam === 'string' && isFilterOf(stage, filterParam)
      ? filterParam
      : 'All';
  const page = Math.max(1, Number(search.get('page')) || 1);
  const [query, setQuery] = useState('');
  const [q, setQ] = useState('');
  // The selection belongs to one view; changing stage, filter, page or search clears it.
  const viewKey = `${stage}|${filter}|${page}|${q}`;
  const [selection, setSelection] = useState<{ key: string; ids: Set<number> }>(
    { key: '', ids: new Set() },
  );
  const selected =
    selection.key === viewKey ? selection.ids : new Set<number>();
  const setSelected = (
    update: Set<number> | ((current: Set<number>) => Set<number>),
  ) =>
    setSelection({
      key: viewKey,
      ids: typeof update === 'function' ? update(selected) : update,
    });
  const [dialog, setDialog] = useState<Dialog | null>(null);

  const job = useJob(jobId);
  const list = useApplications(jobId, {
    stage,
    filter,
    page,
    pageSize: PAGE_SIZE,
    q,
  });
  const change = useChangeApplicationState();
  const invite = useInviteApplicant();
  const inviteAll = useInviteAll();
  const extend = useExtendDeadline();
  const extendAll = useExtendAll();
  usePageTitle(job.data?.title ?? t('title'));

  useEffect(() => {
    const timer = setTimeout(() => setQ(query.trim()), 300);
    return () => clearTimeout(timer);
  }, [query]);

  const go = (next: { stage?: Stage; filter?: StageFilter; page?: number }) => {
    const params = new URLSearchParams(search);
    params.set('status', next.stage ?? stage);
    params.set('filter', next.filter ?? (next.stage ? 'All' : filter));
    if (next.page && next.page > 1) params.set('page', String(next.page));
    else params.delete('page');
    setSearch(params, { replace: false });
  };

  const format = (value: string | null) =>
    value
      ? new Date(value).toLocaleDateString(i18n.language, {
          day: 'numeric',
          month: 'short',
          year: 'numeric',
        })
      : t('noDeadline');
  const fromName = job.data?.company.name ?? user.current_company?.name ?? '';

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
    if (
      command === 'delete' ||
      command === 'reject' ||
      command === 'shortlist' ||
      command === 'unshortlist' ||
      command === 'archive' ||
      command === 'unarchive'
    ) {
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
          setDialog(null);
        },
        onError: (error) => toast.error(error.message),
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
            setDialog(null);
          },
          onError: (error) => toast.error(error.message),
        },
      );
      return;
    }
    let sent = 0;
    for (const id of dialog.ids) {
      await invite
        .mutateAsync({ jobId, id, ...fields })
        .then(() => sent++)
        .catch(() => undefined);
    }
    toast.success(t('invite.sentAll', { count: sent }));
    setSelected(new Set());
    setDialog(null);
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
                date: deadline.toLocaleDateString(i18n.language, {
                  dateStyle: 'medium',
                }),
              }),
            );
            setDialog(null);
          },
          onError: (error) => toast.error(error.message),
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
            setSelected(new Set());
            setDialog(null);
          },
          onError: (error) => toast.error(error.message),
        },
      );
    }
  };

  const results = list.data?.results ?? [];
  const allSelected =
    results.length > 0 && results.every((row) => selected.has(row.id));
  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const stageCounts = list.data?.stages;
  const filters = (list.data?.filters ?? []).filter(
    (item) => !item.hide_when_empty || item.count > 0 || item.id === filter,
  );
  const smsEnabled = user.current_company?.sms_enabled ?? false;
  const toInviteCount = stageCounts?.ToInvite ?? 0;
  const answeredCount =
    (stageCounts?.Responded ?? 0) +
    (stageCounts?.Reviewed ?? 0) +
    (stageCounts?.Outcomes ?? 0);

  return (
    <div>
      <PageHeader
        eyebrow={
          <Link
            to={paths.interviews}
            className="inline-flex items-center gap-1 hover:text-ink"
          >
            <ArrowLeft className="size-4" aria-hidden /> {t('back')}
          </Link>
        }
        title={job.data ? job.data.title : <Skeleton className="h-8 w-72" />}
        description={
          job.data && (
            <span className="inline-flex flex-wrap items-center gap-2">
              <StatusPill
                tone={
                  job.data.status === 'Published'
                    ? 'green'
                    : job.data.status === 'Draft'
                      ? 'amber'
                      : 'grey'
                }
              >
                {t(`jobStatus.${job.data.status}`)}
              </StatusPill>
              {job.data.deadline && (
                <span>
                  {t('columns.deadline')}: {format(job.data.deadline)}
                </span>
              )}
            </span>
          )
        }
        actions={
          <>
            {answeredCount > 1 && (
              <Button asChild variant="secondary">
                <Link to={paths.jobCompare(jobId)}>
                  <Columns3 className="size-4" aria-hidden />{' '}
                  {t('compareAnswers')}
                </Link>
              </Button>
            )}
            {isCompany && (
              <>
                <Button
                  variant="secondary"
                  onClick={() => setDialog({ kind: 'addOne' })}
                >
                  <UserPlus className="size-4" aria-hidden /> {t('addOne')}
                </Button>
                <Button
                  variant="secondary"
                  onClick={() => setDialog({ kind: 'bulk' })}
                >
                  <Users className="size-4" aria-hidden />{' '}
                  {t('addInterviewees')}
                </Button>
                {stage === 'ToInvite' && toInviteCount > 0 && (
                  <Button
                    onClick={() =>
                      setDialog({
                        kind: 'inviteMany',
                        ids: 'all',
                        count: toInviteCount,
                      })
                    }
                  >
                    <Mail className="size-4" aria-hidden /> {t('inviteAll')}
                  </Button>
                )}
                {stage === 'AwaitingResponse' &&
                  (stageCounts?.AwaitingResponse ?? 0) > 0 && (
                    <Button
                      onClick={() => setDialog({ kind: 'extendMany', ids: [] })}
                    >
                      {t('extendAll')}
                    </Button>
                  )}
              </>
            )}
          </>
        }
      />

      <Tabs
        label={t('stages.label')}
        value={stage}
        onValueChange={(value) => isStage(value) && go({ stage: value })}
        items={STAGES.map((id) => ({
          value: id,
          label: t(`stages.${id}`),
          count: stageCounts?.[id],
        }))}
      />

      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <div
          role="group"
          aria-label={t('filters.label')}
          className="flex flex-wrap gap-2"
        >
          {filters.map((item) => (
            <button
              key={item.id}
              type="button"
              aria-pressed={item.id === filter}
              onClick={() => go({ filter: item.id as StageFilter })}
              className={cn(
                'inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-sm font-medium transition-colors',
                item.id === filter
                  ? 'border-brand-700 bg-brand-50 text-brand-800'
                  : 'border-border bg-surface text-slate-600 hover:border-slate-400 hover:text-ink',
              )}
            >
              {t(`filters.${item.id}`)}
              <span className="rounded-full bg-white/70 px-1.5 text-xs tabular-nums">
                {item.count}
              </span>
            </button>
          ))}
        </div>
        <div className="w-full sm:w-64">
          <Input
            label={t('search')}
            hideLabel
            type="search"
            placeholder={t('searchPlaceholder')}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
        </div>
      </div>

      {selected.size > 0 && isCompany && (
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
                setDialog({
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
              onClick={() =>
                setDialog({ kind: 'extendMany', ids: [...selected] })
              }
            >
              {t('extendSelected')}
            </Button>
          )}
          <Button
            size="sm"
            variant="ghost"
            onClick={() => setSelected(new Set())}
          >
            {t('clearSelection')}
          </Button>
        </div>
      )}

      <div className="mt-4 overflow-hidden rounded-lg border border-border bg-surface">
        {list.isPending ? (
          <div className="space-y-3 p-4" aria-label={t('loading')}>
            {[0, 1, 2, 3].map((key) => (
              <Skeleton key={key} className="h-10 w-full" />
            ))}
          </div>
        ) : results.length === 0 ? (
          <EmptyState
            icon={Users}
            title={
              filter !== 'All' || q
                ? t('empty.filtered')
                : stage === 'ToInvite'
                  ? t('empty.ToInvite')
                  : t('empty.other')
            }
            description={
              stage === 'ToInvite'
                ? t('empty.ToInviteHint')
                : t('empty.otherHint')
            }
            action={
              stage === 'ToInvite' && isCompany ? (
                <Button onClick={() => setDialog({ kind: 'bulk' })}>
                  <Plus className="size-4" aria-hidden /> {t('addInterviewees')}
                </Button>
              ) : undefined
            }
            className="py-14"
          />
        ) : (
          <table className="w-full text-sm">
            <thead className="sticky top-0 bg-slate-50 text-left text-xs font-medium tracking-wide text-muted uppercase">
              <tr>
                {isCompany && (
                  <th scope="col" className="w-10 px-4 py-3">
                    <input
                      type="checkbox"
                      aria-label={t('columns.selectAll')}
                      className="size-4 accent-brand-700"
                      checked={allSelected}
                      onChange={() =>
                        setSelected(
                          allSelected
                            ? new Set()
                            : new Set(results.map((row) => row.id)),
                        )
                      }
                    />
                  </th>
                )}
                <th scope="col" className="px-4 py-3">
                  {t('columns.name')}
                </th>
                <th scope="col" className="hidden px-4 py-3 sm:table-cell">
                  {t('columns.status')}
                </th>
                <th scope="col" className="hidden px-4 py-3 md:table-cell">
                  {stage === 'ToInvite'
                    ? t('columns.added')
                    : t('columns.deadline')}
                </th>
                <th
                  scope="col"
                  className="hidden px-4 py-3 text-right sm:table-cell"
                >
                  <span className="sr-only">{t('columns.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {results.map((application) => (
                <tr
                  key={application.id}
                  className="border-t border-border hover:bg-slate-50/70"
                  data-testid="applicant-row"
                >
                  {isCompany && (
                    <td className="px-4 py-3 align-top">
                      <input
                        type="checkbox"
                        aria-label={`${t('columns.select')} ${application.user.full_name}`}
                        className="size-4 accent-brand-700"
                        checked={selected.has(application.id)}
                        onChange={() => toggle(application.id)}
                      />
                    </td>
                  )}
                  <td className="px-4 py-3 align-top">
                    <div className="font-medium text-ink">
                      {application.user.full_name}
                    </div>
                    <div className="max-w-[16rem] truncate text-muted sm:max-w-none">
                      {application.user.email}
                    </div>
                    {/* On a phone the status and actions sit under the name. */}
                    <div className="mt-2 space-y-2 sm:hidden">
                      <ApplicantStatus application={application} />
                      <ApplicantActions
                        application={application}
                        jobId={jobId}
                        canEmail={isCompany}
                        onCommand={(command, row) =>
                          void runCommand(command, row)
                        }
                        align="start"
                      />
                    </div>
                  </td>
                  <td className="hidden px-4 py-3 align-top sm:table-cell">
                    <ApplicantStatus application={application} />
                  </td>
                  <td className="hidden px-4 py-3 align-top text-slate-600 md:table-cell">
                    {stage === 'ToInvite'
                      ? format(application.created_at)
                      : format(application.deadline)}
                  </td>
                  <td className="hidden px-4 py-3 align-top sm:table-cell">
                    <ApplicantActions
                      application={application}
                      jobId={jobId}
                      canEmail={isCompany}
                      onCommand={(command, row) =>
                        void runCommand(command, row)
                      }
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
      <Pager
        className="mt-4"
        page={page}
        totalPages={pageCount(list.data?.count ?? 0, PAGE_SIZE)}
        onPageChange={(next) => go({ page: next })}
      />

      {dialog?.kind === 'bulk' && (
        <BulkAddDialog
          jobId={jobId}
          smsEnabled={smsEnabled}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'addOne' && (
        <AddOneDialog
          jobId={jobId}
          smsEnabled={smsEnabled}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'invite' && (
        <InviteDialog
          title={t(dialog.resend ? 'invite.resendTitle' : 'invite.title', {
            name: dialog.application.user.full_name,
          })}
          defaultFromName={fromName}
          submitLabel={t('invite.send')}
          pending={invite.isPending}
          onSubmit={sendInvite}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'inviteMany' && (
        <InviteDialog
          title={t(
            dialog.ids === 'all' ? 'invite.allTitle' : 'invite.selectedTitle',
            { count: dialog.count },
          )}
          defaultFromName={fromName}
          submitLabel={t('invite.sendAll')}
          pending={inviteAll.isPending || invite.isPending}
          onSubmit={(fields) => void sendInvites(fields)}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'extend' && (
        <ExtendDialog
          title={t('extend.title', { name: dialog.application.user.full_name })}
          current={
            dialog.application.deadline
              ? new Date(dialog.application.deadline)
              : null
          }
          pending={extend.isPending}
          onSubmit={sendExtension}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'extendMany' && (
        <ExtendDialog
          title={t('extend.allTitle')}
          current={latestDeadline(
            results.filter((row) => dialog.ids.includes(row.id)),
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
          pending={extendAll.isPending}
          onSubmit={sendExtension}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'email' && (
        <EmailComposer
          jobId={jobId}
          application={dialog.application}
          onClose={() => setDialog(null)}
        />
      )}
    </div>
  );
}

/** The latest deadline among the chosen applicants, so a new one is later than all of theirs. */
function latestDeadline(rows: ApplicationReply[]): Date | null {
  const times = rows
    .map((row) => (row.deadline ? Date.parse(row.deadline) : 0))
    .filter((time) => time > 0);
  return times.length > 0 ? new Date(Math.max(...times)) : null;
}
