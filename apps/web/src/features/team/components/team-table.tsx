import type { Member } from '@candor/domain';
import { useTranslation } from 'react-i18next';
import { StatusPill } from '../../../components/status-pill';
import { useFormatDay } from './format-date';
import {
  MemberRoleControl,
  MemberRowMenu,
  type TeamContext,
} from './member-actions';

/** The team: a table on wide screens, a list of cards on a phone. */
export function TeamTable({
  members,
  team,
}: {
  members: Member[];
  team: TeamContext;
}) {
  const { t } = useTranslation('team');
  const head =
    'px-4 py-3 text-left text-xs font-semibold uppercase tracking-wide text-muted';
  return (
    <>
      <table className="hidden w-full text-sm md:table">
        <thead className="sticky top-0 border-b border-border bg-slate-50">
          <tr>
            <th className={head}>{t('columns.name')}</th>
            <th className={head}>{t('columns.email')}</th>
            <th className={head}>{t('columns.role')}</th>
            <th className={head}>{t('columns.status')}</th>
            <th className={head}>{t('columns.lastSignIn')}</th>
            <th className={head}>
              <span className="sr-only">{t('columns.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {members.map((member) => (
            <tr key={member.id} className="hover:bg-slate-50">
              <td className="max-w-64 px-4 py-3">
                <MemberName member={member} />
              </td>
              <td className="max-w-72 truncate px-4 py-3 text-slate-700">
                {member.email}
              </td>
              <td className="px-4 py-2">
                <MemberRoleControl member={member} team={team} />
              </td>
              <td className="px-4 py-3">
                <MemberStatus member={member} />
              </td>
              <td className="whitespace-nowrap px-4 py-3 text-slate-700">
                <LastSignIn member={member} />
              </td>
              <td className="w-12 px-2 py-3 text-right">
                <MemberRowMenu member={member} team={team} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="divide-y divide-border md:hidden">
        {members.map((member) => (
          <li key={member.id} className="flex items-start gap-3 p-4">
            <div className="min-w-0 flex-1 space-y-3">
              <div>
                <MemberName member={member} />
                <p className="truncate text-sm text-muted">{member.email}</p>
              </div>
              <div className="flex flex-wrap items-center gap-x-3 gap-y-2 text-xs text-muted">
                <MemberStatus member={member} />
                <span>
                  {t('columns.lastSignIn')}: <LastSignIn member={member} />
                </span>
              </div>
              <MemberRoleControl member={member} team={team} />
            </div>
            <MemberRowMenu member={member} team={team} />
          </li>
        ))}
      </ul>
    </>
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
  const formatDay = useFormatDay();
  const invitedOn = member.invited_at
    ? t('invitedOn', { date: formatDay(member.invited_at) })
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
  const formatDay = useFormatDay();
  if (member.last_sign_in_at) return <>{formatDay(member.last_sign_in_at)}</>;
  return <>{t(member.status === 'invited' ? 'notYet' : 'neverSignedIn')}</>;
}
