import { auditDetailLines, type AuditEntry } from '@candor/domain';
import { useTranslation } from 'react-i18next';
import { StatusPill, type StatusTone } from '../../../components/status-pill';
import { Table, type ColumnDef } from '../../../components/table';
import { useFormatDate } from '../../../lib/format-date';

const WIDE_ONLY = 'hidden md:table-cell';

const ACTOR_TONE: Record<AuditEntry['actor']['type'], StatusTone> = {
  user: 'grey',
  sso: 'brand',
  api_key: 'amber',
  system: 'grey',
};

/** One sentence per act, in the reader's language, with what changed beneath it. */
function Description({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation('audit-log');
  const lines = auditDetailLines(entry.details);
  return (
    <>
      <p className="text-ink">
        {t(`actions.${entry.action}`, {
          actor: entry.actor.name,
          target: entry.target?.label ?? '',
        })}
      </p>
      {lines.length > 0 && (
        <ul className="mt-0.5 space-y-0.5 font-mono text-xs break-all text-muted">
          {lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
    </>
  );
}

/** A page of the company's audit log, newest first. */
export function AuditLogTable({ entries }: { entries: AuditEntry[] }) {
  const { t } = useTranslation('audit-log');
  const format = useFormatDate();
  const columns: ColumnDef<AuditEntry>[] = [
    {
      id: 'at',
      header: t('columns.at'),
      meta: {
        className: `${WIDE_ONLY} whitespace-nowrap align-top text-slate-700`,
      },
      cell: ({ row }) => format.dateTime(row.original.at),
    },
    {
      id: 'event',
      header: t('columns.event'),
      meta: { className: 'align-top' },
      cell: ({ row: { original: entry } }) => (
        <>
          <Description entry={entry} />
          <p className="mt-1 text-xs text-muted md:hidden">
            {format.dateTime(entry.at)}
            {entry.ip ? ` · ${entry.ip}` : ''}
          </p>
        </>
      ),
    },
    {
      id: 'actor',
      header: t('columns.actor'),
      meta: { className: `${WIDE_ONLY} align-top` },
      cell: ({ row: { original: entry } }) => (
        <StatusPill tone={ACTOR_TONE[entry.actor.type]}>
          {t(`actorTypes.${entry.actor.type}`)}
        </StatusPill>
      ),
    },
    {
      id: 'origin',
      header: t('columns.origin'),
      meta: { className: `${WIDE_ONLY} align-top` },
      cell: ({ row: { original: entry } }) => (
        <>
          <p className="font-mono text-xs text-slate-700">{entry.ip ?? '—'}</p>
          {entry.user_agent && (
            <p
              className="max-w-56 truncate text-xs text-muted"
              title={entry.user_agent}
            >
              {entry.user_agent}
            </p>
          )}
        </>
      ),
    },
  ];
  return (
    <Table
      data={entries}
      columns={columns}
      getRowId={(entry) => entry.id}
      label={t('table')}
      empty={
        <p className="px-4 py-8 text-center text-sm text-muted">{t('empty')}</p>
      }
    />
  );
}
