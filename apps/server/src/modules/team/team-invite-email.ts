import { resolveLocale } from '@candor/domain';
import type { Company } from '../../db/schema';
import type { OutgoingEmail } from '../../platform/mail/outbox.repository';
import { logoUrl } from '../companies/companies.service';
import { accountEmail } from '../emails/account-emails';

/** The web page of a join link (apps/web paths.join). */
export const joinUrl = (publicUrl: string, token: string) =>
  `${publicUrl}/join/${token}`;

/**
 * The team invitation. Someone who already holds an account is asked to sign in and accept;
 * anyone else chooses a password. Either way in their own language when they have chosen one,
 * otherwise in the inviter's.
 */
export function teamInviteEmail(options: {
  publicUrl: string;
  company: Pick<
    Company,
    'id' | 'name' | 'shortname' | 'logo_key' | 'logo_updated_at'
  >;
  to: string;
  firstName: string;
  inviter: { first_name: string; last_name: string; locale: string };
  account: { locale: string } | null;
  token: string;
}): OutgoingEmail {
  const logo = logoUrl(options.company);
  const inviterName =
    `${options.inviter.first_name} ${options.inviter.last_name}`.trim();
  return accountEmail({
    kind: options.account ? 'team-invite-existing' : 'team-invite',
    to: options.to,
    locale: resolveLocale(options.account?.locale ?? options.inviter.locale),
    company: {
      id: options.company.id,
      name: options.company.name,
      logoUrl: logo ? `${options.publicUrl}${logo}` : null,
    },
    link: joinUrl(options.publicUrl, options.token),
    vars: {
      name: options.firstName,
      inviter: inviterName || options.company.name,
    },
  });
}
