import sanitizeHtml from 'sanitize-html';

/** What the rich editor produces and an e-mail client shows well; nothing else survives. */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'a',
    'ul',
    'ol',
    'li',
    'h1',
    'h2',
    'h3',
    'blockquote',
    'hr',
  ],
  allowedAttributes: { a: ['href'] },
  allowedSchemes: ['http', 'https', 'mailto'],
};

let lastSanitized: { body: string; html: string } | undefined;

/**
 * A rich message body made safe to send: user-written HTML from the template editor and the
 * composer. Plain text (no tags) becomes paragraphs first, so line breaks are kept.
 */
export function sanitizeEmailBody(body: string): string {
  // invite_all and extend_all compose one e-mail per interviewee from the same template:
  // sanitising it once instead of 10,000 times (0.2 ms each) is a quarter of invite_all's
  // time (docs/decisions/081-write-and-upload-paths.md). The result depends only on the text.
  if (lastSanitized?.body === body) return lastSanitized.html;
  const html = sanitizeHtml(
    /<[a-z][\s\S]*>/i.test(body) ? body : plainTextToHtml(body),
    OPTIONS,
  );
  lastSanitized = { body, html };
  return html;
}

function plainTextToHtml(text: string): string {
  const escape = (value: string) =>
    value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return text
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${escape(paragraph).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  '#39': "'",
  nbsp: ' ',
};

/** The plain-text alternative of a sanitised body: paragraphs, list items and link targets kept. */
export function htmlToText(html: string): string {
  return html
    .replace(
      /<a [^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi,
      (_match, href: string, label: string) =>
        label.replace(/<[^>]+>/g, '').trim() === href
          ? href
          : `${label} (${href})`,
    )
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li[^>]*>/gi, '\n- ')
    .replace(/<\/(p|h[1-6]|blockquote|ul|ol)>/gi, '\n\n')
    .replace(/<hr\s*\/?>/gi, '\n----\n')
    .replace(/<[^>]+>/g, '')
    .replace(
      /&(amp|lt|gt|quot|#39|nbsp);/g,
      (_match, name: string) => ENTITIES[name] ?? '',
    )
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
