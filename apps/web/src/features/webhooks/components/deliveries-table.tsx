import type { WebhookDelivery } from '@candor/domain';
import { Send } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { StatusPill, type StatusTone } from '../../../components/status-pill';
import { Table, type ColumnDef } from '../../../components/table';
import { toast } from '../../../components/toast';
import { useErrorText } from '../../../lib/error-text';
import { useFormatDate } from '../../../lib/format-date';
import { useRedeliver } from '../api/redeliver';

const WIDE_ONLY = 'hidden md:table-cell';
const TONES: Record<WebhookDelivery['status'], StatusTone> = {
  delivered: 'green',
  pending: 'amber',
  failed: 'red',
};

/** One endpoint's deliveries, newest first; each can be sent again. */
export function DeliveriesTable({
  deliveries,
  shortname,
  endpointId,
}: {
  deliveries: WebhookDelivery[];
  shortname: string;
  endpointId: number;
}) {
  const { t } = useTranslation('webhooks');
  const format = useFormatDate();
  const response = (delivery: WebhookDelivery) =>
    delivery.last_attempt_at === null
      ? t('log.notYet')
      : t('log.response', {
          status: delivery.response_status ?? t('log.noResponse'),
          ms: delivery.response_ms ?? 0,
        });
  const columns: ColumnDef<WebhookDelivery>[] = [
    {
      id: 'event',
      header: t('log.columns.event'),
      cell: ({ row: { original: delivery } }) => (
        <>
          <p className="font-mono text-sm text-ink">{delivery.event}</p>
          <p className="text-xs text-muted">
            {format.dateTime(delivery.created_at)}
          </p>
          <div className="mt-1 flex flex-wrap items-center gap-2 text-xs text-muted md:hidden">
            <DeliveryStatus delivery={delivery} />
            {response(delivery)}
          </div>
          <details className="mt-1 text-xs">
            <summary className="cursor-pointer text-brand-700">
              {t('log.details')}
            </summary>
            <dl className="mt-2 space-y-2">
              {delivery.last_error && (
                <div>
                  <dt className="font-medium text-slate-700">
                    {t('log.error')}
                  </dt>
                  <dd className="text-red-800">{delivery.last_error}</dd>
                </div>
              )}
              <div>
                <dt className="font-medium text-slate-700">
                  {t('log.responseBody')}
                </dt>
                <dd>
                  <pre
                    // Scrollable: reachable by keyboard too.
                    tabIndex={0}
                    className="max-h-40 max-w-[45vw] overflow-auto rounded bg-slate-50 p-2 whitespace-pre-wrap md:max-w-xl"
                  >
                    {delivery.response_excerpt || t('log.empty')}
                  </pre>
                </dd>
              </div>
              <div>
                <dt className="font-medium text-slate-700">
                  {t('log.payload')}
                </dt>
                <dd>
                  <pre
                    // Scrollable: reachable by keyboard too.
                    tabIndex={0}
                    className="max-h-40 max-w-[45vw] overflow-auto rounded bg-slate-50 p-2 whitespace-pre-wrap md:max-w-xl"
                  >
                    {readablePayload(delivery.payload)}
                  </pre>
                </dd>
              </div>
            </dl>
          </details>
        </>
      ),
    },
    {
      id: 'status',
      header: t('log.columns.status'),
      meta: { className: WIDE_ONLY },
      cell: ({ row }) => <DeliveryStatus delivery={row.original} />,
    },
    {
      id: 'response',
      header: t('log.columns.response'),
      meta: { className: `${WIDE_ONLY} whitespace-nowrap text-slate-700` },
      cell: ({ row }) => response(row.original),
    },
    {
      id: 'attempts',
      header: t('log.columns.attempts'),
      meta: { className: `${WIDE_ONLY} text-slate-700` },
      cell: ({ row }) => row.original.attempts,
    },
    {
      id: 'actions',
      header: () => <span className="sr-only">{t('columns.actions')}</span>,
      meta: { className: 'text-right' },
      cell: ({ row }) => (
        <RedeliverButton
          delivery={row.original}
          shortname={shortname}
          endpointId={endpointId}
        />
      ),
    },
  ];
  return (
    <Table
      data={deliveries}
      columns={columns}
      getRowId={(delivery) => String(delivery.id)}
      label={t('log.title')}
      rowProps={(row) => ({ 'data-delivery': row.original.event })}
      empty={
        <EmptyState
          icon={Send}
          title={t('log.emptyTitle')}
          description={t('log.emptyHint')}
        />
      }
    />
  );
}

function DeliveryStatus({ delivery }: { delivery: WebhookDelivery }) {
  const { t } = useTranslation('webhooks');
  const format = useFormatDate();
  return (
    <StatusPill
      tone={TONES[delivery.status]}
      title={
        delivery.next_attempt_at
          ? t('log.nextAttempt', {
              date: format.dateTime(delivery.next_attempt_at),
            })
          : undefined
      }
    >
      {t(`log.status.${delivery.status}`)}
    </StatusPill>
  );
}

/** The payload as sent, indented to be read. */
function readablePayload(payload: string): string {
  try {
    return JSON.stringify(JSON.parse(payload), null, 2);
  } catch {
    return payload;
  }
}

function RedeliverButton({
  delivery,
  shortname,
  endpointId,
}: {
  delivery: WebhookDelivery;
  shortname: string;
  endpointId: number;
}) {
  const { t } = useTranslation('webhooks');
  const errorText = useErrorText();
  const redeliver = useRedeliver();
  const send = async () => {
    try {
      await redeliver.mutateAsync({
        shortname,
        endpointId,
        deliveryId: delivery.id,
      });
      toast.success(t('redeliver.done'));
    } catch (error) {
      toast.error(t('redeliver.failed'), {
        description: errorText((error as Error).message),
      });
    }
  };
  return (
    <Button
      variant="secondary"
      size="sm"
      loading={redeliver.isPending}
      aria-label={t('redeliver.label', { event: delivery.event })}
      onClick={() => void send()}
    >
      {t('redeliver.action')}
    </Button>
  );
}
