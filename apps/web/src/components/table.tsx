import {
  flexRender,
  getCoreRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type OnChangeFn,
  type Row,
  type RowData,
  type RowSelectionState,
  type SortingState,
} from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ChevronsUpDown } from 'lucide-react';
import type { HTMLAttributes, ReactNode } from 'react';
import { cn } from '../lib/cn';

declare module '@tanstack/react-table' {
  // Module augmentation needs an interface, with TanStack's own generics.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions, @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Classes for the column's th and td, e.g. `hidden sm:table-cell` to drop it on phones. */
    className?: string;
    /** Classes for the th alone. */
    headerClassName?: string;
  }
}

export type { ColumnDef, RowSelectionState, SortingState };

export type TableProps<T> = {
  data: T[];
  // TanStack's own column type: each column has its own value type.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  columns: ColumnDef<T, any>[];
  /** A stable id per row (for selection); the index when omitted. */
  getRowId?: (row: T, index: number) => string;
  /** Sorting by the table (within the rows given) unless `manualSorting`. */
  sorting?: SortingState;
  onSortingChange?: OnChangeFn<SortingState>;
  /** The rows come sorted (e.g. by the server): the headers only report the order. */
  manualSorting?: boolean;
  rowSelection?: RowSelectionState;
  onRowSelectionChange?: OnChangeFn<RowSelectionState>;
  /** Shown in place of the rows when `data` is empty. */
  empty?: ReactNode;
  /** Extra attributes for each tr, e.g. a test id. */
  rowProps?: (
    row: Row<T>,
  ) => HTMLAttributes<HTMLTableRowElement> & Record<`data-${string}`, string>;
  /** The table's accessible name. */
  label?: string;
  /** `compact` for tables inside dialogs. */
  density?: 'default' | 'compact';
  className?: string;
};

/**
 * The one data table (DESIGN.md: sticky header, row hover, actions at the row's end, pager
 * below). Sortable headers are buttons inside `th scope="col"` with `aria-sort`, so they sort
 * by keyboard too. Columns hide on phones through `meta.className`.
 */
export function Table<T>({
  data,
  columns,
  getRowId,
  sorting,
  onSortingChange,
  manualSorting = false,
  rowSelection,
  onRowSelectionChange,
  empty,
  rowProps,
  label,
  density = 'default',
  className,
}: TableProps<T>) {
  const pad = density === 'compact' ? 'px-3 py-2' : 'px-4 py-3';
  // TanStack Table returns functions that the React Compiler must not memoise.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data,
    columns,
    getRowId,
    state: {
      ...(sorting ? { sorting } : {}),
      ...(rowSelection ? { rowSelection } : {}),
    },
    onSortingChange,
    onRowSelectionChange,
    enableRowSelection: rowSelection !== undefined,
    enableSortingRemoval: false,
    manualSorting,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
  });

  if (data.length === 0 && empty !== undefined) return <>{empty}</>;

  return (
    <table className={cn('w-full text-sm', className)} aria-label={label}>
      <thead className="sticky top-0 z-10 bg-slate-50 text-left text-xs font-medium tracking-wide text-muted uppercase">
        {table.getHeaderGroups().map((group) => (
          <tr key={group.id}>
            {group.headers.map((header) => {
              const column = header.column;
              const meta = column.columnDef.meta;
              const sorted = column.getIsSorted();
              const content = header.isPlaceholder
                ? null
                : flexRender(column.columnDef.header, header.getContext());
              return (
                <th
                  key={header.id}
                  scope="col"
                  className={cn(pad, meta?.className, meta?.headerClassName)}
                  aria-sort={
                    column.getCanSort()
                      ? sorted === 'asc'
                        ? 'ascending'
                        : sorted === 'desc'
                          ? 'descending'
                          : 'none'
                      : undefined
                  }
                >
                  {column.getCanSort() ? (
                    <button
                      type="button"
                      onClick={column.getToggleSortingHandler()}
                      className="-mx-1 inline-flex items-center gap-1 rounded px-1 tracking-wide uppercase hover:text-ink focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
                    >
                      {content}
                      {sorted === 'asc' ? (
                        <ArrowUp className="size-3.5" aria-hidden />
                      ) : sorted === 'desc' ? (
                        <ArrowDown className="size-3.5" aria-hidden />
                      ) : (
                        <ChevronsUpDown
                          className="size-3.5 opacity-50"
                          aria-hidden
                        />
                      )}
                    </button>
                  ) : (
                    content
                  )}
                </th>
              );
            })}
          </tr>
        ))}
      </thead>
      <tbody>
        {table.getRowModel().rows.map((row) => {
          const extra = rowProps?.(row);
          return (
            <tr
              key={row.id}
              {...extra}
              className={cn(
                'border-t border-border hover:bg-slate-50/70',
                row.getIsSelected() && 'bg-brand-50/40',
                extra?.className,
              )}
            >
              {row.getVisibleCells().map((cell) => (
                <td
                  key={cell.id}
                  className={cn(
                    pad,
                    'align-top',
                    cell.column.columnDef.meta?.className,
                  )}
                >
                  {flexRender(cell.column.columnDef.cell, cell.getContext())}
                </td>
              ))}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/**
 * A checkbox column for row selection: `selectAll` names the header's box, `select(row)` each
 * row's (e.g. "Select Ada Lovelace").
 */
export function selectionColumn<T>(labels: {
  selectAll: string;
  select: (row: T) => string;
}): ColumnDef<T> {
  return {
    id: 'select',
    enableSorting: false,
    meta: { className: 'w-10' },
    header: ({ table }) => (
      <input
        type="checkbox"
        aria-label={labels.selectAll}
        className="size-4 accent-brand-700"
        checked={table.getIsAllRowsSelected()}
        ref={(element) => {
          if (element) element.indeterminate = table.getIsSomeRowsSelected();
        }}
        onChange={table.getToggleAllRowsSelectedHandler()}
      />
    ),
    cell: ({ row }) => (
      <input
        type="checkbox"
        aria-label={labels.select(row.original)}
        className="size-4 accent-brand-700"
        checked={row.getIsSelected()}
        disabled={!row.getCanSelect()}
        onChange={row.getToggleSelectedHandler()}
      />
    ),
  };
}
