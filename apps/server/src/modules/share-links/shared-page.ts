import { reviewerNumbers, type SharedCandidate } from '@candor/domain';
import type { AppContext } from '../../app-context';
import { playableVideo, typedAnswer } from '../answers/answers.routes';
import { listJobAnswers } from '../answers/answers.repository';
import { listComments } from '../comments/comments.repository';
import { listAnswerReviews, listReviews } from '../reviews/reviews.repository';
import type { OpenShareLink } from './share-links.repository';
import { sharedCompany } from './share-links.service';

/** A recording's link lasts an hour at most: a reload of the page signs fresh ones. */
const MEDIA_LINK_SECONDS = 60 * 60;

/**
 * Seconds to sign a recording's link for so that it expires before the share link does. The
 * local driver rounds an expiry up by a step of up to 5 minutes and a twelfth of the lifetime
 * (downloadExpiry, so browsers can cache): asking for that much less keeps it inside.
 */
export function mediaLinkSeconds(expiresAt: Date, nowMs = Date.now()): number {
  const left = Math.floor((expiresAt.getTime() - nowMs) / 1000);
  const seconds = Math.min(MEDIA_LINK_SECONDS, left);
  return Math.max(1, seconds - Math.min(5 * 60, Math.floor(seconds / 12)));
}

// More answers than any interview has questions; a page of them is all of them.
const MAX_ANSWERS = 200;

/**
 * What the hiring manager sees: the candidate's name, the interview's title, the company, the
 * answers, and only the judgements the sharer chose, with reviewers as numbers, never names.
 */
export async function buildSharedPage(
  ctx: AppContext,
  link: OpenShareLink,
): Promise<Extract<SharedCandidate, { status: 'open' }>> {
  const { db, storage } = ctx;
  const scope = { applicationId: link.application_id, userId: null };
  const [answers, overall, perAnswer, comments] = await Promise.all([
    listJobAnswers(db, {
      jobId: link.job_id,
      applicationId: link.application_id,
      applicationIds: null,
      limit: MAX_ANSWERS,
      offset: 0,
    }),
    link.include_ratings ? listReviews(db, scope) : [],
    link.include_ratings ? listAnswerReviews(db, scope) : [],
    link.include_comments ? listComments(db, scope) : [],
  ]);
  const numbers = reviewerNumbers([
    ...overall.map((row) => row.user_id),
    ...perAnswer.map((row) => row.user_id),
    ...comments.flatMap((row) => (row.user_id === null ? [] : [row.user_id])),
  ]);
  const numberOf = (userId: number) => numbers.get(userId) ?? 0;
  const seconds = mediaLinkSeconds(new Date(link.expires_at));
  const signed = (key: string) =>
    storage.downloadUrl(key, { expiresInSeconds: seconds });
  return {
    status: 'open',
    company: sharedCompany(link),
    job: { title: link.title },
    candidate: { full_name: `${link.first_name} ${link.last_name}`.trim() },
    expires_at: link.expires_at.toISOString(),
    answers: await Promise.all(
      answers.map(async (answer) => ({
        id: answer.id,
        question_text: answer.question_text,
        ...typedAnswer(answer),
        video: await playableVideo(answer, signed),
        ratings: link.include_ratings
          ? perAnswer
              .filter((row) => row.answer_id === answer.id)
              .map((row) => ({
                reviewer: numberOf(row.user_id),
                rating: row.rating,
              }))
          : null,
      })),
    ),
    ratings: link.include_ratings
      ? {
          min: link.rating_min,
          scale: link.rating_scale,
          average:
            link.review_average === null
              ? null
              : Math.round(Number(link.review_average) * 100) / 100,
          overall: overall.map((row) => ({
            reviewer: numberOf(row.user_id),
            rating: row.rating,
          })),
        }
      : null,
    comments: link.include_comments
      ? comments.map((row) => ({
          reviewer: row.user_id === null ? null : numberOf(row.user_id),
          comment: row.comment,
          created_at: row.created_at.toISOString(),
        }))
      : null,
  };
}
