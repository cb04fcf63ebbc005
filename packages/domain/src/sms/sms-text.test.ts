import { describe, expect, it } from 'vitest';
import {
  composeSmsText,
  defaultSmsTemplate,
  formatSmsDeadline,
} from './sms-text';

const deadline = new Date('2026-12-10T17:00:00Z');
const interview = {
  template: null,
  lastName: 'Rivera',
  questionCount: 4,
  durationSeconds: 720,
};

describe('composeSmsText', () => {
  it('gives the company, the title, the deadline, the link and the stop link', () => {
    expect(
      composeSmsText({
        ...interview,
        kind: 'invitation',
        language: 'en-gb',
        companyName: 'Acme',
        firstName: 'Anna',
        title: 'Support Lead',
        deadline,
        interviewLink: 'https://candor.example/i/abc',
        stopLink: 'https://candor.example/t/1-x',
      }),
    ).toBe(
      'Acme: Hi Anna, you are invited to a video interview for Support Lead. Please answer by 10 Dec 17:00 UK: https://candor.example/i/abc\nStop texts: https://candor.example/t/1-x',
    );
  });

  it('speaks the interview’s language', () => {
    const text = composeSmsText({
      ...interview,
      kind: 'reminder',
      language: 'fr-fr',
      companyName: 'Café Noir',
      firstName: 'Zoë',
      title: 'Barista',
      deadline,
      interviewLink: 'https://c.example/i/abc',
      stopLink: 'https://c.example/t/1-x',
    });
    expect(text).toContain(
      'Café Noir: Bonjour Zoë, rappel : répondez à votre entretien vidéo',
    );
    expect(text).toContain('avant le 10 déc 17:00 (R.-U.)');
    expect(text).toContain('Arrêter les SMS : https://c.example/t/1-x');
  });

  it('ends with the reply line where the provider takes STOP replies', () => {
    const text = composeSmsText({
      ...interview,
      kind: 'extension',
      language: 'en-gb',
      companyName: 'Acme',
      firstName: 'Anna',
      title: 'Chef',
      deadline,
      interviewLink: 'https://c.example/i/abc',
      stopLink: 'reply',
    });
    expect(text).toBe(
      'Acme: Hi Anna, you now have until 10 Dec 17:00 UK to answer your video interview for Chef: https://c.example/i/abc\nReply STOP to opt out',
    );
  });
});

describe('composeSmsText with a company template', () => {
  const options = {
    ...interview,
    kind: 'invitation' as const,
    language: 'fr-fr',
    companyName: 'Acme',
    firstName: 'Anna',
    title: 'Chef',
    deadline,
    interviewLink: 'https://c.example/i/abc',
    stopLink: 'https://c.example/t/1-x',
  };

  it('fills the e-mails’ merge tags, then adds the link and the stop line', () => {
    expect(
      composeSmsText({
        ...options,
        template:
          '[FULL NAME]: [QUESTION COUNT] questions, [DURATION], by [DEADLINE] [SURNAME]',
      }),
    ).toBe(
      'Anna Rivera: 4 questions, 12 minutes, by 10 déc 17:00 (R.-U.) Field error: [SURNAME] https://c.example/i/abc\nArrêter les SMS : https://c.example/t/1-x',
    );
  });

  it('drops the deadline’s clause from a default without a deadline', () => {
    expect(
      composeSmsText({ ...options, language: 'en-gb', deadline: null }),
    ).toBe(
      'Acme: Hi Anna, you are invited to a video interview for Chef: https://c.example/i/abc\nStop texts: https://c.example/t/1-x',
    );
    expect(defaultSmsTemplate('reminder', 'en-gb', false)).not.toContain(
      '[DEADLINE]',
    );
  });
});

describe('formatSmsDeadline', () => {
  it.each([
    [new Date('2026-07-01T08:05:00Z'), 'en-gb', '1 Jul 09:05 UK'],
    [null, 'en-gb', ''],
  ] as const)('%s in %s', (date, language, expected) => {
    expect(formatSmsDeadline(date, language)).toBe(expected);
  });
});
