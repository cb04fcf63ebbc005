import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n';
import {
  jsonReply,
  renderWithQueries,
  stubApi,
  stubPendingApi,
} from '../../../test-support/api-stub';
import { AddOneDialog } from './add-one-dialog';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function fill() {
  fireEvent.change(screen.getByLabelText('First name'), {
    target: { value: 'Ada' },
  });
  fireEvent.change(screen.getByLabelText('Last name'), {
    target: { value: 'Lovelace' },
  });
  fireEvent.change(screen.getByLabelText('Email'), {
    target: { value: 'ada@example.com' },
  });
}
const add = () => screen.getByRole('button', { name: 'Add interviewee' });

describe('add one interviewee', () => {
  it('makes the checks of bulk add before sending', async () => {
    const fetchMock = stubApi(() => jsonReply(500, {}));
    renderWithQueries(
      <AddOneDialog jobId={4} smsEnabled={false} onClose={vi.fn()} />,
    );
    fireEvent.click(add());
    expect(await screen.findByText('First name is required')).toBeTruthy();
    expect(screen.getByText('Last name is required')).toBeTruthy();
    expect(screen.getByText('Email is required')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's message under its field and keeps what was typed", async () => {
    stubApi(() =>
      jsonReply(400, {
        message: 'Check the form',
        code: 'validation',
        fields: { email: ['This interviewee is already on this interview'] },
      }),
    );
    const onClose = vi.fn();
    renderWithQueries(
      <AddOneDialog jobId={4} smsEnabled={false} onClose={onClose} />,
    );
    fill();
    fireEvent.click(add());
    expect(
      await screen.findByText('This interviewee is already on this interview'),
    ).toBeTruthy();
    expect(screen.getByLabelText('Email')).toHaveProperty(
      'value',
      'ada@example.com',
    );
    expect(screen.getByLabelText('First name')).toHaveProperty('value', 'Ada');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('shows a failure that is not about a field above the form', async () => {
    stubApi(() =>
      jsonReply(403, { message: 'You cannot add interviewees here.' }),
    );
    renderWithQueries(
      <AddOneDialog jobId={4} smsEnabled={false} onClose={vi.fn()} />,
    );
    fill();
    fireEvent.click(add());
    expect((await screen.findByRole('alert')).textContent).toBe(
      'You cannot add interviewees here.',
    );
  });

  it('disables the button while adding', async () => {
    stubPendingApi();
    renderWithQueries(
      <AddOneDialog jobId={4} smsEnabled={false} onClose={vi.fn()} />,
    );
    fill();
    fireEvent.click(add());
    await vi.waitFor(() => expect(add()).toHaveProperty('disabled', true));
  });
});
