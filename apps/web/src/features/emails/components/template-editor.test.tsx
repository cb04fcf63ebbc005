import type { DefaultEmail } from '@candor/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n';
import { jsonReply, stubApi } from '../../../test-support/api-stub';
import { emailKeys } from '../api/default-email';
import { TemplateEditor } from './template-editor';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const email: DefaultEmail = {
  type: 'invitation',
  subject: 'Your interview with Acme',
  body_text: '<p>Hello [FIRST NAME]</p>',
  from_name: 'Acme',
  reply_to_email: '',
  promote_practice: false,
  sender_choices: ['Acme', 'Alex Morgan'],
  company_name: 'Acme',
  company_logo: null,
};

function renderEditor(saveReply: () => Response) {
  const fetchMock = stubApi((url, init) =>
    url.includes('email-preview')
      ? jsonReply(200, { subject: email.subject, html: '<p>Hi</p>', text: '' })
      : init?.method === 'PUT'
        ? saveReply()
        : jsonReply(404, { message: 'Not found' }),
  );
  const client = new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: Infinity },
      mutations: { retry: false },
    },
  });
  client.setQueryData(emailKeys.detail('acme', 'invitation'), email);
  render(
    <QueryClientProvider client={client}>
      <TemplateEditor shortname="acme" type="invitation" />
    </QueryClientProvider>,
  );
  return fetchMock;
}

const save = () => screen.getByRole('button', { name: 'Save template' });
const puts = (fetchMock: ReturnType<typeof renderEditor>) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT');

describe('default e-mail editor', () => {
  it('checks the reply-to address before saving', async () => {
    const fetchMock = renderEditor(() => jsonReply(200, email));
    fireEvent.change(screen.getByLabelText('Reply to email'), {
      target: { value: 'not-an-email' },
    });
    fireEvent.click(save());
    expect(await screen.findByText('Enter a valid email address')).toBeTruthy();
    expect(puts(fetchMock)).toHaveLength(0);
  });

  it("shows the server's message under its field and keeps the draft", async () => {
    renderEditor(() =>
      jsonReply(400, {
        message: 'Check the e-mail',
        code: 'validation',
        fields: { subject: ['The subject has an unknown merge tag'] },
      }),
    );
    const subject = screen.getByLabelText('Subject');
    fireEvent.change(subject, { target: { value: 'Hi [NOPE]' } });
    fireEvent.click(save());
    expect(
      await screen.findByText('The subject has an unknown merge tag'),
    ).toBeTruthy();
    expect(subject).toHaveProperty('value', 'Hi [NOPE]');
    expect(subject.getAttribute('aria-invalid')).toBe('true');
  });

  it('shows the sender chosen in the preview at once', () => {
    renderEditor(() => jsonReply(200, email));
    fireEvent.change(screen.getByLabelText('Sender name'), {
      target: { value: 'Alex Morgan' },
    });
    expect(screen.getByText('From: Alex Morgan')).toBeTruthy();
  });
});
