import type { ApplicationReply, Stage } from '@candor/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  Table,
  selectionColumn,
  type ColumnDef,
  type RowSelectionState,
  type SortingState,
} from '../../../components/table';
import { StatusPill } from '../../../components/status-pill';
import { paths } from '../../../lib/paths';
import { ApplicantActions, type RowCommand } from './applicant-actions';
import { ApplicantStatus } from './applicant-status';

/** The stages whose interviewees have answered, and so may have a rating. */
const RATED_STAGES: readonly Stage[] = ['Responded', 'Reviewed', 'Outcomes'];

/** The average the caller may see: hidden until they rate (decision 132), or none yet. */
const ratingValue = (row: ApplicationReply) =>
  row.average_review.hidden
    ? undefined
    : (row.average_review.review_average ?? undefined);

export type ApplicantTableProps = {
  jobId: number;
  stage: Stage;
  rows: ApplicationReply[];
  isCompany: boolean;
  ratingScale: number | undefined;
  sorting: SortingState;
  onSortingChange: (sorting: SortingState) => void;
  selected: Set<number>;
  onSelectedChange: (selected: Set<number>) => void;
  onCommand: (command: RowCommand, application: ApplicationReply) => void;
  formatDate: (value: string | null) => string;
};

/**
 * One page of a stage's interviewees on the shared Table: the name links to the interviewee
 * once they have answered, a rating column from Responded on, sorting within the page (decision
 * 142). On a phone the status, rating and actions sit under the name.
 */
export function ApplicantTable({
  jobId,
  stage,
  rows,
  isCompany,
  ratingScale,
  sorting,
  onSortingChange,
  selected,
  onSelectedChange,
  onCommand,
  formatDate,
}: ApplicantTableProps) {
  const { t } = useTranslation('applications');
  const rated = RATED_STAGES.includes(stage);
  const dateOf = (row: ApplicationReply) =>
    stage === 'ToInvite' ? row.created_at : row.deadline;

  const rating = (row: ApplicationReply) => {
    if (row.average_review.hidden)
      return <span className="text-muted">{t('rating.hidden')}</span>;
    const value = row.average_review.review_average;
    if (value === null)
      return (
        <span className="text-muted">
          <span aria-hidden>–</span>
          <span className="sr-only">{t('rating.none')}</span>
        </span>
      );
    return (
      <span className="font-semibold text-ink tabular-nums">
        {Number.isInteger(value) ? value : value.toFixed(1)}
        {ratingScale !== undefined && (
          <span className="font-normal text-muted"> / {ratingScale}</span>
        )}
      </span>
    );
  };

  const actions = (row: ApplicationReply, align?: 'start') => (
    <ApplicantActions
      application={row}
      jobId={jobId}
      canEmail={isCompany}
      onCommand={onCommand}
      align={align}
    />
  );

  const columns: ColumnDef<ApplicationReply>[] = [
    ...(isCompany
      ? [
          selectionColumn<ApplicationReply>({
            selectAll: t('columns.selectAll'),
            select: (row) => `${t('columns.select')} ${row.user.full_name}`,
          }),
        ]
      : []),
    {
      id: 'name',
      header: t('columns.name'),
      accessorFn: (row) => row.user.full_name,
      sortingFn: (a, b) =>
        a.original.user.full_name.localeCompare(b.original.user.full_name),
      cell: ({ row: { original: row } }) => (
        <>
          <div className="font-medium text-ink">
            {/* The spec's rule for people found by search: with answers, a link to them. */}
            {row.answer_count > 0 ? (
              <Link
                to={paths.interviewee(jobId, row.id)}
                className="text-brand-800 underline-offset-2 hover:underline"
              >
                {row.user.full_name}
              </Link>
            ) : (
              row.user.full_name
            )}
          </div>
          <div className="max-w-[16rem] truncate text-muted sm:max-w-none">
            {row.user.email}
          </div>
          {row.ats === 'greenhouse' && (
            <div className="mt-1">
              <StatusPill tone="brand">{t('fromGreenhouse')}</StatusPill>
            </div>
          )}
          {/* On a phone the status, rating and actions sit under the name. */}
          <div className="mt-2 space-y-2 sm:hidden">
            <ApplicantStatus application={row} />
            {/* Only a rating or "hidden": a line of "Rating: –" on every row is noise. */}
            {rated &&
              (row.average_review.hidden ||
                row.average_review.review_average !== null) && (
                <div className="text-sm">
                  {/* The shared pattern with no value yet: French puts a narrow space before the colon. */}
                  <span className="text-muted">
                    {t('labelValue', {
                      ns: 'common',
                      label: t('columns.rating'),
                      value: '',
                    })}
                  </span>
                  {rating(row)}
                </div>
              )}
            {actions(row, 'start')}
          </div>
        </>
      ),
    },
    {
      id: 'status',
      header: t('columns.status'),
      accessorFn: (row) =>
        t(`labels.${row.status_label.key}`, {
          defaultValue: row.status_label.text,
        }),
      meta: { className: 'hidden sm:table-cell' },
      cell: ({ row }) => <ApplicantStatus application={row.original} />,
    },
    ...(rated
      ? [
          {
            id: 'rating',
            header: t('columns.rating'),
            accessorFn: ratingValue,
            sortUndefined: 'last',
            sortDescFirst: true,
            meta: { className: 'hidden sm:table-cell whitespace-nowrap' },
            cell: ({ row }) => rating(row.original),
          } satisfies ColumnDef<ApplicationReply, number | undefined>,
        ]
      : []),
    {
      id: 'deadline',
      header: stage === 'ToInvite' ? t('columns.added') : t('columns.deadline'),
      accessorFn: (row) => {
        const value = dateOf(row);
        return value ? Date.parse(value) : undefined;
      },
      sortUndefined: 'last',
      meta: { className: 'hidden text-slate-600 md:table-cell' },
      cell: ({ row }) => formatDate(dateOf(row.original)),
    },
    {
      id: 'actions',
      header: () => <span className="sr-only">{t('columns.actions')}</span>,
      enableSorting: false,
      meta: {
        className: 'hidden sm:table-cell',
        headerClassName: 'text-right',
      },
      cell: ({ row }) => actions(row.original),
    },
  ];

  const ids = new Set(columns.map((column) => column.id));
  const rowSelection: RowSelectionState = Object.fromEntries(
    [...selected].map((id) => [String(id), true]),
  );

  return (
    <Table
      data={rows}
      columns={columns}
      getRowId={(row) => String(row.id)}
      sorting={sorting.filter((sort) => ids.has(sort.id))}
      onSortingChange={(update) =>
        onSortingChange(typeof update === 'function' ? update(sorting) : update)
      }
      rowSelection={isCompany ? rowSelection : undefined}
      onRowSelectionChange={(update) => {
        const next =
          typeof update === 'function' ? update(rowSelection) : update;
        onSelectedChange(
          new Set(
            Object.entries(next)
              .filter(([, on]) => on)
              .map(([id]) => Number(id)),
          ),
        );
      }}
      rowProps={() => ({ 'data-testid': 'applicant-row' })}
    />
  );
}
