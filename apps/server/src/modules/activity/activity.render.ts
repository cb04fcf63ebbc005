/**
 * Readable sentences for activity entries, from the verb and the data captured at the time.
 * Every `{name}` slot is filled with a value shown in bold (escaped in the HTML form).
 */
export type ActivityFacts = {
  verb: string;
  data: Record<string, unknown>;
  actorName: string | null;
  applicantName: string | null;
  jobTitle: string | null;
};

const TEMPLATES: Record<string, string> = {
  'job.created': '{actor} created the interview {job}',
  'job.updated': '{actor} updated the interview {job}',
  'job.video_set': '{actor} changed the introduction video of {job}',
  'job.published': '{actor} published {job}',
  'job.archived': '{actor} archived {job}',
  'job.unarchived': '{actor} restored {job} from the archive',
  'job.deleted': '{actor} deleted the interview {title}',
  'job.copied': '{actor} created {job} from {from_title}',
  'job.invited_all': '{actor} invited {count} interviewees to {job}',
  'job.extended_all':
    '{actor} extended the deadline of {count} interviewees for {job}',
  'job.email_questions': '{actor} e-mailed the questions of {job}',
  'questions.changed': '{actor} changed the questions of {job}',
  'question.created': '{actor} added a question to {job}',
  'question.updated': '{actor} edited a question of {job}',
  'question.deleted': '{actor} removed a question from {job}',
  'attachment.added': '{actor} attached {filename} to {job}',
  'attachment.deleted': '{actor} removed the attachment {filename} from {job}',
  'application.added': '{actor} added {applicant} to {job}',
  'application.created': '{actor} added {applicant} to {job}',
  'applications.added': '{actor} added {count} interviewees to {job}',
  'application.bulk_added': '{actor} added {count} interviewees to {job}',
  'application.invited': '{actor} invited {applicant}',
  'application.reinvited': '{actor} resent the invitation to {applicant}',
  'application.applied': '{applicant} applied for {job}',
  'application.deadline_extended':
    '{actor} extended the deadline of {applicant} to {deadline}',
  'application.email_undelivered':
    'The e-mail to {applicant} could not be delivered',
  'application.text_delivered': 'The text message to {applicant} was delivered',
  'application.text_failed':
    'The text message to {applicant} could not be delivered',
  'application.feedback': '{actor} gave feedback on {applicant}',
  'application.shortlist': '{actor} shortlisted {applicant}',
  'application.unshortlist': '{actor} undid the shortlisting of {applicant}',
  'application.reject': '{actor} rejected {applicant}',
  'application.knockout_rejected':
    '{applicant}: Rejected automatically: {question}',
  'application.archive': '{actor} archived {applicant}',
  'application.unarchive': '{actor} restored {applicant} from the archive',
  'application.review_completed':
    '{actor} marked the review of {applicant} complete',
  'applications.invited_all': '{actor} invited {count} interviewees to {job}',
  'applications.bulk_added': '{actor} added {count} interviewees to {job}',
  'applications.deadlines_extended':
    '{actor} extended the deadline of {count} interviewees for {job} to {deadline}',
  'questions.reordered': '{actor} reordered the questions of {job}',
  'question.added': '{actor} added a question to {job}',
  'application.resent': '{actor} resent the invitation to {applicant}',
  'application.invitation_failed':
    'The invitation to {applicant} could not be delivered',
  'application.extended': '{actor} extended the deadline of {applicant}',
  'application.emailed': '{actor} e-mailed {applicant}',
  'application.shortlisted': '{actor} shortlisted {applicant}',
  'application.unshortlisted': '{actor} undid the shortlisting of {applicant}',
  'application.rejected': '{actor} rejected {applicant}',
  'application.unrejected': '{actor} undid the rejection of {applicant}',
  'application.archived': '{actor} archived {applicant}',
  'application.unarchived': '{actor} restored {applicant} from the archive',
  // Erasure keeps no name: the entry says only that someone was deleted (decision 072).
  'application.deleted': '{actor} deleted an interviewee from {job}',
  'applications.retention_erased':
    'Interviewees erased after the data retention period: {count} from {job}',
  'company.created': '{actor} created the company {name}',
  'company.retention_changed':
    '{actor} changed how long interviewee data is kept: {period}',
  'application.reviewed': '{actor} completed the review of {applicant}',
  'application.rated': '{actor} rated {applicant} {rating}',
  'application.matrix_reviewed': '{actor} reviewed {applicant} on the matrix',
  'application.commented': '{actor} commented on {applicant}',
  'application.cv_uploaded': '{actor} uploaded the CV of {applicant}',
  'application.started': '{applicant} started the interview {job}',
  'application.responded': '{applicant} responded to {job}',
  'application.completed': '{applicant} completed the interview {job}',
  'application.declined': '{applicant} withdrew from {job}',
  'application.consented': '{applicant} agreed to take part in {job}',
  'application.reminded': '{applicant} was reminded of the deadline',
  'application.reminders_stopped': '{applicant} asked for no more reminders',
  'answer.uploaded': '{applicant} recorded an answer',
  'comment.created': '{actor} commented on {applicant}',
  'comment.added': '{actor} commented on {applicant}',
  'review_comment.saved': '{actor} wrote review notes on {applicant}',
  'feedback.submitted': '{actor} submitted feedback for {applicant}',
  'reviewer.added': '{actor} added {reviewer} as a reviewer of {job}',
  'reviewer.invited': '{actor} invited {reviewer} to review {job}',
  'reviewer.updated': '{actor} changed the permissions of {reviewer} on {job}',
  'reviewer.removed': '{actor} removed {reviewer} from the reviewers of {job}',
  'reviewer.deleted': '{actor} removed {reviewer} from the reviewers of {job}',
  'email.template_saved': '{actor} updated the {type} e-mail template',
  'settings.updated': '{actor} updated the company settings',
  'video.uploaded': '{actor} uploaded the video {title}',
  'video.deleted': '{actor} deleted the video {title}',
  'marketplace.listed': '{actor} listed {job} on the marketplace',
  'marketplace.unlisted': '{actor} removed {job} from the marketplace',
  'share_link.created': '{actor} shared {applicant} by a link',
  'share_link.viewed': 'The shared page of {applicant} was viewed',
  'share_link.revoked': '{actor} revoked a shared link to {applicant}',
};

// Data keys tried for each slot, before the names joined from the database.
const DATA_KEYS: Record<string, string[]> = {
  applicant: ['applicant_name', 'applicant', 'full_name', 'name'],
  reviewer: ['reviewer_name', 'reviewer', 'name', 'reviewer_email', 'email'],
  title: ['title', 'job_title'],
  job: ['job_title', 'job', 'title'],
  filename: ['filename', 'name'],
};

export type RenderedActivity = { html: string; text: string };

export function renderActivity(facts: ActivityFacts): RenderedActivity {
  const template = TEMPLATES[facts.verb] ?? genericTemplate(facts);
  const parts = template.split(/(\{[a-z_]+\})/);
  let html = '';
  let text = '';
  for (const part of parts) {
    const slot = /^\{([a-z_]+)\}$/.exec(part)?.[1];
    if (!slot) {
      html += escapeHtml(part);
      text += part;
      continue;
    }
    const value = slotValue(slot, facts);
    html += `<strong>${escapeHtml(value)}</strong>`;
    text += value;
  }
  return { html: capitalise(html), text: capitalise(text) };
}

/** A verb nobody taught us still reads as a sentence: "Alex Morgan: reviewer reminded, Jane Doe". */
function genericTemplate(facts: ActivityFacts): string {
  const subject = facts.applicantName
    ? ' {applicant}'
    : facts.jobTitle || facts.data.title
      ? ' {job}'
      : '';
  return `{actor} made a change (${humaniseVerb(facts.verb)})${subject ? ' for' + subject : ''}`;
}

export function humaniseVerb(verb: string): string {
  return verb.replace(/[._]+/g, ' ').replace(/[{}]/g, '').trim() || 'activity';
}

function slotValue(slot: string, facts: ActivityFacts): string {
  const value = rawSlotValue(slot, facts);
  if (slot === 'actor') return value ?? 'Someone';
  if (slot === 'applicant') return value ?? 'an interviewee';
  if (slot === 'job') return value ?? 'an interview';
  if (slot === 'rating' && value) {
    const scale = stringFrom(facts.data, ['scale']);
    return scale ? `${value} out of ${scale}` : value;
  }
  if (slot === 'deadline') return formatDate(value) ?? 'a new date';
  if (slot === 'count') return value ?? 'several';
  return value ?? facts.jobTitle ?? '…';
}

/** A slot's value as recorded, or null: no English stand-in. */
function rawSlotValue(slot: string, facts: ActivityFacts): string | null {
  if (slot === 'actor')
    return (
      facts.actorName || stringFrom(facts.data, ['actor_name', 'user_name'])
    );
  const fromData = stringFrom(facts.data, DATA_KEYS[slot] ?? [slot]);
  if (slot === 'applicant') return fromData ?? facts.applicantName;
  if (slot === 'job') return facts.jobTitle ?? fromData;
  return fromData;
}

// Values the English sentence folds into another slot ("4 out of 5", "2 years").
const EXTRA_PARAMS: Record<string, string[]> = {
  'application.rated': ['scale'],
  'company.retention_changed': ['months'],
};

/**
 * The values an entry's sentence names, so the web can word the sentence in the reader's
 * language from the verb (decision 141); `history` and `html2` stay English for the API.
 */
export function activityParams(facts: ActivityFacts): Record<string, string> {
  const template = TEMPLATES[facts.verb] ?? genericTemplate(facts);
  const slots = [
    ...[...template.matchAll(/\{([a-z_]+)\}/g)].map((match) => match[1] ?? ''),
    ...(EXTRA_PARAMS[facts.verb] ?? []),
  ];
  const params: Record<string, string> = {};
  for (const slot of slots) {
    const value = rawSlotValue(slot, facts);
    if (value !== null) params[slot] = value;
  }
  return params;
}

// Entries are read by people in the UK and France alike; a day-month-year date suits both.
function formatDate(iso: string | null): string | null {
  if (!iso || Number.isNaN(Date.parse(iso))) return null;
  return new Date(iso).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

function stringFrom(
  data: Record<string, unknown>,
  keys: string[],
): string | null {
  for (const key of keys) {
    const value = data[key];
    if (typeof value === 'string' && value.trim()) return value.trim();
    if (typeof value === 'number' && Number.isFinite(value))
      return String(value);
  }
  return null;
}

function capitalise(text: string): string {
  // Only a leading lower-case letter outside markup: "<strong>…" stays as it is.
  return text.replace(/^[a-z]/, (letter) => letter.toUpperCase());
}

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
