import { z } from '../zod';
import type { RequestOrigin } from '../schemas/audit-log';

/*
 * The catalogue of domain events (decision 176): one event per change, named for what
 * happened, emitted by the service that makes the change in the change's own transaction. Each
 * type's `data` is what the change's readers need as it was at the time (names, titles,
 * counts); ids travel beside it on the event. A subscriber (the activity feed, webhooks, …)
 * says which of these it takes.
 */

const person = { name: z.string() };
const titled = { title: z.string() };
const nothing = z.object({});
const applicant = z.object({ ...person, job: z.string().optional() });
const question = z.object({
  ...titled,
  question: z.string(),
  /** The question's id (for its spoken audio, decision 175); older events lack it. */
  question_id: z.number().int().optional(),
});
const attachment = z.object({ ...titled, filename: z.string() });
const reviewer = z.object({ ...person, ...titled });
const shareLink = z.object({
  link: z.number(),
  days: z.number().optional(),
  count: z.number().optional(),
});
const many = z.object({ count: z.number(), job: z.string() });
const jobStatus = z.object({ ...titled, status: z.string() });

export const DOMAIN_EVENT_DATA = {
  'company.created': z.object({ name: z.string() }),
  'company.retention_changed': z.object({
    months: z.number().nullable(),
    period: z.string(),
  }),
  'settings.updated': nothing,
  'job.created': z.object(titled),
  'job.updated': z.object({
    title: z.string().optional(),
    job_title: z.string().optional(),
    fields: z.array(z.string()).optional(),
  }),
  'job.video_set': z.object({ ...titled, fields: z.array(z.string()) }),
  'job.published': jobStatus,
  'job.archived': jobStatus,
  'job.unarchived': jobStatus,
  'job.deleted': z.object(titled),
  'job.copied': z.object({
    ...titled,
    from_title: z.string(),
    from_template: z.boolean(),
  }),
  'marketplace.listed': z.object(titled),
  'marketplace.unlisted': z.object(titled),
  'question.added': question,
  'question.updated': question,
  'question.deleted': question,
  'questions.reordered': z.object(titled),
  'attachment.added': attachment,
  'attachment.deleted': attachment,
  'video.uploaded': z.object({ ...titled, filename: z.string() }),
  'video.deleted': z.object(titled),
  'application.added': applicant,
  'applications.bulk_added': many,
  'application.applied': z.object({ ...person, ...titled }),
  'application.invited': applicant,
  'application.reinvited': applicant,
  'applications.invited_all': many,
  'application.deadline_extended': z.object({
    ...person,
    deadline: z.string(),
  }),
  'applications.deadlines_extended': many.extend({ deadline: z.string() }),
  'application.emailed': z.object({ ...person, subject: z.string() }),
  'application.reminded': z.object({ ...person, deadline: z.string() }),
  'application.reminders_stopped': z.object(person),
  'application.email_undelivered': z.object({
    to: z.string(),
    reason: z.string(),
  }),
  /** A text message beside an e-mail (decision 188): the gateway's word on it. */
  'application.text_delivered': z.object({ to: z.string(), kind: z.string() }),
  'application.text_failed': z.object({
    to: z.string(),
    kind: z.string(),
    reason: z.string(),
  }),
  'application.cv_uploaded': z.object({ ...person, filename: z.string() }),
  'application.started': nothing,
  'application.responded': z.object(person),
  'application.declined': z.object({ ...person, reason: z.string() }),
  'application.rated': z.object({
    rating: z.number(),
    scale: z.number(),
    answer: z.number().nullable(),
  }),
  'application.commented': z.object(person),
  'application.feedback': z.object(person),
  'application.shortlist': applicant,
  'application.unshortlist': applicant,
  'application.reject': applicant,
  /** Rejected by the interview's knockout rule once the interviewee submitted (decision 192). */
  'application.knockout_rejected': z.object({
    ...person,
    question: z.string(),
    /** The interview sends its rejection e-mail with the rule. */
    email: z.boolean(),
  }),
  'application.archive': applicant,
  'application.unarchive': applicant,
  /** `first_of_panel`: the applicant's first completed review, the one webhooks announce. */
  'application.review_completed': applicant.extend({
    first_of_panel: z.boolean(),
  }),
  'application.deleted': z.object({ job: z.string() }),
  'reviewer.added': reviewer,
  'reviewer.invited': reviewer,
  'reviewer.removed': reviewer,
  'share_link.created': shareLink,
  'share_link.viewed': shareLink,
  'share_link.revoked': shareLink,
} as const;

export type DomainEventType = keyof typeof DOMAIN_EVENT_DATA;

export const DOMAIN_EVENT_TYPES = Object.keys(
  DOMAIN_EVENT_DATA,
) as DomainEventType[];

export type DomainEventData<T extends DomainEventType = DomainEventType> =
  z.infer<(typeof DOMAIN_EVENT_DATA)[T]>;

/** One change, as its service emits it. */
export type DomainEvent<T extends DomainEventType = DomainEventType> = {
  [K in T]: {
    type: K;
    companyId: number;
    jobId?: number | null;
    /** The one application changed, if the change is about one. */
    applicationId?: number | null;
    /** Every application of a change of many at once (a bulk add, invite_all). */
    applicationIds?: readonly number[];
    /** Who made the change; none for the interviewee's own steps and the system's. */
    userId?: number | null;
    /**
     * The request that made the change, for the audit log's in-transaction subscriber
     * (decision 195). Not stored with the event: an address is personal data the stream keeps
     * for ever, and after-commit subscribers act on what changed, not on who asked.
     */
    origin?: RequestOrigin;
    data: DomainEventData<K>;
  };
}[T];

export function isDomainEventType(value: string): value is DomainEventType {
  return Object.hasOwn(DOMAIN_EVENT_DATA, value);
}
