import { formatDuration, renderMergeTags } from '../emails/merge-tags';

/** What causes a text: the e-mail it goes beside. */
export type SmsKind = 'invitation' | 'resend' | 'reminder' | 'extension';

export const SMS_KINDS: readonly SmsKind[] = [
  'invitation',
  'resend',
  'reminder',
  'extension',
];

type SmsLanguage = 'en-gb' | 'fr-fr';

function smsLanguage(language: string): SmsLanguage {
  return language.toLowerCase().startsWith('fr') ? 'fr-fr' : 'en-gb';
}

/** A deadline short enough for a text, in UK time as e-mails give it: '24 Nov 17:00 UK'. */
export function formatSmsDeadline(
  deadline: Date | null,
  language: SmsLanguage,
): string {
  if (deadline === null) return '';
  const parts = new Intl.DateTimeFormat(language, {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Europe/London',
  }).formatToParts(deadline);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((entry) => entry.type === type)?.value ?? '';
  const day = `${part('day')} ${part('month').replace(/\.$/, '')}`;
  const time = `${part('hour')}:${part('minute')}`;
  return language === 'fr-fr' ? `${day} ${time} (R.-U.)` : `${day} ${time} UK`;
}

// The default texts, with the e-mails' merge tags. Without a deadline the clause naming it
// goes, so no text says "answer by" and nothing after it.
const DEFAULTS: Record<
  SmsLanguage,
  Record<SmsKind, (withDeadline: boolean) => string> & {
    stop: string;
    replyStop: string;
  }
> = {
  'en-gb': {
    invitation: (d) =>
      `[ORGANISATION NAME]: Hi [FIRST NAME], you are invited to a video interview for [INTERVIEW TITLE]${d ? '. Please answer by [DEADLINE]' : ''}:`,
    resend: (d) =>
      `[ORGANISATION NAME]: Hi [FIRST NAME], your video interview for [INTERVIEW TITLE] is waiting${d ? '. Please answer by [DEADLINE]' : ''}:`,
    reminder: (d) =>
      `[ORGANISATION NAME]: Hi [FIRST NAME], a reminder to answer your video interview for [INTERVIEW TITLE]${d ? ' by [DEADLINE]' : ''}:`,
    extension: () =>
      '[ORGANISATION NAME]: Hi [FIRST NAME], you now have until [DEADLINE] to answer your video interview for [INTERVIEW TITLE]:',
    stop: 'Stop texts:',
    replyStop: 'Reply STOP to opt out',
  },
  'fr-fr': {
    invitation: (d) =>
      `[ORGANISATION NAME]: Bonjour [FIRST NAME], vous êtes invité(e) à un entretien vidéo pour [INTERVIEW TITLE]${d ? '. Répondez avant le [DEADLINE]' : ''} :`,
    resend: (d) =>
      `[ORGANISATION NAME]: Bonjour [FIRST NAME], votre entretien vidéo pour [INTERVIEW TITLE] vous attend${d ? '. Répondez avant le [DEADLINE]' : ''} :`,
    reminder: (d) =>
      `[ORGANISATION NAME]: Bonjour [FIRST NAME], rappel : répondez à votre entretien vidéo pour [INTERVIEW TITLE]${d ? ' avant le [DEADLINE]' : ''} :`,
    extension: () =>
      '[ORGANISATION NAME]: Bonjour [FIRST NAME], vous avez jusqu’au [DEADLINE] pour répondre à votre entretien vidéo pour [INTERVIEW TITLE] :',
    stop: 'Arrêter les SMS :',
    replyStop: 'Répondez STOP pour ne plus recevoir de SMS',
  },
};

/** The text a kind sends when the company wrote none, in the interview's language. */
export function defaultSmsTemplate(
  kind: SmsKind,
  language: string,
  withDeadline = true,
): string {
  return DEFAULTS[smsLanguage(language)][kind](withDeadline);
}

export type SmsTextOptions = {
  kind: SmsKind;
  language: string;
  /** The company's own template for the kind; null sends the default in the language. */
  template: string | null;
  companyName: string;
  firstName: string;
  lastName: string;
  title: string;
  deadline: Date | null;
  questionCount: number;
  durationSeconds: number;
  interviewLink: string;
  /** The link that stops texts, or 'reply' where the provider takes a STOP reply itself. */
  stopLink: string | 'reply';
};

/**
 * The text sent beside an e-mail: the company's template (or the default) with the e-mails'
 * merge tags, then always the personal link and the way to stop texts, so no template can
 * leave either out. The link and the stop line are in the interview's language.
 */
export function composeSmsText(options: SmsTextOptions): string {
  const language = smsLanguage(options.language);
  const words = DEFAULTS[language];
  const template =
    options.template ??
    defaultSmsTemplate(options.kind, language, options.deadline !== null);
  const message = renderMergeTags(
    template,
    {
      firstName: options.firstName,
      lastName: options.lastName,
      interviewTitle: options.title,
      deadline: formatSmsDeadline(options.deadline, language),
      questionCount: options.questionCount,
      duration: formatDuration(options.durationSeconds, language),
      organisationName: options.companyName,
    },
    { type: 'custom', html: false },
  ).trim();
  const stop =
    options.stopLink === 'reply'
      ? words.replyStop
      : `${words.stop} ${options.stopLink}`;
  return `${message} ${options.interviewLink}\n${stop}`;
}
