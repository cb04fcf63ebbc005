import { interviewMinutes } from '../jobs/interview-duration';

export const EMAIL_TYPES = [
  'invitation',
  'completion',
  'rejection',
  'reminder',
] as const;
export type EmailType = (typeof EMAIL_TYPES)[number];

export const MERGE_TAGS = [
  '[FIRST NAME]',
  '[LAST NAME]',
  '[FULL NAME]',
  '[INTERVIEW TITLE]',
  '[DEADLINE]',
  '[QUESTION COUNT]',
  '[DURATION]',
  '[ORGANISATION NAME]',
  '[FEEDBACK LINK]',
] as const;
export type MergeTag = (typeof MERGE_TAGS)[number];

/** [FEEDBACK LINK] exists only in completion e-mails. */
export function mergeTagsFor(type: EmailType | 'custom'): MergeTag[] {
  return MERGE_TAGS.filter(
    (tag) => tag !== '[FEEDBACK LINK]' || type === 'completion',
  );
}

export type MergeValues = {
  firstName: string;
  lastName: string;
  interviewTitle: string;
  /** Already formatted for the reader (see formatDeadline); empty when there is none. */
  deadline: string;
  questionCount: number;
  /** Already formatted, e.g. '10 minutes'. */
  duration: string;
  organisationName: string;
  /** The interviewee's feedback page; completion e-mails only. */
  feedbackLink?: string | undefined;
};

/**
 * A tag is square brackets around capital letters and spaces, so ordinary bracketed text
 * ("[see attached]") is left alone while a mistyped tag ("[SURNAME]") is caught.
 */
const TAG_PATTERN = /\[[A-Z][A-Z ]{0,38}[A-Z]\]/g;

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

function valueOf(tag: MergeTag, values: MergeValues): string | undefined {
  switch (tag) {
    case '[FIRST NAME]':
      return values.firstName;
    case '[LAST NAME]':
      return values.lastName;
    case '[FULL NAME]':
      return `${values.firstName} ${values.lastName}`.trim();
    case '[INTERVIEW TITLE]':
      return values.interviewTitle;
    case '[DEADLINE]':
      return values.deadline;
    case '[QUESTION COUNT]':
      return String(values.questionCount);
    case '[DURATION]':
      return values.duration;
    case '[ORGANISATION NAME]':
      return values.organisationName;
    case '[FEEDBACK LINK]':
      return values.feedbackLink;
  }
}

/**
 * Replaces merge tags. An unknown tag, or [FEEDBACK LINK] outside a completion e-mail,
 * renders as 'Field error: {tag}'. In HTML mode the values are escaped (a name cannot inject
 * markup); the surrounding text is the template's own and is sanitised separately.
 */
export function renderMergeTags(
  text: string,
  values: MergeValues,
  options: { type: EmailType | 'custom'; html: boolean },
): string {
  const allowed = mergeTagsFor(options.type) as string[];
  const source =
    options.html && values.deadline === '' ? withoutDeadlineLines(text) : text;
  return source.replace(TAG_PATTERN, (tag) => {
    const value = allowed.includes(tag)
      ? valueOf(tag as MergeTag, values)
      : undefined;
    const rendered = value ?? `Field error: ${tag}`;
    return options.html ? escapeHtml(rendered) : rendered;
  });
}

// What ends a line of an e-mail's body: a paragraph, a line break, a list item or a newline.
const LINE_BOUNDARY = /(<\/?(?:p|li|div)(?:\s[^>]*)?>|<br\s*\/?>|\n)/i;
const LINE_BREAK = /^(?:<br\s*\/?>|\n)$/i;
const EMPTY_PARAGRAPH = /<p(?:\s[^>]*)?>\s*<\/p>/gi;

/**
 * An interview without a deadline: the body's lines that name [DEADLINE] go, with one line
 * break beside each, so no e-mail shows "Deadline:" and nothing after it. Subjects keep their
 * words; only the tag renders empty there.
 */
function withoutDeadlineLines(html: string): string {
  const parts = html.split(LINE_BOUNDARY);
  // split() puts the boundaries it captured at the odd places.
  for (let index = 0; index < parts.length; index += 2) {
    if (!parts[index]?.includes('[DEADLINE]')) continue;
    parts[index] = '';
    if (LINE_BREAK.test(parts[index + 1] ?? '')) parts[index + 1] = '';
    else if (LINE_BREAK.test(parts[index - 1] ?? '')) parts[index - 1] = '';
  }
  return parts.join('').replace(EMPTY_PARAGRAPH, '');
}

/** The tags in a text that would render as field errors. */
export function unknownMergeTags(
  text: string,
  type: EmailType | 'custom',
): string[] {
  const allowed = mergeTagsFor(type) as string[];
  return [...new Set(text.match(TAG_PATTERN) ?? [])].filter(
    (tag) => !allowed.includes(tag),
  );
}

/**
 * '10 minutes', '1 minute', '1 hour 5 minutes' from seconds (the rule of interviewMinutes);
 * in French '1 heure 5 minutes'. Both languages add an s to a count other than one.
 */
export function formatDuration(
  seconds: number,
  locale: string = 'en-gb',
): string {
  const minutes = interviewMinutes(seconds);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const hour = locale.startsWith('fr') ? 'heure' : 'hour';
  const part = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (hours === 0) return part(minutes, 'minute');
  return rest === 0
    ? part(hours, hour)
    : `${part(hours, hour)} ${part(rest, 'minute')}`;
}

/**
 * A deadline as the interviewee reads it, in UK time (the product's home time zone; recorded
 * in docs/decisions/034-email-rendering.md), e.g. 'Tuesday, 24 November 2026 at 17:00 (UK time)'.
 */
export function formatDeadline(
  deadline: Date | null,
  locale: string = 'en-gb',
): string {
  if (deadline === null) return '';
  const date = new Intl.DateTimeFormat(locale, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/London',
  }).format(deadline);
  const time = new Intl.DateTimeFormat(locale, {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Europe/London',
  }).format(deadline);
  return locale.startsWith('fr')
    ? `${date} à ${time} (heure du Royaume-Uni)`
    : `${date} at ${time} (UK time)`;
}

/** The sample values of the template editor's preview (spec section 9). */
export const PREVIEW_SAMPLE = {
  deadlineDays: 3,
  questionCount: 5,
  durationSeconds: 600,
} as const;

/** The interview whose e-mail step shows the preview: its own values replace the samples. */
export type PreviewInterview = {
  title: string;
  questionCount: number;
  /** interviewSeconds of its questions. */
  seconds: number;
  /** What an interviewee invited now would get (applicantDeadline); null: the sample. */
  deadline: Date | null;
};

/**
 * The preview's values: the spec's samples where there is no interview yet (the company's
 * templates), the interview's own title, question count, duration and deadline on its
 * e-mail steps. The interviewee is always the sample one: nobody is invited yet.
 */
export function previewMergeValues(options: {
  organisationName: string;
  now: Date;
  locale?: string;
  interview?: PreviewInterview | undefined;
}): MergeValues {
  const { interview } = options;
  const sampleDeadline = new Date(
    options.now.getTime() + PREVIEW_SAMPLE.deadlineDays * 24 * 60 * 60 * 1000,
  );
  return {
    firstName: 'Jamie',
    lastName: 'Rivera',
    interviewTitle: interview?.title ?? 'Customer Service Advisor',
    deadline: formatDeadline(
      interview?.deadline ?? sampleDeadline,
      options.locale,
    ),
    questionCount: interview?.questionCount ?? PREVIEW_SAMPLE.questionCount,
    duration: formatDuration(
      interview ? interview.seconds : PREVIEW_SAMPLE.durationSeconds,
      options.locale,
    ),
    organisationName: options.organisationName,
    feedbackLink: 'https://example.com/feedback',
  };
}
