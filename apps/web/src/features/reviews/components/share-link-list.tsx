import type { ShareLink } from '@candor/domain';
import { createColumnHelper } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { confirm } from '../../../components/confirm-dialog';
import { Skeleton } from '../../../components/skeleton';
import { StatusPill, type StatusTone } from '../../../components/status-pill';
import { Table } from '../../../components/table';
import { toast } from '../../../components/toast';
import { useFormatDate } from '../../../lib/format-date';
import { useErrorText } from '../../../lib/error-text';
import { useShareLinks } from '../api/get-share-links';
import { useRevokeShareLink } from '../api/revoke-share-link';

const TONES: Record<ShareLink['state'], StatusTone> = {
  active: 'green',
  expired: 'grey',
  revoked: 'red',
};

const column = createColumnHelper<ShareLink>();

/** The interviewee's links: who made each, until when, how often it was viewed; Revoke. */
export function ShareLinkList({
  job,
  application,
}: {
  job: number;
  application: number;
}) {
  const { t } = useTranslation('share-links');
  const format = useFormatDate();
  const errorText = useErrorText();
  const links = useShareLinks(job, application);
  const revoke = useRevokeShareLink();

  const askRevoke = async (link: ShareLink) => {
    const agreed = await confirm({
      title: t('list.revokeTitle'),
      description: t('list.revokeDescription'),
      actionLabel: t('list.revoke'),
      tone: 'danger',
    });
    if (!agreed) return;
    revoke.mutate(
      { job, application, link: link.id },
      {
        onSuccess: () => toast.success(t('list.revoked')),
        onError: (error) => toast.error(errorText(error.message) ?? ''),
      },
    );
  };

  const columns = [
    column.accessor('created_at', {
      header: t('list.created'),
      cell: ({ row }) => (
        <div>
          <p className="text-ink">{format.day(row.original.created_at)}</p>
          <p className="text-xs text-muted">
            {row.original.created_by ?? t('list.someone')}
          </p>
        </div>
      ),
    }),
    column.accessor('email', {
      header: t('list.viewer'),
      cell: ({ getValue }) => (
        <span className="break-all">{getValue() ?? t('list.anyone')}</span>
      ),
      meta: { className: 'hidden sm:table-cell' },
    }),
    column.accessor('expires_at', {
      header: t('list.expires'),
      cell: ({ getValue }) => format.day(getValue()),
      meta: { className: 'hidden sm:table-cell' },
    }),
    column.accessor('view_count', {
      header: t('list.views'),
      cell: ({ row }) => (
        <span
          title={
            row.original.last_viewed_at
              ? t('list.lastViewed', {
                  when: format.dateTime(row.original.last_viewed_at),
                })
              : undefined
          }
        >
          {row.original.view_count}
        </span>
      ),
    }),
    column.accessor('state', {
      header: t('list.status'),
      cell: ({ getValue }) => (
        <StatusPill tone={TONES[getValue()]}>
          {t(`state.${getValue()}`)}
        </StatusPill>
      ),
    }),
    column.display({
      id: 'actions',
      header: () => <span className="sr-only">{t('list.actions')}</span>,
      cell: ({ row }) =>
        row.original.state === 'active' ? (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => void askRevoke(row.original)}
            aria-label={t('list.revokeLink', {
              date: format.day(row.original.created_at),
            })}
          >
            {t('list.revoke')}
          </Button>
        ) : null,
      meta: { className: 'text-right' },
    }),
  ];

  if (links.isPending) return <Skeleton className="h-24" />;
  if (links.isError)
    return (
      <p className="text-sm text-danger">{errorText(links.error.message)}</p>
    );
  return (
    <Table
      data={links.data.results}
      columns={columns}
      getRowId={(link) => String(link.id)}
      label={t('list.title')}
      density="compact"
      rowProps={(row) => ({ 'data-link': String(row.original.id) })}
      empty={<p className="p-3 text-sm text-muted">{t('list.empty')}</p>}
    />
  );
}
