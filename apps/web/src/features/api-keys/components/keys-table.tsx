import type { ApiKey } from '@candor/domain';
import { KeyRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { confirm } from '../../../components/confirm-dialog';
import { EmptyState } from '../../../components/empty-state';
import { StatusPill } from '../../../components/status-pill';
import { Table, type ColumnDef } from '../../../components/table';
import { toast } from '../../../components/toast';
import { useErrorText } from '../../../lib/error-text';
import { useFormatDate } from '../../../lib/format-date';
import { useRevokeApiKey } from '../api/revoke-api-key';

const WIDE_ONLY = 'hidden md:table-cell';

/** The company's keys; on a phone the creator and dates sit under the name. */
export function KeysTable({
  keys,
  shortname,
  onCreate,
}: {
  keys: ApiKey[];
  shortname: string;
  onCreate: () => void;
}) {
  const { t } = useTranslation('api-keys');
  const format = useFormatDate();
  const lastUsed = (key: ApiKey) =>
    key.last_used_at ? format.dateTime(key.last_used_at) : t('neverUsed');
  const columns: ColumnDef<ApiKey>[] = [
    {
      id: 'name',
      header: t('columns.name'),
      cell: ({ row: { original: key } }) => (
        <>
          <p className="font-medium text-ink">{key.name}</p>
          <p className="font-mono text-xs text-muted">{key.prefix}…</p>
          <p className="mt-1 text-xs text-muted md:hidden">
            {t(`scopes.${key.scope}`)} · {t('columns.lastUsed')}:{' '}
            {lastUsed(key)}
          </p>
        </>
      ),
    },
    {
      id: 'scope',
      header: t('columns.scope'),
      meta: { className: WIDE_ONLY },
      cell: ({ row }) => t(`scopes.${row.original.scope}`),
    },
    {
      id: 'created',
      header: t('columns.created'),
      meta: { className: `${WIDE_ONLY} text-slate-700` },
      cell: ({ row: { original: key } }) => (
        <>
          <p className="whitespace-nowrap">{format.day(key.created_at)}</p>
          <p className="text-xs text-muted">
            {key.created_by?.full_name ?? t('formerAdmin')}
          </p>
        </>
      ),
    },
    {
      id: 'lastUsed',
      header: t('columns.lastUsed'),
      meta: { className: `${WIDE_ONLY} whitespace-nowrap text-slate-700` },
      cell: ({ row }) => lastUsed(row.original),
    },
    {
      id: 'status',
      header: t('columns.status'),
      cell: ({ row: { original: key } }) =>
        key.revoked_at ? (
          <StatusPill
            tone="grey"
            title={t('revokedOn', { date: format.day(key.revoked_at) })}
          >
            {t('status.revoked')}
          </StatusPill>
        ) : (
          <StatusPill tone="green">{t('status.active')}</StatusPill>
        ),
    },
    {
      id: 'actions',
      header: () => <span className="sr-only">{t('columns.actions')}</span>,
      meta: { className: 'w-28 text-right' },
      cell: ({ row }) =>
        row.original.revoked_at ? null : (
          <RevokeButton apiKey={row.original} shortname={shortname} />
        ),
    },
  ];
  return (
    <Table
      data={keys}
      columns={columns}
      getRowId={(key) => String(key.id)}
      label={t('keys.title')}
      rowProps={(row) => ({ 'data-key': row.original.name })}
      empty={
        <EmptyState
          icon={KeyRound}
          title={t('keys.empty')}
          description={t('keys.emptyHint')}
          action={<Button onClick={onCreate}>{t('create.open')}</Button>}
        />
      }
    />
  );
}

function RevokeButton({
  apiKey,
  shortname,
}: {
  apiKey: ApiKey;
  shortname: string;
}) {
  const { t } = useTranslation('api-keys');
  const errorText = useErrorText();
  const revoke = useRevokeApiKey();
  const ask = async () => {
    const agreed = await confirm({
      title: t('revoke.title', { name: apiKey.name }),
      description: t('revoke.description'),
      actionLabel: t('revoke.action'),
      tone: 'danger',
    });
    if (!agreed) return;
    // Awaited here, not in `mutate`'s callbacks: the revoked row drops this button, and an
    // unmounted observer's callbacks never run.
    try {
      await revoke.mutateAsync({ shortname, id: apiKey.id });
      toast.success(t('revoke.done', { name: apiKey.name }));
    } catch (error) {
      toast.error(t('revoke.failed'), {
        description: errorText((error as Error).message),
      });
    }
  };
  return (
    <Button
      variant="secondary"
      size="sm"
      loading={revoke.isPending}
      aria-label={t('revoke.label', { name: apiKey.name })}
      onClick={() => void ask()}
    >
      {t('revoke.action')}
    </Button>
  );
}
