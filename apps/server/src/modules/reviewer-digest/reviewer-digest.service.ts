import {
  digestDay,
  digestWindowStart,
  escapeHtml,
  isDigestDue,
  newInDigest,
  type DigestInterview,
} from '@candor/domain';
import type { AppContext } from '../../app-context';
import {
  enqueueEmails,
  type OutgoingEmail,
} from '../../platform/mail/outbox.repository';
import {
  claimDigestDay,
  listDigestReaders,
  listDigestRows,
  setDigestCount,
  type DigestReader,
} from './reviewer-digest.repository';

const BATCH = 100;

/** The digest's words in the reader's language (their account's). */
const WORDS = {
  'en-gb': {
    hello: (name: string) => `Hello ${name},`,
    waiting: (count: number) =>
      count === 1
        ? '1 new interviewee is waiting for your review.'
        : `${count} new interviewees are waiting for your review.`,
    subject: (count: number) =>
      count === 1
        ? 'Your daily summary: 1 new interviewee to review'
        : `Your daily summary: ${count} new interviewees to review`,
    why: 'You receive this daily summary because you asked for it.',
    turnOff: 'Turn it off in your account',
  },
  'fr-fr': {
    hello: (name: string) => `Bonjour ${name},`,
    waiting: (count: number) =>
      count === 1
        ? '1 nouvelle personne attend votre évaluation.'
        : `${count} nouvelles personnes attendent votre évaluation.`,
    subject: (count: number) =>
      count === 1
        ? 'Votre résumé du jour : 1 nouvelle personne à évaluer'
        : `Votre résumé du jour : ${count} nouvelles personnes à évaluer`,
    why: 'Vous recevez ce résumé quotidien parce que vous l’avez demandé.',
    turnOff: 'Désactivez-le dans votre compte',
  },
} as const;

function intervieweeUrl(
  publicUrl: string,
  jobId: number,
  applicationId: number,
) {
  return `${publicUrl}/interviews/${jobId}/interviewee/${applicationId}`;
}

function digestEmail(
  reader: DigestReader,
  interviews: DigestInterview[],
  publicUrl: string,
): OutgoingEmail {
  const total = interviews.reduce((sum, i) => sum + i.applicants.length, 0);
  const words = WORDS[reader.locale.startsWith('fr') ? 'fr-fr' : 'en-gb'];
  const headline = words.waiting(total);
  const text = [
    words.hello(reader.first_name),
    '',
    headline,
    ...interviews.flatMap((interview) => [
      '',
      interview.jobTitle,
      ...interview.applicants.map(
        (applicant) =>
          `- ${applicant.name}: ${intervieweeUrl(publicUrl, interview.jobId, applicant.applicationId)}`,
      ),
    ]),
    '',
    '--',
    `${words.why} ${words.turnOff}: ${publicUrl}/account`,
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:Inter,Arial,sans-serif;color:#0f172a;line-height:1.5">
<p>${escapeHtml(words.hello(reader.first_name))}</p>
<p>${escapeHtml(headline)}</p>
${interviews
  .map(
    (
      interview,
    ) => `<h2 style="font-size:16px;margin:20px 0 4px">${escapeHtml(interview.jobTitle)}</h2>
<ul style="margin:0;padding-left:20px">${interview.applicants
      .map(
        (applicant) =>
          `<li><a href="${escapeHtml(intervieweeUrl(publicUrl, interview.jobId, applicant.applicationId))}" style="color:#3730a3">${escapeHtml(applicant.name)}</a></li>`,
      )
      .join('')}</ul>`,
  )
  .join('\n')}
<p style="font-size:12px;color:#64748b;margin-top:24px">${escapeHtml(words.why)} <a href="${escapeHtml(publicUrl)}/account" style="color:#64748b">${escapeHtml(words.turnOff)}</a>.</p>
</body></html>`;
  return {
    companyId: null,
    kind: 'reviewer-digest',
    to: reader.email,
    fromName: 'Candor',
    replyTo: '',
    subject: words.subject(total),
    html,
    text,
  };
}

/**
 * Sends today's digests that are due at `now`. Each person's day is claimed by its key in the
 * transaction that enqueues the e-mail, so two workers send one. A day with nothing new is
 * claimed too (no e-mail): the next digest counts from it.
 */
export async function sendDueDigests(
  ctx: AppContext,
  now: Date,
): Promise<number> {
  const day = digestDay(now);
  let sent = 0;
  let afterId = 0;
  for (;;) {
    const readers = await listDigestReaders(ctx.db, {
      day,
      afterId,
      limit: BATCH,
    });
    for (const reader of readers) {
      if (!isDigestDue({ lastSentAt: reader.last_sent_at, now })) continue;
      if (await sendDigest(ctx, { reader, day, now })) sent += 1;
    }
    if (readers.length < BATCH) return sent;
    afterId = readers.at(-1)?.id ?? afterId;
  }
}

async function sendDigest(
  ctx: AppContext,
  options: { reader: DigestReader; day: string; now: Date },
): Promise<boolean> {
  const { reader, day, now } = options;
  return ctx.db.transaction().execute(async (trx) => {
    if (!(await claimDigestDay(trx, { user_id: reader.id, day, sent_at: now })))
      return false;
    const since = digestWindowStart(reader.last_sent_at, now);
    const rows = await listDigestRows(trx, {
      userId: reader.id,
      since,
      until: now,
    });
    const interviews = newInDigest({
      entries: rows.map((row) => ({
        jobId: row.job_id,
        jobTitle: row.job_title,
        applicationId: row.application_id,
        name: `${row.first_name} ${row.last_name}`.trim(),
        respondedAt: row.responded_at,
      })),
      since,
      now,
    });
    if (interviews.length === 0) return false;
    await setDigestCount(trx, {
      user_id: reader.id,
      day,
      interviewees: rows.length,
    });
    await enqueueEmails(trx, [
      digestEmail(reader, interviews, ctx.config.publicUrl),
    ]);
    return true;
  });
}
