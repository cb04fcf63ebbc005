import type { WebhookEndpoint } from '@candor/domain';
import { Webhook } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { confirm } from '../../../components/confirm-dialog';
import { EmptyState } from '../../../components/empty-state';
import { StatusPill } from '../../../components/status-pill';
import { Table, type ColumnDef } from '../../../components/table';
import { toast } from '../../../components/toast';
import { cn } from '../../../lib/cn';
import { useErrorText } from '../../../lib/error-text';
import { useFormatDate } from '../../../lib/format-date';
import { useDeleteWebhook } from '../api/delete-webhook';
import { useUpdateWebhook } from '../api/update-webhook';

const WIDE_ONLY = 'hidden md:table-cell';

/** The company's endpoints; the selected one's log shows below the table. */
export function EndpointsTable({
  endpoints,
  shortname,
  selectedId,
  onSelect,
  onCreate,
}: {
  endpoints: WebhookEndpoint[];
  shortname: string;
  selectedId: number | null;
  onSelect: (id: number) => void;
  onCreate: () => void;
}) {
  const { t } = useTranslation('webhooks');
  const columns: ColumnDef<WebhookEndpoint>[] = [
    {
      id: 'url',
      header: t('columns.endpoint'),
      cell: ({ row: { original: endpoint } }) => (
        <>
          <p className="font-mono text-sm break-all text-ink">{endpoint.url}</p>
          {endpoint.description && (
            <p className="text-xs text-muted">{endpoint.description}</p>
          )}
          {endpoint.via_api && (
            <p className="text-xs text-muted">{t('viaApi')}</p>
          )}
        </>
      ),
    },
    {
      id: 'events',
      header: t('columns.events'),
      meta: { className: `${WIDE_ONLY} text-slate-700` },
      cell: ({ row: { original: endpoint } }) => (
        <span title={endpoint.events.join(', ')}>
          {t('eventCount', { count: endpoint.events.length })}
        </span>
      ),
    },
    {
      id: 'status',
      header: t('columns.status'),
      cell: ({ row }) => <EndpointStatus endpoint={row.original} />,
    },
    {
      id: 'actions',
      header: () => <span className="sr-only">{t('columns.actions')}</span>,
      meta: { className: 'text-right' },
      cell: ({ row: { original: endpoint } }) => (
        <div className="flex flex-wrap justify-end gap-2">
          <Button
            variant={selectedId === endpoint.id ? 'primary' : 'secondary'}
            size="sm"
            aria-pressed={selectedId === endpoint.id}
            aria-label={t('log.show', { url: endpoint.url })}
            onClick={() => onSelect(endpoint.id)}
          >
            {t('log.open')}
          </Button>
          <ToggleButton endpoint={endpoint} shortname={shortname} />
          <DeleteButton endpoint={endpoint} shortname={shortname} />
        </div>
      ),
    },
  ];
  return (
    <Table
      data={endpoints}
      columns={columns}
      getRowId={(endpoint) => String(endpoint.id)}
      label={t('endpoints.title')}
      rowProps={(row) => ({
        'data-endpoint': row.original.url,
        className: cn(selectedId === row.original.id && 'bg-brand-50/60'),
      })}
      empty={
        <EmptyState
          icon={Webhook}
          title={t('endpoints.empty')}
          description={t('endpoints.emptyHint')}
          action={<Button onClick={onCreate}>{t('create.open')}</Button>}
        />
      }
    />
  );
}

function EndpointStatus({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { t } = useTranslation('webhooks');
  const format = useFormatDate();
  if (!endpoint.enabled)
    return endpoint.disabled_reason ? (
      <StatusPill tone="red" title={t('status.switchedOffHint')}>
        {t('status.switchedOff')}
      </StatusPill>
    ) : (
      <StatusPill tone="grey">{t('status.off')}</StatusPill>
    );
  if (endpoint.failing_since)
    return (
      <StatusPill
        tone="amber"
        title={t('status.failingSince', {
          date: format.dateTime(endpoint.failing_since),
        })}
      >
        {t('status.failing')}
      </StatusPill>
    );
  return <StatusPill tone="green">{t('status.on')}</StatusPill>;
}

function ToggleButton({
  endpoint,
  shortname,
}: {
  endpoint: WebhookEndpoint;
  shortname: string;
}) {
  const { t } = useTranslation('webhooks');
  const errorText = useErrorText();
  const update = useUpdateWebhook();
  const enabled = !endpoint.enabled;
  const toggle = async () => {
    try {
      await update.mutateAsync({ shortname, id: endpoint.id, enabled });
      toast.success(t(enabled ? 'toggle.onDone' : 'toggle.offDone'));
    } catch (error) {
      toast.error(t('toggle.failed'), {
        description: errorText((error as Error).message),
      });
    }
  };
  return (
    <Button
      variant="secondary"
      size="sm"
      loading={update.isPending}
      aria-label={t(enabled ? 'toggle.onLabel' : 'toggle.offLabel', {
        url: endpoint.url,
      })}
      onClick={() => void toggle()}
    >
      {t(enabled ? 'toggle.on' : 'toggle.off')}
    </Button>
  );
}

function DeleteButton({
  endpoint,
  shortname,
}: {
  endpoint: WebhookEndpoint;
  shortname: string;
}) {
  const { t } = useTranslation('webhooks');
  const errorText = useErrorText();
  const remove = useDeleteWebhook();
  const ask = async () => {
    const agreed = await confirm({
      title: t('delete.title'),
      description: t('delete.description', { url: endpoint.url }),
      actionLabel: t('delete.action'),
      tone: 'danger',
    });
    if (!agreed) return;
    // Awaited here: the deleted row drops this button, and an unmounted observer's callbacks
    // never run.
    try {
      await remove.mutateAsync({ shortname, id: endpoint.id });
      toast.success(t('delete.done'));
    } catch (error) {
      toast.error(t('delete.failed'), {
        description: errorText((error as Error).message),
      });
    }
  };
  return (
    <Button
      variant="secondary"
      size="sm"
      loading={remove.isPending}
      aria-label={t('delete.label', { url: endpoint.url })}
      onClick={() => void ask()}
    >
      {t('delete.action')}
    </Button>
  );
}
