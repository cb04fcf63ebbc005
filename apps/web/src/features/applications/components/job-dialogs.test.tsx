import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n';
import { applicationReply } from '../../../test-support/application-reply';
import {
  jsonReply,
  renderWithQueries,
  stubApi,
} from '../../../test-support/api-stub';
import { useJobDialogs, type JobDialog } from '../hooks/use-job-dialogs';
import { JobDialogs } from './job-dialogs';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ada = applicationReply(7, 'Ada Lovelace', { job: 4, responded_at: null });

/** The job page's dialogs as the page wires them, and a button that opens one. */
function OpenDialog({ open }: { open: JobDialog }) {
  const dialogs = useJobDialogs({
    jobId: 4,
    fromName: 'Acme',
    onDone: vi.fn(),
  });
  return (
    <MemoryRouter>
      <button type="button" onClick={() => dialogs.open(open)}>
        Open
      </button>
      <JobDialogs
        jobId={4}
        dialogs={dialogs}
        fromName="Acme"
        smsEnabled={false}
        rows={[ada]}
      />
    </MemoryRouter>
  );
}

const refusal = (message: string) => () =>
  jsonReply(409, { message, code: 'conflict' });

describe("the job page's invite and extend dialogs", () => {
  it("keep the server's refusal in the open dialog, with what was typed", async () => {
    stubApi(refusal('This interview is archived: restore it to invite.'));
    renderWithQueries(
      <OpenDialog open={{ kind: 'invite', application: ada, resend: false }} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Subject'), {
      target: { value: 'Your interview' },
    });
    fireEvent.click(
      within(dialog).getByRole('button', { name: 'Send invitation' }),
    );
    expect(
      await within(dialog).findByText(
        'This interview is archived: restore it to invite.',
      ),
    ).toBeTruthy();
    expect(within(dialog).getByLabelText('Subject')).toHaveProperty(
      'value',
      'Your interview',
    );
  });

  it('put a refusal of a field under that field', async () => {
    stubApi(() =>
      jsonReply(400, {
        message: 'Check the form',
        code: 'validation',
        fields: { invited_from_name: ['Sender name is too long'] },
      }),
    );
    renderWithQueries(
      <OpenDialog open={{ kind: 'invite', application: ada, resend: false }} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(
      within(dialog).getByRole('button', { name: 'Send invitation' }),
    );
    expect(
      await within(dialog).findByText('Sender name is too long'),
    ).toBeTruthy();
    expect(within(dialog).queryByText('Check the form')).toBeNull();
  });

  it('show a refused new deadline in the extend dialog', async () => {
    stubApi(refusal('The deadline must be in the future.'));
    renderWithQueries(
      <OpenDialog open={{ kind: 'extend', application: ada }} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(
      within(dialog).getByRole('button', { name: 'Extend and notify' }),
    );
    expect(
      await within(dialog).findByText('The deadline must be in the future.'),
    ).toBeTruthy();
  });
});
