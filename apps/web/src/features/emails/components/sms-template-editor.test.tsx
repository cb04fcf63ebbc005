import type { SmsTemplate } from '@candor/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n';
import { jsonReply, stubApi } from '../../../test-support/api-stub';
import { smsTemplateKeys } from '../api/sms-template';
import { SmsTemplateEditor } from './sms-template-editor';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const template: SmsTemplate = {
  kind: 'invitation',
  body_text: 'Hi [FIRST NAME]',
  is_default: false,
  default_text: '[ORGANISATION NAME]: Hi [FIRST NAME]',
  organisation_name: 'Acme',
  interview_link: 'https://candor.example/i/SAMPLE1234',
  stop_link: 'reply',
};

function renderEditor(saveReply: () => Response) {
  const fetchMock = stubApi((_url, init) =>
    init?.method === 'PUT' ? saveReply() : jsonReply(404, { message: 'No' }),
  );
  const client = new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: Infinity },
      mutations: { retry: false },
    },
  });
  client.setQueryData(smsTemplateKeys.detail('acme', 'invitation'), template);
  render(
    <QueryClientProvider client={client}>
      <SmsTemplateEditor shortname="acme" kind="invitation" />
    </QueryClientProvider>,
  );
  return fetchMock;
}

const message = () => screen.getByLabelText('Message');
const type = (value: string) =>
  fireEvent.change(message(), { target: { value } });

describe('text message template editor', () => {
  it('counts characters and parts as the text will be sent, link and stop line included', () => {
    renderEditor(() => jsonReply(200, template));
    // 'Hi Jamie https://candor.example/i/SAMPLE1234\nReply STOP to opt out'
    expect(screen.getByTestId('sms-count').textContent).toBe(
      '66 characters · 1 part · GSM-7',
    );
    expect(screen.getByTestId('sms-preview').textContent).toBe(
      'Hi Jamie https://candor.example/i/SAMPLE1234\nReply STOP to opt out',
    );
    type('a'.repeat(200));
    expect(screen.getByTestId('sms-count').textContent).toBe(
      '258 characters · 2 parts · GSM-7',
    );
    expect(screen.getByText(/This text goes as 2 parts/)).toBeTruthy();
  });

  it('warns when a character forces UCS-2, and about an unknown tag', () => {
    renderEditor(() => jsonReply(200, template));
    type('Bonjour [PRENOM] ô');
    expect(screen.getByTestId('sms-count').textContent).toContain(
      'Unicode (UCS-2)',
    );
    expect(screen.getByText(/ô is not in the GSM alphabet/)).toBeTruthy();
    expect(screen.getByText(/\[PRENOM\] is not a merge tag/)).toBeTruthy();
  });

  it('refuses an empty text before asking the server, and shows the server’s message', async () => {
    const fetchMock = renderEditor(() =>
      jsonReply(400, {
        message:
          'body_text: A text may take at most 5 parts: shorten the message.',
        fields: {
          body_text: ['A text may take at most 5 parts: shorten the message.'],
        },
      }),
    );
    type('  ');
    fireEvent.click(screen.getByRole('button', { name: 'Save template' }));
    expect(
      await screen.findByText('Enter the text of the message.'),
    ).toBeTruthy();
    expect(
      fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT'),
    ).toHaveLength(0);

    type('Hello [FIRST NAME]');
    fireEvent.click(screen.getByRole('button', { name: 'Save template' }));
    expect(
      await screen.findByText(
        'A text may take at most 5 parts: shorten the message.',
      ),
    ).toBeTruthy();
    expect(message()).toHaveProperty('value', 'Hello [FIRST NAME]');
  });
});
