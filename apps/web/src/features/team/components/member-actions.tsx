import { MEMBER_ROLES, type Member, type MemberRole } from '@candor/domain';
import { useQueryClient } from '@tanstack/react-query';
import { MailPlus, MoreHorizontal, UserMinus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/button';
import { confirm } from '../../../components/confirm-dialog';
import {
  DropdownMenu,
  DropdownMenuItem,
} from '../../../components/dropdown-menu';
import { Select } from '../../../components/form-field';
import { toast } from '../../../components/toast';
import { useErrorText } from '../../../lib/error-text';
import { paths } from '../../../lib/paths';
import { useChangeMemberRole } from '../api/change-member-role';
import { useInviteMember } from '../api/invite-member';
import { useRemoveMember } from '../api/remove-member';

export type TeamContext = {
  shortname: string;
  companyName: string;
  /** The caller is an admin: the controls below are shown only then. */
  canManage: boolean;
};

/** The role: a select for admins (the server keeps the last admin), a word for members. */
export function MemberRoleControl({
  member,
  team,
}: {
  member: Member;
  team: TeamContext;
}) {
  const { t } = useTranslation('team');
  const errorText = useErrorText();
  const change = useChangeMemberRole();
  if (!team.canManage)
    return <span className="text-slate-700">{t(`roles.${member.role}`)}</span>;
  return (
    <Select
      label={t('roleOf', { name: member.full_name })}
      hideLabel
      className="w-36"
      value={member.role}
      disabled={change.isPending}
      options={MEMBER_ROLES.map((role) => ({
        value: role,
        label: t(`roles.${role}`),
      }))}
      onChange={(event) => {
        const role = event.target.value as MemberRole;
        change.mutate(
          { shortname: team.shortname, id: member.id, role },
          {
            onSuccess: () =>
              toast.success(
                t('role.changed', {
                  name: member.full_name,
                  role: t(
                    role === 'admin' ? 'role.makeAdmin' : 'role.makeMember',
                  ),
                }),
              ),
            onError: (error) =>
              toast.error(t('role.failed'), {
                description: errorText(error.message),
              }),
          },
        );
      }}
    />
  );
}

/** Re-send an invitation, withdraw it, or remove a member: admins only. */
export function MemberRowMenu({
  member,
  team,
}: {
  member: Member;
  team: TeamContext;
}) {
  const { t } = useTranslation('team');
  const errorText = useErrorText();
  const resend = useInviteMember();
  const remove = useRemoveMember();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const invited = member.status === 'invited';
  const name = member.full_name || member.email;

  const sendAgain = () =>
    resend.mutate(
      {
        shortname: team.shortname,
        email: member.email,
        first_name: member.first_name,
        last_name: member.last_name,
        role: member.role,
      },
      {
        onSuccess: () =>
          toast.success(t('resend.sent', { email: member.email })),
        onError: (error) =>
          toast.error(t('resend.failed'), {
            description: errorText(error.message),
          }),
      },
    );

  const removeMember = async () => {
    const texts = invited ? 'withdraw' : 'remove';
    const ok = await confirm({
      title: t(`${texts}.title`, { name, company: team.companyName }),
      description: t(`${texts}.description`, { email: member.email }),
      actionLabel: t(`${texts}.confirm`),
      tone: 'danger',
    });
    if (!ok) return;
    remove.mutate(
      { shortname: team.shortname, id: member.id },
      {
        onSuccess: () => {
          toast.success(t(`${texts}.done`, { name }));
          // Leaving the company yourself: nothing cached belongs to this session any more.
          if (member.is_you) {
            queryClient.clear();
            void navigate(paths.interviews, { replace: true });
          }
        },
        onError: (error) =>
          toast.error(t(`${texts}.failed`, { name }), {
            description: errorText(error.message),
          }),
      },
    );
  };

  if (!team.canManage) return null;
  return (
    <DropdownMenu
      label={t('actionsFor', { name })}
      trigger={
        <Button
          variant="ghost"
          size="sm"
          aria-label={t('actionsFor', { name })}
          loading={resend.isPending || remove.isPending}
        >
          <MoreHorizontal className="size-4" aria-hidden />
        </Button>
      }
    >
      {invited && (
        <DropdownMenuItem onSelect={sendAgain}>
          <MailPlus className="size-4" aria-hidden />
          {t('resend.action')}
        </DropdownMenuItem>
      )}
      <DropdownMenuItem tone="danger" onSelect={() => void removeMember()}>
        <UserMinus className="size-4" aria-hidden />
        {t(invited ? 'withdraw.action' : 'remove.action')}
      </DropdownMenuItem>
    </DropdownMenu>
  );
}
