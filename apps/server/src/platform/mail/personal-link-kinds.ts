/** The kinds that carry a link only the recipient may use: never shown to a company. */
export const PERSONAL_LINK_KINDS: readonly string[] = [
  'signup-confirm',
  'password-reset',
  'email-change-confirm',
  'team-invite',
  'team-invite-existing',
  'reviewer-invite',
];
