import { describe, expect, it } from 'vitest';
import {
  checkSmsTemplate,
  SMS_TEMPLATE_MAX_PARTS,
  smsTemplatePreview,
} from './sms-template';

const preview = (template: string) =>
  smsTemplatePreview({
    kind: 'invitation',
    template,
    language: 'en-gb',
    organisationName: 'Acme',
    now: new Date('2026-12-07T12:00:00Z'),
    interviewLink: 'https://candor.example/i/AbCdEf12',
    stopLink: 'reply',
  });

describe('smsTemplatePreview', () => {
  it('reads as the text with the sample interviewee and the given link', () => {
    expect(preview('[ORGANISATION NAME]: Hi [FIRST NAME], by [DEADLINE]')).toBe(
      'Acme: Hi Jamie, by 10 Dec 12:00 UK https://candor.example/i/AbCdEf12\nReply STOP to opt out',
    );
  });
});

describe('checkSmsTemplate', () => {
  const check = (template: string) =>
    checkSmsTemplate(template, preview(template));

  it('counts the whole text in GSM-7', () => {
    const result = check('Hi [FIRST NAME]');
    expect(result).toMatchObject({ parts: 1, unicode: false, problem: null });
    expect(result.length).toBe(preview('Hi [FIRST NAME]').length);
  });

  it('says when a character forces UCS-2', () => {
    expect(check('Hi [FIRST NAME] 👋 ô é')).toMatchObject({
      unicode: true,
      unicodeCharacters: ['👋', 'ô'],
    });
  });

  it('lists the tags an e-mail would not know', () => {
    expect(check('Hi [SURNAME]').unknownTags).toEqual(['[SURNAME]']);
  });

  it.each([
    ['', 'Enter the text of the message'],
    ['   ', 'Enter the text of the message'],
    [
      'a'.repeat(153 * SMS_TEMPLATE_MAX_PARTS),
      `A text may take at most ${SMS_TEMPLATE_MAX_PARTS} parts: shorten the message`,
    ],
  ])('refuses %#', (template, problem) => {
    expect(check(template).problem).toBe(problem);
  });

  it('takes the longest template that fits', () => {
    const room = 153 * SMS_TEMPLATE_MAX_PARTS - preview('').length - 1;
    expect(check('a'.repeat(room))).toMatchObject({
      parts: SMS_TEMPLATE_MAX_PARTS,
      problem: null,
    });
  });
});
