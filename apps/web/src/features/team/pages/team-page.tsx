import { pageCount } from '@candor/domain';
import { ArrowLeft, UserPlus } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { FormError } from '../../../components/form-field';
import { PageHeader } from '../../../components/page-header';
import { Pager } from '../../../components/pager';
import { Skeleton } from '../../../components/skeleton';
import { useErrorText } from '../../../lib/error-text';
import { paths } from '../../../lib/paths';
import { useCurrentUser } from '../../../lib/session';
import { usePageTitle } from '../../../lib/use-page-title';
import { TEAM_PAGE_SIZE, useMembers } from '../api/get-members';
import { InviteDialog } from '../components/invite-dialog';
import { TeamTable } from '../components/team-table';

/** /company-settings/team: who works in the company; admins invite and manage (decision 119). */
export default function TeamPage() {
  const { t } = useTranslation('team');
  usePageTitle(t('title'));
  const company = useCurrentUser().current_company;
  const back = (
    <Link
      to={paths.companySettings}
      className="inline-flex items-center gap-1 hover:text-ink"
    >
      <ArrowLeft className="size-4" aria-hidden /> {t('backToSettings')}
    </Link>
  );
  if (!company)
    return (
      <div className="mx-auto max-w-5xl">
        <PageHeader eyebrow={back} title={t('title')} />
        <FormError>{t('noCompany')}</FormError>
      </div>
    );
  return (
    <Team
      shortname={company.shortname}
      companyName={company.name}
      back={back}
    />
  );
}

function Team({
  shortname,
  companyName,
  back,
}: {
  shortname: string;
  companyName: string;
  back: ReactNode;
}) {
  const { t } = useTranslation('team');
  const errorText = useErrorText();
  const [page, setPage] = useState(1);
  const [inviting, setInviting] = useState(false);
  const members = useMembers(shortname, page);
  const canManage = members.data?.can_manage ?? false;

  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader
        eyebrow={back}
        title={t('title')}
        description={t(canManage ? 'description' : 'descriptionMember', {
          company: companyName,
        })}
        actions={
          canManage && (
            <Button onClick={() => setInviting(true)}>
              <UserPlus className="size-4" aria-hidden />
              {t('invite.open')}
            </Button>
          )
        }
      />
      {members.isError ? (
        <FormError>{errorText(members.error.message)}</FormError>
      ) : (
        <Card padding="none" className="overflow-hidden">
          <div className="flex items-center justify-between border-b border-border px-4 py-3">
            <h2 className="text-sm font-semibold text-ink">{companyName}</h2>
            {members.data && (
              <span className="text-sm text-muted">
                {t('count', { count: members.data.count })}
              </span>
            )}
          </div>
          {members.data ? (
            <TeamTable
              members={members.data.results}
              team={{ shortname, companyName, canManage }}
            />
          ) : (
            <div className="space-y-3 p-4" aria-busy>
              {[0, 1, 2].map((row) => (
                <Skeleton key={row} className="h-10 w-full" />
              ))}
            </div>
          )}
        </Card>
      )}
      {members.data && (
        <Pager
          className="mt-4"
          page={page}
          totalPages={pageCount(members.data.count, TEAM_PAGE_SIZE)}
          onPageChange={setPage}
        />
      )}
      {canManage && (
        <InviteDialog
          open={inviting}
          onOpenChange={setInviting}
          shortname={shortname}
          companyName={companyName}
        />
      )}
    </div>
  );
}
