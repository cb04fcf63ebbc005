import { escapeHtml, SHARE_CODE_MINUTES, type Locale } from '@candor/domain';
import type { OutgoingEmail } from '../../platform/mail/outbox.repository';
import { renderEmailLayout } from '../emails/email-layout';

const TEXTS: Record<
  Locale,
  { subject: string; intro: string; footer: string }
> = {
  'en-gb': {
    subject: 'Your code to view the candidate shared by {company}',
    intro:
      'Enter this code on the page {company} shared with you to confirm your e-mail address:',
    footer: `The code works for ${SHARE_CODE_MINUTES} minutes. If you did not ask for it, ignore this e-mail.`,
  },
  'fr-fr': {
    subject: 'Votre code pour voir le candidat partagé par {company}',
    intro:
      'Saisissez ce code sur la page que {company} vous a partagée pour confirmer votre adresse e-mail :',
    footer: `Le code est valable ${SHARE_CODE_MINUTES} minutes. Si vous ne l’avez pas demandé, ignorez cet e-mail.`,
  },
};

/**
 * The code that proves the address a share link is limited to. It names neither the candidate
 * nor the interview (an inbox is read by many eyes), and belongs to its recipient alone: the
 * outbox row names no company and no interviewee, so no mailbox or comms list shows it.
 */
export function shareCodeEmail(options: {
  to: string;
  locale: Locale;
  company: { name: string; logoUrl: string | null };
  code: string;
}): OutgoingEmail {
  const texts = TEXTS[options.locale];
  const fill = (text: string) =>
    text.replaceAll('{company}', options.company.name);
  const { html, text } = renderEmailLayout({
    company: options.company,
    bodyHtml: `<p>${escapeHtml(fill(texts.intro))}</p><p style="font-size:28px;font-weight:700;letter-spacing:6px;text-align:center">${escapeHtml(options.code)}</p>`,
    footer: texts.footer,
  });
  return {
    companyId: null,
    kind: 'share-code',
    to: options.to,
    fromName: options.company.name,
    replyTo: '',
    subject: fill(texts.subject).replace(/[\r\n]+/g, ' '),
    html,
    text,
  };
}
