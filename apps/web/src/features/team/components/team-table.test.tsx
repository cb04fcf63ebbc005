import type { Member } from '@candor/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import '../../../i18n';
import { TeamTable } from './team-table';

afterEach(cleanup);

const member = (id: number, change: Partial<Member>): Member => ({
  id,
  first_name: 'Ada',
  last_name: 'Lovelace',
  full_name: 'Ada Lovelace',
  email: 'ada@example.com',
  role: 'admin',
  status: 'active',
  last_sign_in_at: '2026-11-20T09:00:00Z',
  invited_at: null,
  is_you: true,
  ...change,
});

function renderTeam(canManage: boolean) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <TeamTable
          members={[
            member(1, {}),
            member(2, {
              full_name: 'Robin Hale',
              email: 'robin@example.com',
              role: 'member',
              status: 'invited',
              last_sign_in_at: null,
              invited_at: '2026-11-24T09:00:00Z',
              is_you: false,
            }),
          ]}
          team={{ shortname: 'acme', companyName: 'Acme', canManage }}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('TeamTable', () => {
  it('is the shared table, one row per person with one status pill each', () => {
    renderTeam(false);
    const table = screen.getByRole('table', { name: 'Team' });
    const [, you, invitee] = within(table).getAllByRole('row');
    if (!you || !invitee) throw new Error('two rows expected');
    expect(within(you).getAllByText('Active')).toHaveLength(1);
    const invited = within(invitee).getByText('Invited');
    expect(invited.closest('[title]')?.getAttribute('title')).toBe(
      'Invited 24 Nov 2026',
    );
    expect(within(you).getAllByText('20 Nov 2026').length).toBeGreaterThan(0);
  });

  it('gives admins a role select in each row', () => {
    renderTeam(true);
    // One for wide screens, one under the name on a phone; CSS shows one of them.
    expect(
      screen.getAllByRole('combobox', { name: /Robin Hale/ }).length,
    ).toBeGreaterThan(0);
    expect(
      screen.getAllByRole('combobox', { name: /Robin Hale/ })[0],
    ).toHaveProperty('value', 'member');
  });
});
