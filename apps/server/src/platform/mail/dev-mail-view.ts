/**
 * One written e-mail as a developer reads it: its headers and its decoded body, not the
 * quoted-printable source. mailparser is a development dependency, like the page itself
 * (never registered in production), so it is loaded when a message is opened.
 */
export async function devMailView(source: string): Promise<string> {
  const { simpleParser } = await import('mailparser');
  const mail = await simpleParser(source);
  const rows = [
    ['From', mail.from?.text ?? ''],
    ['To', addressText(mail.to)],
    ['Reply-To', mail.replyTo?.text ?? ''],
    ['Subject', mail.subject ?? ''],
    ['Date', mail.date?.toUTCString() ?? ''],
  ].filter(([, value]) => value !== '');
  const body =
    typeof mail.html === 'string'
      ? mail.html
      : `<pre>${escapeHtml(mail.text ?? '')}</pre>`;
  return `<!doctype html>
<html><head><meta charset="utf-8"><title>${escapeHtml(mail.subject ?? '')}</title>
<style>
body { margin: 0; font: 14px/1.5 system-ui, sans-serif; color: #0f172a; }
header { padding: 12px 16px; background: #f8fafc; border-bottom: 1px solid #e2e8f0; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; margin: 0; }
dt { color: #64748b; } dd { margin: 0; overflow-wrap: anywhere; }
main { padding: 16px; } pre { white-space: pre-wrap; font: inherit; margin: 0; }
</style></head>
<body><header><dl>${rows
    .map(
      ([name, value]) => `<dt>${name}</dt><dd>${escapeHtml(value ?? '')}</dd>`,
    )
    .join('')}</dl></header>
<main>${body}</main></body></html>`;
}

type Addresses = { text: string } | { text: string }[] | undefined;

const addressText = (addresses: Addresses) =>
  Array.isArray(addresses)
    ? addresses.map((address) => address.text).join(', ')
    : (addresses?.text ?? '');

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[
        char
      ] ?? char,
  );

/**
 * The message's own HTML runs in a sandbox with no origin: no script, no request to the app,
 * only its inline styles and embedded images.
 */
export const DEV_MAIL_VIEW_POLICY =
  "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:";
