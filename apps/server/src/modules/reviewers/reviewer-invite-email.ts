import type { OutgoingEmail } from '../../platform/mail/outbox.repository';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The invitation to review one interview, with the link where the reviewer signs in. */
export function reviewerInviteEmail(options: {
  companyId: number;
  jobId: number;
  to: string;
  firstName: string;
  inviterName: string;
  companyName: string;
  jobTitle: string;
  link: string;
  hasPassword: boolean;
}): OutgoingEmail {
  const action = options.hasPassword
    ? 'Sign in to review'
    : 'Set your password and start reviewing';
  const intro = `${options.inviterName} of ${options.companyName} has invited you to review the interviewees of “${options.jobTitle}”.`;
  const text = [
    `Hello ${options.firstName},`,
    '',
    intro,
    '',
    `${action}: ${options.link}`,
    '',
    'The link is personal and works for 14 days.',
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:Inter,Arial,sans-serif;color:#0f172a;line-height:1.5">
<p>Hello ${escapeHtml(options.firstName)},</p>
<p>${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(options.link)}" style="display:inline-block;background:#3730a3;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none">${escapeHtml(action)}</a></p>
<p style="color:#475569;font-size:13px">Or open this link: ${escapeHtml(options.link)}<br>The link is personal and works for 14 days.</p>
</body></html>`;
  return {
    companyId: options.companyId,
    jobId: options.jobId,
    kind: 'reviewer-invite',
    to: options.to,
    fromName: options.companyName,
    replyTo: '',
    subject: `You are invited to review “${options.jobTitle}”`,
    html,
    text,
  };
}
