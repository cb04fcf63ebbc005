import type { ApplicationReply } from '@candor/domain';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n';
import { ApplicantTable, type ApplicantTableProps } from './applicant-table';
import { applicationReply } from '../../../test-support/application-reply';

afterEach(cleanup);

const applicant = (
  id: number,
  name: string,
  change: Partial<ApplicationReply> = {},
) => applicationReply(id, name, { job: 7, ...change });

const rows = [
  applicant(1, 'Bea', {
    average_review: { review_average: 3, from_count: 1 },
  }),
  applicant(2, 'Ada', { answer_count: 0 }),
  applicant(3, 'Cy', {
    average_review: { review_average: 4.5, from_count: 2 },
  }),
  applicant(4, 'Di', {
    average_review: { review_average: null, from_count: 1, hidden: true },
  }),
];

function renderTable(change: Partial<ApplicantTableProps> = {}) {
  const props: ApplicantTableProps = {
    jobId: 7,
    stage: 'Responded',
    rows,
    isCompany: true,
    ratingScale: 5,
    sorting: [],
    onSortingChange: vi.fn(),
    selected: new Set(),
    onSelectedChange: vi.fn(),
    onCommand: vi.fn(),
    formatDate: (value) => value ?? 'No deadline',
    ...change,
  };
  render(
    <MemoryRouter>
      <ApplicantTable {...props} />
    </MemoryRouter>,
  );
  return props;
}

const order = () =>
  screen
    .getAllByTestId('applicant-row')
    .map((row) => row.querySelector('td:nth-child(2) div')?.textContent);

describe('ApplicantTable', () => {
  it('tags the interviewees Greenhouse sent, and only them', () => {
    renderTable({
      rows: [applicant(1, 'Bea', { ats: 'greenhouse' }), applicant(2, 'Ada')],
    });
    const [bea, ada] = screen.getAllByTestId('applicant-row');
    expect(bea?.textContent).toContain('From Greenhouse');
    expect(ada?.textContent).not.toContain('From Greenhouse');
  });

  it('links a name to the interviewee only when they have answered', () => {
    renderTable();
    expect(screen.getByRole('link', { name: 'Bea' }).getAttribute('href')).toBe(
      '/interviews/7/interviewee/1',
    );
    expect(screen.queryByRole('link', { name: 'Ada' })).toBeNull();
  });

  it('shows the visible average, "hidden" as such, and sorts highest first', () => {
    renderTable({ sorting: [{ id: 'rating', desc: true }] });
    expect(screen.getAllByText('Hidden until you rate').length).toBeGreaterThan(
      0,
    );
    expect(order()).toEqual(['Cy', 'Bea', 'Ada', 'Di']);
    expect(
      screen
        .getByRole('columnheader', { name: /Rating/ })
        .getAttribute('aria-sort'),
    ).toBe('descending');
  });

  it('asks for a sort by the clicked header, and reports the chosen rows', () => {
    const props = renderTable();
    fireEvent.click(screen.getByRole('button', { name: /Name/ }));
    expect(props.onSortingChange).toHaveBeenCalledWith([
      { id: 'name', desc: false },
    ]);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Cy' }));
    expect(props.onSelectedChange).toHaveBeenCalledWith(new Set([3]));
  });

  it('has no rating column before anyone answers', () => {
    renderTable({ stage: 'AwaitingResponse' });
    expect(screen.queryByRole('columnheader', { name: /Rating/ })).toBeNull();
  });
});
