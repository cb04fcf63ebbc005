import { EMAIL_TYPES } from '@candor/domain';
import type { Insertable } from 'kysely';
import type { Db } from '../db/connection';
import type { ApplicationsTable } from '../db/schema';
import { newShortcode, newToken } from '../platform/ids';
import { findOrCreateDefaultEmail } from '../modules/emails/emails.repository';

const DAY = 24 * 60 * 60 * 1000;

const PEOPLE = [
  ['Amelia', 'Hughes'],
  ['Oliver', 'Bennett'],
  ['Isla', 'Patel'],
  ['Noah', 'Okafor'],
  ['Ava', 'Kowalski'],
  ['Leo', 'Fernandes'],
  ['Mia', 'Campbell'],
  ['Arthur', 'Nguyen'],
  ['Freya', 'Murphy'],
  ['Jack', 'Haddad'],
  ['Grace', 'Lindqvist'],
  ['Harry', 'Adeyemi'],
  ['Sofia', 'Rossi'],
  ['George', 'Walsh'],
  ['Chloé', 'Martin'],
  ['Theo', 'Dubois'],
  ['Ella', 'Schmidt'],
  ['Oscar', 'Kim'],
] as const;

type Shape = Partial<Insertable<ApplicationsTable>>;

/**
 * One applicant in every stage and label of the job page: to invite (one undelivered),
 * awaiting (open, expired, withdrawn, archived), responded (complete, incomplete), reviewed
 * and outcomes. Offsets are in days from now.
 */
function shapes(now: number): Shape[] {
  const at = (days: number) => new Date(now + days * DAY);
  const invited = { invited_at: at(-6), deadline: at(4) };
  return [
    { status: 0 },
    { status: 3, source: 'bulk' },
    { status: 3, source: 'bulk' },
    { invited_at: at(-2), deadline: at(5), invitation_failed: true },
    { ...invited },
    { invited_at: at(-3), deadline: at(2) },
    { invited_at: at(-12), deadline: at(-2) },
    {
      ...invited,
      declined_at: at(-1),
      declined_reason: 'I have accepted another offer, thank you.',
    },
    {
      ...invited,
      declined_at: at(-4),
      declined_reason: 'The location does not suit me.',
      archived: true,
    },
    { ...invited, responded_at: at(-1), answer_count: -1 },
    { ...invited, answer_count: 1, status: 6 },
    { ...invited, responded_at: at(-2), answer_count: -1, reviewed_at: at(-1) },
    { ...invited, responded_at: at(-3), answer_count: -1, reviewed_at: at(-1) },
    {
      ...invited,
      responded_at: at(-4),
      answer_count: -1,
      reviewed_at: at(-2),
      shortlisted: true,
      shortlisted_at: at(-1),
    },
    {
      ...invited,
      responded_at: at(-5),
      answer_count: -1,
      reviewed_at: at(-3),
      rejected: true,
      rejected_at: at(-1),
    },
  ];
}

/**
 * A few more who answered, a different number on each interview, so the demo's interviews
 * do not all read "5 of 12 responded".
 */
function moreAnswered(now: number, jobIndex: number): Shape[] {
  const at = (days: number) => new Date(now + days * DAY);
  // At most two more: every interviewee of an interview has a name of its own (PEOPLE).
  return Array.from({ length: jobIndex % 3 }, (_, index) => ({
    invited_at: at(-8 - index),
    deadline: at(3),
    responded_at: at(-2 - index),
    answer_count: -1,
  }));
}

/**
 * Demo interviewees on the demo companies' interviews (acme, northwind): every stage on each
 * published interview, a few not yet invited on drafts, answers that play the library's demo
 * recording, and each company's default e-mails.
 */
export async function seedDemoApplicants(db: Db): Promise<void> {
  const companies = await db
    .selectFrom('companies')
    .select(['id', 'name', 'shortname'])
    .where('shortname', 'in', ['acme', 'northwind'])
    .execute();
  for (const company of companies) {
    for (const type of EMAIL_TYPES)
      await findOrCreateDefaultEmail(db, company, type, 'en-gb');
  }
  const jobs = await db
    .selectFrom('jobs')
    .select(['id', 'status', 'company_id'])
    .where(
      'company_id',
      'in',
      companies.length ? companies.map((company) => company.id) : [0],
    )
    .where('status', 'in', ['Published', 'Draft'])
    .orderBy('id')
    .execute();
  const recording = await db
    .selectFrom('videos')
    .select(['video_key', 'thumbnail_key', 'duration_seconds'])
    .where('video_key', 'is not', null)
    .orderBy('id')
    .executeTakeFirst();
  const now = Date.now();
  for (const [jobIndex, job] of jobs.entries()) {
    const questions = await db
      .selectFrom('questions')
      .select(['id', 'text', 'order', 'thinking_time', 'time_limit'])
      .where('job_id', '=', job.id)
      .orderBy('order')
      .execute();
    const plan =
      job.status === 'Published'
        ? [...shapes(now), ...moreAnswered(now, jobIndex)]
        : shapes(now).slice(0, 3);
    const rows = plan.map((shape, index): Insertable<ApplicationsTable> => {
      const [first, last] = PEOPLE[(index + jobIndex * 5) % PEOPLE.length] ?? [
        'Alex',
        'Doe',
      ];
      const answers =
        shape.answer_count === -1
          ? questions.length
          : Math.min(shape.answer_count ?? 0, questions.length);
      return {
        ...shape,
        job_id: job.id,
        first_name: first,
        last_name: last,
        email: `${first
          .normalize('NFD')
          .replace(/[^A-Za-z]/g, '')
          .toLowerCase()}.${last.toLowerCase()}.${job.id}@example.com`,
        token: newToken(),
        shortcode: newShortcode(),
        answer_count: answers,
        consented_at: answers > 0 ? shape.invited_at : null,
        created_at: new Date(
          now - (plan.length - index) * 60 * 60 * 1000 - 7 * DAY,
        ),
      };
    });
    const inserted = await db
      .insertInto('applications')
      .values(rows)
      .returning(['id', 'answer_count', 'responded_at'])
      .execute();
    const answers = inserted.flatMap((app) =>
      questions.slice(0, app.answer_count).map((question) => ({
        application_id: app.id,
        question_id: question.id,
        question_text: question.text,
        order: question.order,
        thinking_time: question.thinking_time,
        time_limit: question.time_limit,
        status: recording ? ('ready' as const) : ('failed' as const),
        video_key: recording?.video_key ?? null,
        thumbnail_key: recording?.thumbnail_key ?? null,
        duration_seconds: recording?.duration_seconds ?? null,
        failed_reason: recording ? null : 'Demo answer without a recording',
        uploaded_at: app.responded_at ?? new Date(now - DAY),
        transcoded_at: app.responded_at ?? new Date(now - DAY),
      })),
    );
    if (answers.length > 0)
      await db.insertInto('answers').values(answers).execute();
  }
}
