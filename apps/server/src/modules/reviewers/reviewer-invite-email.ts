import { escapeHtml, type Locale } from '@candor/domain';
import type { OutgoingEmail } from '../../platform/mail/outbox.repository';
import { renderEmailLayout } from '../emails/email-layout';

type Texts = {
  subject: string;
  greeting: string;
  intro: string;
  /** How the person accepts: a new person chooses a password, an account holder signs in. */
  next: string;
  button: string;
  fallback: string;
  footer: string;
};

const TEXTS: Record<Locale, { newPerson: Texts; existing: Texts }> = {
  'en-gb': {
    newPerson: {
      subject: 'You are invited to review “{job}”',
      greeting: 'Hello {name},',
      intro:
        '{inviter} of {company} has invited you to review the interviewees of “{job}”.',
      next: 'Choose a password to start reviewing.',
      button: 'Set your password and start reviewing',
      fallback: 'Or open this link:',
      footer:
        'The link is personal and works for 14 days. If you were not expecting it, ignore this e-mail.',
    },
    existing: {
      subject: 'You are invited to review “{job}”',
      greeting: 'Hello {name},',
      intro:
        '{inviter} of {company} has invited you to review the interviewees of “{job}”.',
      next: 'Sign in with your account and accept the invitation: the interview appears in your list once you do.',
      button: 'Accept the invitation',
      fallback: 'Or open this link:',
      footer:
        'The link is personal and works for 14 days. If you were not expecting it, ignore this e-mail: nothing changes until you accept.',
    },
  },
  'fr-fr': {
    newPerson: {
      subject: 'Vous êtes invité à évaluer « {job} »',
      greeting: 'Bonjour {name},',
      intro:
        '{inviter} ({company}) vous invite à évaluer les candidats de l’entretien « {job} ».',
      next: 'Choisissez un mot de passe pour commencer.',
      button: 'Choisir un mot de passe et commencer',
      fallback: 'Ou ouvrez ce lien :',
      footer:
        'Le lien est personnel et valable 14 jours. Si vous ne l’attendiez pas, ignorez cet e-mail.',
    },
    existing: {
      subject: 'Vous êtes invité à évaluer « {job} »',
      greeting: 'Bonjour {name},',
      intro:
        '{inviter} ({company}) vous invite à évaluer les candidats de l’entretien « {job} ».',
      next: 'Connectez-vous à votre compte et acceptez l’invitation : l’entretien apparaîtra alors dans votre liste.',
      button: 'Accepter l’invitation',
      fallback: 'Ou ouvrez ce lien :',
      footer:
        'Le lien est personnel et valable 14 jours. Si vous ne l’attendiez pas, ignorez cet e-mail : rien ne change tant que vous n’acceptez pas.',
    },
  },
};

const fill = (text: string, vars: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (tag, key: string) => vars[key] ?? tag);

/**
 * The invitation to review one interview, in the company's layout and the recipient's language.
 * Its link is the recipient's alone: the outbox row names no company, so no company's view of
 * its e-mails (the development mailbox) shows it (decision 116).
 */
export function reviewerInviteEmail(options: {
  to: string;
  locale: Locale;
  firstName: string;
  inviterName: string;
  company: { name: string; logoUrl: string | null };
  jobTitle: string;
  link: string;
  hasPassword: boolean;
}): OutgoingEmail {
  const texts =
    TEXTS[options.locale][options.hasPassword ? 'existing' : 'newPerson'];
  const vars = {
    name: options.firstName,
    inviter: options.inviterName,
    company: options.company.name,
    job: options.jobTitle,
  };
  const bodyHtml = [texts.greeting, texts.intro, texts.next]
    .map((paragraph) => `<p>${escapeHtml(fill(paragraph, vars))}</p>`)
    .join('');
  const { html, text } = renderEmailLayout({
    company: options.company,
    bodyHtml,
    interview: {
      url: options.link,
      buttonLabel: texts.button,
      fallbackLabel: texts.fallback,
    },
    footer: texts.footer,
  });
  return {
    companyId: null,
    kind: 'reviewer-invite',
    to: options.to,
    fromName: options.company.name,
    replyTo: '',
    subject: fill(texts.subject, vars).replace(/[\r\n]+/g, ' '),
    html,
    text,
  };
}
