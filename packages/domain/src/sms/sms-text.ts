/** What causes a text: the e-mail it goes beside. */
export type SmsKind = 'invitation' | 'resend' | 'reminder' | 'extension';

export const SMS_KINDS: readonly SmsKind[] = [
  'invitation',
  'resend',
  'reminder',
  'extension',
];

type SmsLanguage = 'en-gb' | 'fr-fr';

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

const WORDS: Record<
  SmsLanguage,
  Record<SmsKind, (title: string, deadline: string) => string> & {
    hello: (name: string) => string;
    stop: string;
    replyStop: string;
  }
> = {
  'en-gb': {
    invitation: (title, deadline) =>
      `you are invited to a video interview for ${title}${deadline ? `. Please answer by ${deadline}` : ''}:`,
    resend: (title, deadline) =>
      `your video interview for ${title} is waiting${deadline ? `. Please answer by ${deadline}` : ''}:`,
    reminder: (title, deadline) =>
      `a reminder to answer your video interview for ${title}${deadline ? ` by ${deadline}` : ''}:`,
    extension: (title, deadline) =>
      `you now have until ${deadline} to answer your video interview for ${title}:`,
    hello: (name) => `Hi ${name},`,
    stop: 'Stop texts:',
    replyStop: 'Reply STOP to opt out',
  },
  'fr-fr': {
    invitation: (title, deadline) =>
      `vous êtes invité(e) à un entretien vidéo pour ${title}${deadline ? `. Répondez avant le ${deadline}` : ''} :`,
    resend: (title, deadline) =>
      `votre entretien vidéo pour ${title} vous attend${deadline ? `. Répondez avant le ${deadline}` : ''} :`,
    reminder: (title, deadline) =>
      `rappel : répondez à votre entretien vidéo pour ${title}${deadline ? ` avant le ${deadline}` : ''} :`,
    extension: (title, deadline) =>
      `vous avez jusqu’au ${deadline} pour répondre à votre entretien vidéo pour ${title} :`,
    hello: (name) => `Bonjour ${name},`,
    stop: 'Arrêter les SMS :',
    replyStop: 'Répondez STOP pour ne plus recevoir de SMS',
  },
};

/**
 * The text sent beside an e-mail: the company's name, the interviewee's first name, the
 * interview's title, the deadline and the personal link, then the link that stops texts from this company.
 */
export function composeSmsText(options: {
  kind: SmsKind;
  language: string;
  companyName: string;
  firstName: string;
  title: string;
  deadline: Date | null;
  interviewLink: string;
  /** The link that stops texts, or 'reply' where the provider takes a STOP reply itself. */
  stopLink: string | 'reply';
}): string {
  const language: SmsLanguage = options.language.toLowerCase().startsWith('fr')
    ? 'fr-fr'
    : 'en-gb';
  const words = WORDS[language];
  const deadline = formatSmsDeadline(options.deadline, language);
  const sentence = words[options.kind](options.title, deadline);
  const stop =
    options.stopLink === 'reply'
      ? words.replyStop
      : `${words.stop} ${options.stopLink}`;
  return `${options.companyName}: ${words.hello(options.firstName)} ${sentence} ${options.interviewLink}\n${stop}`;
}
