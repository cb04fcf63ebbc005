import { brandPalette, escapeHtml } from '@candor/domain';
import { htmlToText } from './sanitize-body';

export type EmailLayoutInput = {
  /** `brandColor`: the company's `#rrggbb` on e-mails to its candidates (decision 198). */
  company: { name: string; logoUrl: string | null; brandColor?: string | null };
  /** Sanitised body with merge tags already rendered. */
  bodyHtml: string;
  /** The personal interview link: a 'Start interview' button plus the link as text. */
  interview?:
    { url: string; buttonLabel: string; fallbackLabel: string } | undefined;
  /** 'Promote practice interview': a short block inviting a practice run first. */
  practice?:
    { url: string; title: string; text: string; linkLabel: string } | undefined;
  footer: string;
  /** A link under the footer that stops this kind of e-mail (reminders). */
  unsubscribe?: { url: string; label: string } | undefined;
};

const CANDOR_BRAND = '#3730a3';

/**
 * The branded e-mail: the company's logo and name, the message, the interview button with a
 * short-link fallback, and a plain-text alternative. Tables and inline styles, because that
 * is what e-mail clients render reliably.
 */
export function renderEmailLayout(input: EmailLayoutInput): {
  html: string;
  text: string;
} {
  const name = escapeHtml(input.company.name);
  // The button's white label and the links need 4.5:1 on white: the palette's shade gives it.
  const palette = input.company.brandColor
    ? brandPalette(input.company.brandColor)
    : null;
  const BRAND = palette?.strong ?? CANDOR_BRAND;
  const band = palette ? `border-top:6px solid ${palette.surface};` : '';
  const logo = input.company.logoUrl
    ? `<img src="${escapeHtml(input.company.logoUrl)}" alt="${name}" height="40" style="display:block;max-height:40px;border:0;margin:0 auto 8px">`
    : '';
  const interview = input.interview
    ? `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:24px auto"><tr><td style="border-radius:8px;background:${BRAND}">
<a href="${escapeHtml(input.interview.url)}" style="display:inline-block;padding:12px 28px;color:#ffffff;font-weight:600;text-decoration:none;font-size:16px">${escapeHtml(input.interview.buttonLabel)}</a>
</td></tr></table>
<p style="font-size:13px;color:#475569;text-align:center">${escapeHtml(input.interview.fallbackLabel)}<br><a href="${escapeHtml(input.interview.url)}" style="color:${BRAND}">${escapeHtml(input.interview.url)}</a></p>`
    : '';
  const practice = input.practice
    ? `<div style="margin-top:24px;padding:16px;border-radius:8px;background:#eef2ff">
<p style="margin:0 0 4px;font-weight:600">${escapeHtml(input.practice.title)}</p>
<p style="margin:0">${escapeHtml(input.practice.text)} <a href="${escapeHtml(input.practice.url)}" style="color:${BRAND}">${escapeHtml(input.practice.linkLabel)}</a></p>
</div>`
    : '';
  const html = `<!doctype html>
<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${name}</title></head>
<body style="margin:0;padding:0;background:#f1f5f9;font-family:Inter,Segoe UI,Helvetica,Arial,sans-serif;color:#0f172a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f1f5f9;padding:24px 12px"><tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:8px;overflow:hidden">
<tr><td style="${band}padding:24px 32px 16px;text-align:center;border-bottom:1px solid #e2e8f0">${logo}<div style="font-size:18px;font-weight:600">${name}</div></td></tr>
<tr><td style="padding:24px 32px;font-size:15px;line-height:1.6">${input.bodyHtml}${interview}${practice}</td></tr>
</table>
<p style="font-size:12px;color:#64748b;margin:16px 0 0">${escapeHtml(input.footer)}</p>${
    input.unsubscribe
      ? `\n<p style="font-size:12px;margin:8px 0 0"><a href="${escapeHtml(input.unsubscribe.url)}" style="color:#64748b">${escapeHtml(input.unsubscribe.label)}</a></p>`
      : ''
  }
</td></tr></table>
</body></html>`;

  const textParts = [input.company.name, '', htmlToText(input.bodyHtml)];
  if (input.interview) {
    textParts.push(
      '',
      `${input.interview.buttonLabel}: ${input.interview.url}`,
    );
  }
  if (input.practice) {
    textParts.push(
      '',
      input.practice.title,
      `${input.practice.text} ${input.practice.url}`,
    );
  }
  textParts.push('', '--', input.footer);
  if (input.unsubscribe)
    textParts.push(`${input.unsubscribe.label}: ${input.unsubscribe.url}`);
  return { html, text: textParts.join('\n') };
}
