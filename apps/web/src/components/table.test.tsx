import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  Table,
  selectionColumn,
  type ColumnDef,
  type RowSelectionState,
  type SortingState,
} from './table';

afterEach(cleanup);

type Person = { id: number; name: string; score: number | undefined };
const people: Person[] = [
  { id: 1, name: 'Bea', score: 2 },
  { id: 2, name: 'Ada', score: undefined },
  { id: 3, name: 'Cy', score: 4 },
];
const columns: ColumnDef<Person>[] = [
  selectionColumn<Person>({
    selectAll: 'Select all',
    select: (row) => `Select ${row.name}`,
  }),
  { id: 'name', header: 'Name', accessorKey: 'name' },
  {
    id: 'score',
    header: 'Score',
    accessorFn: (row) => row.score,
    sortUndefined: 'last',
    sortDescFirst: true,
    meta: { className: 'hidden sm:table-cell' },
  },
  { id: 'note', header: 'Note', enableSorting: false, cell: () => '…' },
];

function Harness({ empty }: { empty?: boolean }) {
  const [sorting, setSorting] = useState<SortingState>([]);
  const [selection, setSelection] = useState<RowSelectionState>({});
  return (
    <>
      <Table
        data={empty ? [] : people}
        columns={columns}
        getRowId={(row) => String(row.id)}
        sorting={sorting}
        onSortingChange={setSorting}
        rowSelection={selection}
        onRowSelectionChange={setSelection}
        empty={<p>Nobody yet</p>}
        rowProps={() => ({ 'data-testid': 'person' })}
        label="People"
      />
      <output>{Object.keys(selection).join(',')}</output>
    </>
  );
}

const names = () =>
  screen
    .getAllByTestId('person')
    .map((row) => row.querySelectorAll('td')[1]?.textContent);

describe('Table', () => {
  it('names its column headers and marks only sortable ones with aria-sort', () => {
    render(<Harness />);
    expect(screen.getByRole('table', { name: 'People' })).toBeTruthy();
    const headers = screen.getAllByRole('columnheader');
    expect(headers.map((th) => th.getAttribute('scope'))).toEqual([
      'col',
      'col',
      'col',
      'col',
    ]);
    expect(headers.map((th) => th.getAttribute('aria-sort'))).toEqual([
      null,
      'none',
      'none',
      null,
    ]);
    expect(headers[2]?.className).toContain('hidden sm:table-cell');
  });

  it('sorts by a header button, ascending then descending, empty values last', () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: /Name/ }));
    expect(names()).toEqual(['Ada', 'Bea', 'Cy']);
    expect(
      screen
        .getByRole('columnheader', { name: /Name/ })
        .getAttribute('aria-sort'),
    ).toBe('ascending');
    fireEvent.click(screen.getByRole('button', { name: /Name/ }));
    expect(names()).toEqual(['Cy', 'Bea', 'Ada']);

    // A score sorts highest first, and no score goes last either way.
    fireEvent.click(screen.getByRole('button', { name: /Score/ }));
    expect(names()).toEqual(['Cy', 'Bea', 'Ada']);
    expect(
      screen
        .getByRole('columnheader', { name: /Score/ })
        .getAttribute('aria-sort'),
    ).toBe('descending');
    fireEvent.click(screen.getByRole('button', { name: /Score/ }));
    expect(names()).toEqual(['Bea', 'Cy', 'Ada']);
  });

  it('selects rows one by one and all at once', () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Cy' }));
    expect(screen.getByRole('status').textContent).toBe('3');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all' }));
    expect(screen.getByRole('status').textContent).toBe('1,2,3');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all' }));
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('shows the empty slot instead of an empty table', () => {
    render(<Harness empty />);
    expect(screen.getByText('Nobody yet')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
