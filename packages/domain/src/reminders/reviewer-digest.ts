/** The reviewer digest's rules (decision 156). */

/** The hour (UTC) from which the day's digest goes out: early morning in the UK and France. */
export const DIGEST_HOUR_UTC = 6;
/** A first digest, or one after a long pause, looks back no further than this. */
export const DIGEST_MAX_LOOKBACK_HOURS = 24;

const HOUR_MS = 3_600_000;

/** The UTC day a digest belongs to, 'YYYY-MM-DD': at most one per person and day. */
export function digestDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** Whether today's digest may go: the hour has come and none went out today. */
export function isDigestDue(options: {
  lastSentAt: Date | null;
  now: Date;
}): boolean {
  const { lastSentAt, now } = options;
  if (now.getUTCHours() < DIGEST_HOUR_UTC) return false;
  return lastSentAt === null || digestDay(lastSentAt) !== digestDay(now);
}

/**
 * Since when an answer is new: the last digest, but never more than a day back, so a first
 * digest (or one after a pause) does not list weeks of old work.
 */
export function digestWindowStart(lastSentAt: Date | null, now: Date): Date {
  const floor = now.getTime() - DIGEST_MAX_LOOKBACK_HOURS * HOUR_MS;
  return new Date(Math.max(lastSentAt?.getTime() ?? floor, floor));
}

export type DigestEntry = {
  jobId: number;
  jobTitle: string;
  applicationId: number;
  name: string;
  respondedAt: Date;
};

export type DigestInterview = {
  jobId: number;
  jobTitle: string;
  applicants: { applicationId: number; name: string }[];
};

/**
 * What is new for one person: the interviewees who responded inside the window, per
 * interview (in title order), each interview's newest first. Empty: no digest.
 */
export function newInDigest(options: {
  entries: DigestEntry[];
  since: Date;
  now: Date;
}): DigestInterview[] {
  const fresh = options.entries.filter(
    (entry) =>
      entry.respondedAt.getTime() > options.since.getTime() &&
      entry.respondedAt.getTime() <= options.now.getTime(),
  );
  const byJob = new Map<number, DigestInterview & { newest: DigestEntry[] }>();
  for (const entry of fresh) {
    const group = byJob.get(entry.jobId) ?? {
      jobId: entry.jobId,
      jobTitle: entry.jobTitle,
      applicants: [],
      newest: [],
    };
    group.newest.push(entry);
    byJob.set(entry.jobId, group);
  }
  return [...byJob.values()]
    .sort((a, b) => a.jobTitle.localeCompare(b.jobTitle) || a.jobId - b.jobId)
    .map(({ jobId, jobTitle, newest }) => ({
      jobId,
      jobTitle,
      applicants: newest
        .sort((a, b) => b.respondedAt.getTime() - a.respondedAt.getTime())
        .map(({ applicationId, name }) => ({ applicationId, name })),
    }));
}
