import { PREVIEW_SAMPLE, unknownMergeTags } from '../emails/merge-tags';
import { nonGsmCharacters, smsCount } from './sms-parts';
import { composeSmsText, type SmsKind } from './sms-text';

/**
 * The most parts a template may take with the editor's sample values. A text is cut at
 * SMS_MAX_PARTS (6): the one part to spare is for names and titles longer than the samples.
 */
export const SMS_TEMPLATE_MAX_PARTS = 5;
/** The most characters a template may be saved with, whatever its parts. */
export const SMS_TEMPLATE_MAX_LENGTH = 1000;

/**
 * A company's template as a text will read, with the editor's sample interviewee and
 * interview (those of the e-mail editor's preview) and the personal link and stop line the
 * server gave for the company.
 */
export function smsTemplatePreview(options: {
  kind: SmsKind;
  template: string;
  language: string;
  organisationName: string;
  now: Date;
  interviewLink: string;
  stopLink: string | 'reply';
}): string {
  return composeSmsText({
    kind: options.kind,
    language: options.language,
    template: options.template,
    companyName: options.organisationName,
    firstName: 'Jamie',
    lastName: 'Rivera',
    title: 'Customer Service Advisor',
    deadline: new Date(
      options.now.getTime() + PREVIEW_SAMPLE.deadlineDays * 24 * 60 * 60 * 1000,
    ),
    questionCount: PREVIEW_SAMPLE.questionCount,
    durationSeconds: PREVIEW_SAMPLE.durationSeconds,
    interviewLink: options.interviewLink,
    stopLink: options.stopLink,
  });
}

export type SmsTemplateCheck = {
  length: number;
  parts: number;
  /** Characters outside the GSM alphabet turn the whole text into UCS-2: 70 a part, not 160. */
  unicode: boolean;
  /** The template's own characters that do so (a name or title may add others). */
  unicodeCharacters: string[];
  /** Tags that would be sent as 'Field error: [TAG]', as in e-mails. */
  unknownTags: string[];
  /** Why it may not be saved, or null. */
  problem: string | null;
};

/** What the editor counts and the server checks before saving a template. */
export function checkSmsTemplate(
  template: string,
  preview: string,
): SmsTemplateCheck {
  const count = smsCount(preview);
  const problem =
    template.trim() === ''
      ? 'Enter the text of the message'
      : template.length > SMS_TEMPLATE_MAX_LENGTH ||
          count.parts > SMS_TEMPLATE_MAX_PARTS
        ? `A text may take at most ${SMS_TEMPLATE_MAX_PARTS} parts: shorten the message`
        : null;
  return {
    length: count.length,
    parts: count.parts,
    unicode: count.encoding === 'ucs2',
    unicodeCharacters: nonGsmCharacters(template),
    unknownTags: unknownMergeTags(template, 'custom'),
    problem,
  };
}
