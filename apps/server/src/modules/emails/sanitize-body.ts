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

/**
 * A rich message body made safe to send: user-written HTML from the template editor and the
 * composer. Plain text (no tags) becomes paragraphs first, so line breaks are kept.
 */
export function sanitizeEmailBody(body: string): string {
  const html = /<[a-z][\s\S]*>/i.test(body) ? body : plainTextToHtml(body);
  return sanitizeHtml(html, OPTIONS);
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
