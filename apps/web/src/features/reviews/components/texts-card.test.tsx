import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n';
import {
  jsonReply,
  renderWithQueries,
  stubApi,
} from '../../../test-support/api-stub';
import { TextsCard } from './texts-card';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const text = (id: number, status: string, reason = '') => ({
  id,
  kind: id === 1 ? 'invitation' : 'reminder',
  to: '+447911123456',
  body: `Acme: Hi Anna, text ${id} https://candor.example/i/abc`,
  status,
  reason,
  created_at: '2026-12-07T10:00:00.000Z',
});

describe('the texts of an interviewee', () => {
  it('lists each text with its state and the reason it was not delivered', async () => {
    const fetchMock = stubApi(() =>
      jsonReply(200, [
        text(2, 'failed', 'Not delivered: UNDELIV (error 001)'),
        text(1, 'delivered'),
      ]),
    );
    renderWithQueries(
      <TextsCard job={1} application={2} phone="+447911123456" />,
    );
    const rows = await screen.findAllByTestId('text-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0] as HTMLElement).getByText('Reminder')).toBeTruthy();
    expect(
      within(rows[0] as HTMLElement).getByText('Not delivered'),
    ).toBeTruthy();
    expect(
      within(rows[0] as HTMLElement).getByText(
        'Not delivered: UNDELIV (error 001)',
      ),
    ).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('Delivered')).toBeTruthy();
    expect(
      screen.getByText(
        'Every text sent to +447911123456, with its delivery state.',
      ),
    ).toBeTruthy();
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain(
      '/api/jobs/1/applications/2/texts',
    );
  });

  it('says none were sent yet to an interviewee with a phone', async () => {
    stubApi(() => jsonReply(200, []));
    renderWithQueries(
      <TextsCard job={1} application={2} phone="+447911123456" />,
    );
    expect(await screen.findByText('No text messages yet')).toBeTruthy();
  });
});
