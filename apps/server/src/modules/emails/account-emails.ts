import { PRODUCT_NAME, escapeHtml, type Locale } from '@candor/domain';
import type { OutgoingEmail } from '../../platform/mail/outbox.repository';
import { PERSONAL_LINK_KINDS } from '../../platform/mail/personal-link-kinds';
import { renderEmailLayout } from './email-layout';

/**
 * The e-mails about a person's own account: each carries one link (or none) and is written in
 * the recipient's language, in the product's layout with the company's name and logo where a
 * company is concerned.
 */
export type AccountEmailKind =
  | 'signup-confirm'
  | 'signup-existing'
  | 'password-reset'
  | 'email-change-confirm'
  | 'email-change-taken'
  | 'email-changed'
  | 'team-invite'
  | 'team-invite-existing';

type Texts = {
  subject: string;
  paragraphs: string[];
  button?: string;
  footer: string;
};
type Vars = Record<string, string>;

const TEXTS: Record<Locale, Record<AccountEmailKind, Texts>> = {
  'en-gb': {
    'signup-confirm': {
      subject: 'Confirm your e-mail address for {product}',
      paragraphs: [
        'Hello {name},',
        'Thank you for creating an account for {company} on {product}. Confirm your e-mail address to start creating interviews.',
      ],
      button: 'Confirm my e-mail address',
      footer:
        'The link works for 48 hours. If you did not sign up, ignore this e-mail: no account is created without it.',
    },
    'signup-existing': {
      subject: 'You already have a {product} account',
      paragraphs: [
        'Hello,',
        'Someone, probably you, tried to create a new {product} account with this e-mail address. An account already uses it, so nothing was created.',
        'Sign in with your password, or choose a new one if you have forgotten it.',
      ],
      button: 'Sign in',
      footer:
        'If it was not you, you can ignore this e-mail: your account has not changed.',
    },
    'password-reset': {
      subject: 'Choose a new password for {product}',
      paragraphs: [
        'Hello {name},',
        'We received a request to reset the password of your {product} account. Choose a new password with the button below.',
        'Once you do, every other device signed in to your account is signed out.',
      ],
      button: 'Choose a new password',
      footer:
        'The link works for one hour and only once. If you did not ask for it, ignore this e-mail: your password has not changed.',
    },
    'email-change-confirm': {
      subject: 'Confirm your new e-mail address for {product}',
      paragraphs: [
        'Hello {name},',
        'You asked to use this address for your {product} account. Confirm it with the button below; until then your account keeps its current address.',
      ],
      button: 'Confirm this address',
      footer:
        'The link works for 24 hours. If you did not ask for this, ignore this e-mail.',
    },
    'email-change-taken': {
      subject: 'Your {product} e-mail address was not changed',
      paragraphs: [
        'Hello,',
        'Someone asked to move a {product} account to this e-mail address, but an account already uses it, so nothing was changed.',
      ],
      footer: 'If it was not you, you can ignore this e-mail.',
    },
    'email-changed': {
      subject: 'Your {product} e-mail address was changed',
      paragraphs: [
        'Hello {name},',
        'The e-mail address of your {product} account is now {newEmail}. You will sign in with it from now on.',
        'If you did not make this change, contact your company’s {product} administrator at once.',
      ],
      footer: 'This notice goes to your previous address.',
    },
    'team-invite': {
      subject: '{inviter} invited you to join {company} on {product}',
      paragraphs: [
        'Hello {name},',
        '{inviter} has invited you to join {company} on {product}, where the team creates video interviews and reviews candidates together.',
        'Choose your password to join.',
      ],
      button: 'Join {company}',
      footer:
        'The link is personal and works for 14 days. If you did not expect it, ignore this e-mail.',
    },
    'team-invite-existing': {
      subject: '{inviter} invited you to join {company} on {product}',
      paragraphs: [
        'Hello {name},',
        '{inviter} has invited you to join {company} on {product}.',
        'Sign in with your account to accept; you can then switch between your companies.',
      ],
      button: 'Accept the invitation',
      footer:
        'The link is personal and works for 14 days. If you did not expect it, ignore this e-mail.',
    },
  },
  'fr-fr': {
    'signup-confirm': {
      subject: 'Confirmez votre adresse e-mail pour {product}',
      paragraphs: [
        'Bonjour {name},',
        'Merci d’avoir créé un compte pour {company} sur {product}. Confirmez votre adresse e-mail pour commencer à créer des entretiens.',
      ],
      button: 'Confirmer mon adresse e-mail',
      footer:
        'Le lien est valable 48 heures. Si vous ne vous êtes pas inscrit, ignorez cet e-mail : aucun compte n’est créé sans lui.',
    },
    'signup-existing': {
      subject: 'Vous avez déjà un compte {product}',
      paragraphs: [
        'Bonjour,',
        'Quelqu’un, sans doute vous, a essayé de créer un nouveau compte {product} avec cette adresse e-mail. Un compte l’utilise déjà : rien n’a été créé.',
        'Connectez-vous avec votre mot de passe, ou choisissez-en un nouveau si vous l’avez oublié.',
      ],
      button: 'Se connecter',
      footer:
        'Si ce n’était pas vous, ignorez cet e-mail : votre compte n’a pas changé.',
    },
    'password-reset': {
      subject: 'Choisissez un nouveau mot de passe pour {product}',
      paragraphs: [
        'Bonjour {name},',
        'Nous avons reçu une demande de réinitialisation du mot de passe de votre compte {product}. Choisissez un nouveau mot de passe avec le bouton ci-dessous.',
        'Une fois fait, tous les autres appareils connectés à votre compte sont déconnectés.',
      ],
      button: 'Choisir un nouveau mot de passe',
      footer:
        'Le lien est valable une heure et une seule fois. Si vous n’avez rien demandé, ignorez cet e-mail : votre mot de passe n’a pas changé.',
    },
    'email-change-confirm': {
      subject: 'Confirmez votre nouvelle adresse e-mail pour {product}',
      paragraphs: [
        'Bonjour {name},',
        'Vous avez demandé à utiliser cette adresse pour votre compte {product}. Confirmez-la avec le bouton ci-dessous ; d’ici là, votre compte garde son adresse actuelle.',
      ],
      button: 'Confirmer cette adresse',
      footer:
        'Le lien est valable 24 heures. Si vous n’avez rien demandé, ignorez cet e-mail.',
    },
    'email-change-taken': {
      subject: 'Votre adresse e-mail {product} n’a pas été modifiée',
      paragraphs: [
        'Bonjour,',
        'Quelqu’un a demandé à utiliser cette adresse e-mail pour un compte {product}, mais un compte l’utilise déjà : rien n’a été modifié.',
      ],
      footer: 'Si ce n’était pas vous, ignorez cet e-mail.',
    },
    'email-changed': {
      subject: 'Votre adresse e-mail {product} a été modifiée',
      paragraphs: [
        'Bonjour {name},',
        'L’adresse e-mail de votre compte {product} est désormais {newEmail}. Vous vous connecterez avec elle à partir de maintenant.',
        'Si vous n’êtes pas à l’origine de ce changement, contactez tout de suite l’administrateur {product} de votre entreprise.',
      ],
      footer: 'Cet avis est envoyé à votre ancienne adresse.',
    },
    'team-invite': {
      subject: '{inviter} vous invite à rejoindre {company} sur {product}',
      paragraphs: [
        'Bonjour {name},',
        '{inviter} vous invite à rejoindre {company} sur {product}, où l’équipe crée des entretiens vidéo et évalue les candidats ensemble.',
        'Choisissez votre mot de passe pour rejoindre l’équipe.',
      ],
      button: 'Rejoindre {company}',
      footer:
        'Le lien est personnel et valable 14 jours. Si vous ne l’attendiez pas, ignorez cet e-mail.',
    },
    'team-invite-existing': {
      subject: '{inviter} vous invite à rejoindre {company} sur {product}',
      paragraphs: [
        'Bonjour {name},',
        '{inviter} vous invite à rejoindre {company} sur {product}.',
        'Connectez-vous avec votre compte pour accepter ; vous pourrez ensuite passer d’une entreprise à l’autre.',
      ],
      button: 'Accepter l’invitation',
      footer:
        'Le lien est personnel et valable 14 jours. Si vous ne l’attendiez pas, ignorez cet e-mail.',
    },
  },
};

const fill = (text: string, vars: Vars) =>
  text.replace(/\{(\w+)\}/g, (tag, key: string) => vars[key] ?? tag);

export type AccountEmailOptions = {
  kind: AccountEmailKind;
  to: string;
  locale: Locale;
  /** The company the e-mail is about (its name and logo head it); null: the product's own. */
  company: { id: number; name: string; logoUrl: string | null } | null;
  /** The link of the button; e-mails without a button have none. */
  link?: string;
  vars?: Vars;
};

export function accountEmail(options: AccountEmailOptions): OutgoingEmail {
  const texts = TEXTS[options.locale][options.kind];
  const vars: Vars = {
    product: PRODUCT_NAME,
    company: options.company?.name ?? PRODUCT_NAME,
    ...options.vars,
  };
  const bodyHtml = texts.paragraphs
    .map((paragraph) => `<p>${escapeHtml(fill(paragraph, vars))}</p>`)
    .join('');
  const { html, text } = renderEmailLayout({
    company: {
      name: options.company?.name ?? PRODUCT_NAME,
      logoUrl: options.company?.logoUrl ?? null,
    },
    bodyHtml,
    interview:
      texts.button && options.link
        ? {
            url: options.link,
            buttonLabel: fill(texts.button, vars),
            fallbackLabel:
              options.locale === 'fr-fr'
                ? 'Ou ouvrez ce lien :'
                : 'Or open this link:',
          }
        : undefined,
    footer: fill(texts.footer, vars),
  });
  return {
    // Personal links belong to their recipient: the outbox row names no company, so no
    // company's view of its e-mails (the development mailbox) lists it.
    companyId: PERSONAL_LINK_KINDS.includes(options.kind)
      ? null
      : (options.company?.id ?? null),
    kind: options.kind,
    to: options.to,
    fromName: options.company?.name ?? PRODUCT_NAME,
    replyTo: '',
    subject: fill(texts.subject, vars).replace(/[\r\n]+/g, ' '),
    html,
    text,
  };
}
