import type { ApiKeyRequest } from '@candor/domain';
import { useTranslation } from 'react-i18next';
import { StatusPill, type StatusTone } from '../../../components/status-pill';
import { Table, type ColumnDef } from '../../../components/table';
import { useFormatDate } from '../../../lib/format-date';

const WIDE_ONLY = 'hidden md:table-cell';

const toneOf = (status: number): StatusTone =>
  status < 300 ? 'green' : status < 500 ? 'amber' : 'red';

/** The newest requests made with the company's keys. */
export function RequestsTable({ requests }: { requests: ApiKeyRequest[] }) {
  const { t } = useTranslation('api-keys');
  const format = useFormatDate();
  const columns: ColumnDef<ApiKeyRequest>[] = [
    {
      id: 'at',
      header: t('requests.columns.at'),
      meta: { className: `${WIDE_ONLY} whitespace-nowrap text-slate-700` },
      cell: ({ row }) => format.dateTime(row.original.at),
    },
    {
      id: 'request',
      header: t('requests.columns.request'),
      cell: ({ row: { original: request } }) => (
        <>
          <p className="font-mono text-xs break-all text-ink">
            {request.method} {request.route}
          </p>
          <p className="text-xs text-muted md:hidden">
            {request.key.name} · {format.dateTime(request.at)}
          </p>
        </>
      ),
    },
    {
      id: 'key',
      header: t('requests.columns.key'),
      meta: { className: `${WIDE_ONLY} text-slate-700` },
      cell: ({ row }) => row.original.key.name,
    },
    {
      id: 'status',
      header: t('requests.columns.status'),
      cell: ({ row }) => (
        <StatusPill tone={toneOf(row.original.status)}>
          {row.original.status}
        </StatusPill>
      ),
    },
    {
      id: 'duration',
      header: t('requests.columns.duration'),
      meta: {
        className: `${WIDE_ONLY} whitespace-nowrap text-right text-slate-700`,
        headerClassName: 'text-right',
      },
      cell: ({ row }) =>
        t('requests.milliseconds', { count: row.original.duration_ms }),
    },
  ];
  return (
    <Table
      data={requests}
      columns={columns}
      getRowId={(request) => request.id}
      label={t('requests.title')}
      empty={
        <p className="px-4 py-8 text-center text-sm text-muted">
          {t('requests.empty')}
        </p>
      }
    />
  );
}
