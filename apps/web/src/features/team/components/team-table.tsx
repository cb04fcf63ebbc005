import type { Member } from '@candor/domain';
import { useTranslation } from 'react-i18next';
import { StatusPill } from '../../../components/status-pill';
import { Table, type ColumnDef } from '../../../components/table';
import { useFormatDate } from '../../../lib/format-date';
import {
  MemberRoleControl,
  MemberRowMenu,
  type TeamContext,
} from './member-actions';

const WIDE_ONLY = 'hidden md:table-cell';

/** The team in the shared table; on a phone the role and last sign-in sit under the name. */
export function TeamTable({
  members,
  team,
}: {
  members: Member[];
  team: TeamContext;
}) {
  const { t } = useTranslation('team');
  const columns: ColumnDef<Member>[] = [
    {
      id: 'name',
      header: t('columns.name'),
      meta: { className: 'max-w-64' },
      cell: ({ row: { original: member } }) => (
        <>
          <MemberName member={member} />
          <div className="mt-1 space-y-3 md:hidden">
            {/* Wrapped, not truncated: a long address must not push the menu off a phone. */}
            <p className="break-all text-muted">{member.email}</p>
            <p className="text-xs text-muted">
              {t('labelValue', {
                ns: 'common',
                label: t('columns.lastSignIn'),
                value: '',
              })}
              <LastSignIn member={member} />
            </p>
            <MemberRoleControl member={member} team={team} />
          </div>
        </>
      ),
    },
    {
      id: 'email',
      header: t('columns.email'),
      meta: { className: `${WIDE_ONLY} max-w-72 truncate text-slate-700` },
      cell: ({ row }) => row.original.email,
    },
    {
      id: 'role',
      header: t('columns.role'),
      meta: { className: WIDE_ONLY },
      cell: ({ row }) => (
        <MemberRoleControl member={row.original} team={team} />
      ),
    },
    {
      id: 'status',
      header: t('columns.status'),
      cell: ({ row }) => <MemberStatus member={row.original} />,
    },
    {
      id: 'lastSignIn',
      header: t('columns.lastSignIn'),
      meta: { className: `${WIDE_ONLY} whitespace-nowrap text-slate-700` },
      cell: ({ row }) => <LastSignIn member={row.original} />,
    },
    {
      id: 'actions',
      header: () => <span className="sr-only">{t('columns.actions')}</span>,
      meta: { className: 'w-12 text-right' },
      cell: ({ row }) => <MemberRowMenu member={row.original} team={team} />,
    },
  ];
  return (
    <Table
      data={members}
      columns={columns}
      getRowId={(member) => String(member.id)}
      label={t('title')}
    />
  );
}

function MemberName({ member }: { member: Member }) {
  const { t } = useTranslation('team');
  return (
    <p className="flex items-center gap-2 font-medium text-ink">
      <span className="truncate">{member.full_name || member.email}</span>
      {member.is_you && (
        <span className="shrink-0 rounded bg-brand-50 px-1.5 py-0.5 text-xs font-medium text-brand-800">
          {t('you')}
        </span>
      )}
    </p>
  );
}

function MemberStatus({ member }: { member: Member }) {
  const { t } = useTranslation('team');
  const formatDate = useFormatDate();
  const invitedOn = member.invited_at
    ? t('invitedOn', { date: formatDate.day(member.invited_at) })
    : undefined;
  return member.status === 'active' ? (
    <StatusPill tone="green">{t('status.active')}</StatusPill>
  ) : (
    <StatusPill tone="amber" title={invitedOn}>
      {t('status.invited')}
    </StatusPill>
  );
}

function LastSignIn({ member }: { member: Member }) {
  const { t } = useTranslation('team');
  const formatDate = useFormatDate();
  if (member.last_sign_in_at)
    return <>{formatDate.day(member.last_sign_in_at)}</>;
  return <>{t(member.status === 'invited' ? 'notYet' : 'neverSignedIn')}</>;
}
