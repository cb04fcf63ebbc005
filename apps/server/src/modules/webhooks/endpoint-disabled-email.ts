import {
  PRODUCT_NAME,
  escapeHtml,
  resolveLocale,
  type Locale,
} from '@candor/domain';
import type { OutgoingEmail } from '../../platform/mail/outbox.repository';
import { renderEmailLayout } from '../emails/email-layout';

const TEXTS: Record<
  Locale,
  {
    subject: string;
    paragraphs: (vars: { name: string; url: string }) => string[];
    button: string;
    fallback: string;
    footer: string;
  }
> = {
  'en-gb': {
    subject: 'A webhook endpoint has been switched off',
    paragraphs: ({ name, url }) => [
      `Hello ${name},`,
      `Every delivery to the webhook endpoint ${url} has failed for a day, so ${PRODUCT_NAME} has switched it off. Events are no longer sent to it.`,
      'Check that the endpoint is running and answers with a 2xx status, then switch it on again in the company settings. Deliveries still waiting are sent once it is on.',
    ],
    button: 'Open the webhook settings',
    fallback: 'Or open this link:',
    footer: 'You receive this e-mail because you are an admin of this company.',
  },
  'fr-fr': {
    subject: 'Un point de terminaison de webhook a été désactivé',
    paragraphs: ({ name, url }) => [
      `Bonjour ${name},`,
      `Tous les envois vers le point de terminaison ${url} échouent depuis un jour : ${PRODUCT_NAME} l'a donc désactivé. Les événements ne lui sont plus envoyés.`,
      "Vérifiez que le point de terminaison fonctionne et répond avec un statut 2xx, puis réactivez-le dans les paramètres de l'entreprise. Les envois en attente partiront dès sa réactivation.",
    ],
    button: 'Ouvrir les paramètres des webhooks',
    fallback: 'Ou ouvrez ce lien :',
    footer:
      'Vous recevez cet e-mail parce que vous êtes administrateur de cette entreprise.',
  },
};

/** Tells one admin that an endpoint failing for a day was switched off, in their language. */
export function endpointDisabledEmail(options: {
  publicUrl: string;
  companyId: number;
  companyName: string;
  admin: { email: string; first_name: string; locale: string };
  endpointUrl: string;
}): OutgoingEmail {
  const texts = TEXTS[resolveLocale(options.admin.locale)];
  const link = `${options.publicUrl}/company-settings/webhooks`;
  const { html, text } = renderEmailLayout({
    company: { name: options.companyName, logoUrl: null },
    bodyHtml: texts
      .paragraphs({ name: options.admin.first_name, url: options.endpointUrl })
      .map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`)
      .join(''),
    interview: {
      url: link,
      buttonLabel: texts.button,
      fallbackLabel: texts.fallback,
    },
    footer: texts.footer,
  });
  return {
    companyId: options.companyId,
    kind: 'webhook-disabled',
    to: options.admin.email,
    fromName: PRODUCT_NAME,
    replyTo: '',
    subject: texts.subject,
    html,
    text,
  };
}
