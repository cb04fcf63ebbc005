import type { EmailLayoutInput } from './email-layout';

/** The languages an interview can be held in (constants' `languages`); e-mails follow it. */
export type EmailLanguage = 'en-gb' | 'fr-fr';

export function emailLanguage(
  locale: string | null | undefined,
): EmailLanguage {
  return locale?.toLowerCase().startsWith('fr') ? 'fr-fr' : 'en-gb';
}

type Words = {
  startInterview: string;
  buttonFallback: string;
  practiceTitle: string;
  practiceText: string;
  practiceLink: string;
  stopReminders: string;
  footer: (company: string) => string;
};

/** What the branded layout says around the company's own text, in the interview's language. */
const WORDS: Record<EmailLanguage, Words> = {
  'en-gb': {
    startInterview: 'Start interview',
    buttonFallback: 'If the button does not work, open this link:',
    practiceTitle: 'Want to practise first?',
    practiceText:
      'Try a practice question before you start. It is never recorded or shared.',
    practiceLink: 'Try a practice question',
    stopReminders: 'Stop reminders about this interview',
    footer: (company) => `Sent by ${company} using Candor.`,
  },
  'fr-fr': {
    startInterview: 'Commencer l’entretien',
    buttonFallback: 'Si le bouton ne fonctionne pas, ouvrez ce lien :',
    practiceTitle: 'Envie de vous entraîner d’abord ?',
    practiceText:
      'Essayez une question d’entraînement avant de commencer. Elle n’est jamais enregistrée ni partagée.',
    practiceLink: 'Essayer une question d’entraînement',
    stopReminders: 'Ne plus recevoir de rappels pour cet entretien',
    footer: (company) => `Envoyé par ${company} avec Candor.`,
  },
};

/**
 * The layout's parts around the body: the interview button (and the practice invitation) when
 * the e-mail carries the interviewee's link, the footer, and the link that stops reminders.
 * The sent e-mails and the editor's preview build them here alike.
 */
export function layoutParts(options: {
  language: EmailLanguage;
  companyName: string;
  interviewUrl: string | null;
  promotePractice: boolean;
  unsubscribeUrl?: string | undefined;
}): Pick<
  EmailLayoutInput,
  'interview' | 'practice' | 'footer' | 'unsubscribe'
> {
  const words = WORDS[options.language];
  const link = options.interviewUrl;
  return {
    interview: link
      ? {
          url: link,
          buttonLabel: words.startInterview,
          fallbackLabel: words.buttonFallback,
        }
      : undefined,
    practice:
      link && options.promotePractice
        ? {
            url: `${link}?practice=1`,
            title: words.practiceTitle,
            text: words.practiceText,
            linkLabel: words.practiceLink,
          }
        : undefined,
    footer: words.footer(options.companyName),
    unsubscribe: options.unsubscribeUrl
      ? { url: options.unsubscribeUrl, label: words.stopReminders }
      : undefined,
  };
}
