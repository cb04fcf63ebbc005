import {
  averageReview,
  averageSeenBy,
  describeMatrixShortfall,
  isMatrixComplete,
  isRatingInRange,
  matrixShortfall,
  planMatrixSubmission,
  reviewerRating,
  RATING_STYLES,
  type AverageReview,
  type MatrixReviewBody,
  type MatrixShortfall,
} from '@candor/domain';
import type { Db } from '../../db/connection';
import type { Job } from '../../db/schema';
import { AppError, fieldError, notFound } from '../../platform/http/errors';
import type { JobAccess } from '../../platform/access/job-access';
import { emit } from '../../platform/events/emit';
import {
  deleteMatrixReview,
  insertMatrixReview,
  listAnsweredQuestions,
  listApplicationRatings,
  listMatrixOptions,
  listMatrixReviews,
  listUserRatings,
  storeAverage,
  updateMatrixReview,
  listQuestionCompetencies,
} from './reviews.repository';

export function assertRatingInRange(job: Job, rating: number): void {
  if (!isRatingInRange(rating, job)) {
    throw fieldError(
      'rating',
      `The rating must be a whole number from ${job.rating_min} to ${job.rating_scale}.`,
    );
  }
}

/** Recomputes and stores the applicant's average; call it inside the review's transaction. */
export async function recomputeAverage(
  db: Db,
  applicationId: number,
): Promise<AverageReview> {
  const { overall, perAnswer } = await listApplicationRatings(
    db,
    applicationId,
  );
  const users = new Set([
    ...overall.map((row) => row.user_id),
    ...perAnswer.map((row) => row.user_id),
  ]);
  const ratings = [...users].map((userId) =>
    reviewerRating(
      overall.find((row) => row.user_id === userId)?.rating ?? null,
      perAnswer
        .filter((row) => row.user_id === userId)
        .map((row) => row.rating),
    ),
  );
  const average = averageReview(ratings);
  await storeAverage(db, {
    applicationId,
    average: average.review_average,
    count: average.from_count,
  });
  return average;
}

/** The caller's own rating of each applicant (user_rating), for any list of applicants. */
export async function findUserRatings(
  db: Db,
  options: { userId: number; applicationIds: readonly number[] },
): Promise<Map<number, number | null>> {
  const { overall, perAnswer } = await listUserRatings(db, options);
  const result = new Map<number, number | null>();
  for (const applicationId of options.applicationIds) {
    const rating = reviewerRating(
      overall.find((row) => row.application_id === applicationId)?.rating ??
        null,
      perAnswer
        .filter((row) => row.application_id === applicationId)
        .map((row) => row.rating),
    );
    result.set(
      applicationId,
      rating === null ? null : Math.round(rating * 100) / 100,
    );
  }
  return result;
}

export async function reviewChangeReply(
  db: Db,
  options: {
    applicationId: number;
    userId: number;
    average: AverageReview;
    seesAllReviews: boolean;
  },
) {
  const ratings = await findUserRatings(db, {
    userId: options.userId,
    applicationIds: [options.applicationId],
  });
  const userRating = ratings.get(options.applicationId) ?? null;
  return {
    average_review: averageSeenBy({
      panel: options.average,
      ownRating: userRating,
      seesAllReviews: options.seesAllReviews,
    }),
    user_rating: userRating,
  };
}

/** Emits the rating; the activity folds a quick re-rating into its line (decision 127). */
export async function recordRating(
  db: Db,
  options: {
    access: JobAccess;
    applicationId: number;
    rating: number;
    answerId?: number;
  },
): Promise<void> {
  await emit(db, {
    type: 'application.rated',
    companyId: options.access.job.company_id,
    jobId: options.access.job.id,
    applicationId: options.applicationId,
    userId: options.access.userId,
    data: {
      rating: options.rating,
      scale: options.access.job.rating_scale,
      answer: options.answerId ?? null,
    },
  });
}

// The matrix.

export function assertMatrixJob(job: Job): void {
  if (job.rating_style !== RATING_STYLES.matrix) {
    throw new AppError(
      'conflict',
      'This interview is not reviewed with the matrix.',
    );
  }
}

type MatrixLayout = {
  options: Awaited<ReturnType<typeof listMatrixOptions>>;
  questions: Awaited<ReturnType<typeof listAnsweredQuestions>>;
  reviewCompetencyOf: Map<number, number | null>;
};

async function loadMatrixLayout(
  db: Db,
  options: { jobId: number; applicationId: number },
): Promise<MatrixLayout> {
  const questions = await listAnsweredQuestions(db, options.applicationId);
  const questionRows = await listQuestionCompetencies(db, options.jobId);
  const reviewCompetencyOf = new Map(
    questionRows.map((row) => [row.id, row.review_competency]),
  );
  const competencies = [
    ...new Set(
      questionRows.flatMap((row) =>
        row.review_competency ? [row.review_competency] : [],
      ),
    ),
  ];
  return {
    options: await listMatrixOptions(db, competencies),
    questions,
    reviewCompetencyOf,
  };
}

/** Options of one kind for one question: its review competency's own set, else the generic one. */
function optionsFor(layout: MatrixLayout, question: number | null) {
  const kind = question === null ? 'communication' : 'competency';
  const competency =
    question === null ? 0 : (layout.reviewCompetencyOf.get(question) ?? 0);
  const own = layout.options.filter(
    (option) => option.kind === kind && option.competency === competency,
  );
  return own.length > 0
    ? own
    : layout.options.filter(
        (option) => option.kind === kind && option.competency === 0,
      );
}

const indicatorCount = (options: { indicator: number }[]) =>
  new Set(options.map((option) => option.indicator)).size;

/** Checks a cell against the applicant's answers and the options; returns its competency. */
async function resolveMatrixCell(
  db: Db,
  options: {
    access: JobAccess;
    applicationId: number;
    question: number | null;
    indicator: number;
    level: number;
  },
): Promise<number> {
  assertMatrixJob(options.access.job);
  const layout = await loadMatrixLayout(db, {
    jobId: options.access.job.id,
    applicationId: options.applicationId,
  });
  if (
    options.question !== null &&
    !layout.questions.some((answer) => answer.question_id === options.question)
  ) {
    throw fieldError(
      'question',
      'This question was not answered by this interviewee.',
    );
  }
  const cellOptions = optionsFor(layout, options.question);
  if (
    !cellOptions.some(
      (option) =>
        option.indicator === options.indicator &&
        option.level === options.level,
    )
  ) {
    throw fieldError(
      'indicator',
      'There is no such indicator and level in the matrix.',
    );
  }
  return cellOptions[0]?.competency ?? 0;
}

/**
 * Applies one cell choice to the caller's matrix (same level removes, another level replaces
 * by delete then create, none creates). Run inside a transaction.
 */
export async function submitMatrixChoice(
  db: Db,
  options: { access: JobAccess; applicationId: number; body: MatrixReviewBody },
) {
  const { access, applicationId, body } = options;
  const competency = await resolveMatrixCell(db, {
    access,
    applicationId,
    ...body,
  });
  const existing = await listMatrixReviews(db, {
    applicationId,
    userId: access.userId,
  });
  const plan = planMatrixSubmission(
    existing.map((review) => ({
      id: review.id,
      question: review.question_id,
      indicator: review.indicator,
      level: review.level,
    })),
    { question: body.question, indicator: body.indicator, level: body.level },
  );
  if (plan.kind === 'remove') {
    await deleteMatrixReview(db, plan.id);
    return { action: 'removed' as const, review: null, removed_id: plan.id };
  }
  if (plan.kind === 'replace') await deleteMatrixReview(db, plan.id);
  const review = await insertMatrixReview(db, {
    applicationId,
    userId: access.userId,
    question: plan.cell.question,
    competency,
    indicator: plan.cell.indicator,
    level: plan.cell.level,
  });
  return {
    action:
      plan.kind === 'replace' ? ('replaced' as const) : ('created' as const),
    review,
    removed_id: plan.kind === 'replace' ? plan.id : null,
  };
}

/** An explicit edit of one of the caller's matrix reviews: another indicator or level, same question. */
export async function editMatrixReview(
  db: Db,
  options: {
    access: JobAccess;
    review: { id: number; application_id: number; question_id: number | null };
    indicator: number;
    level: number;
  },
) {
  const { access, review } = options;
  await resolveMatrixCell(db, {
    access,
    applicationId: review.application_id,
    question: review.question_id,
    indicator: options.indicator,
    level: options.level,
  });
  const existing = await listMatrixReviews(db, {
    applicationId: review.application_id,
    userId: access.userId,
  });
  const clash = existing.find(
    (other) =>
      other.id !== review.id &&
      other.question_id === review.question_id &&
      other.indicator === options.indicator,
  );
  if (clash)
    throw new AppError(
      'conflict',
      'This indicator is already chosen for this question.',
    );
  return updateMatrixReview(db, review.id, {
    indicator: options.indicator,
    level: options.level,
  });
}

export async function findMatrixShortfall(
  db: Db,
  options: { jobId: number; applicationId: number; userId: number },
): Promise<{
  shortfall: MatrixShortfall;
  questionLabel: (id: number) => string;
}> {
  const layout = await loadMatrixLayout(db, options);
  const reviews = await listMatrixReviews(db, {
    applicationId: options.applicationId,
    userId: options.userId,
  });
  const shortfall = matrixShortfall({
    reviews: reviews.map((review) => ({
      question: review.question_id,
      indicator: review.indicator,
      level: review.level,
    })),
    questions: layout.questions.map((answer) => ({
      id: answer.question_id,
      indicatorCount: indicatorCount(optionsFor(layout, answer.question_id)),
    })),
    communicationIndicatorCount: indicatorCount(optionsFor(layout, null)),
  });
  const questionLabel = (id: number) => {
    const index = layout.questions.findIndex(
      (answer) => answer.question_id === id,
    );
    return `Question ${index + 1}`;
  };
  return { shortfall, questionLabel };
}

/**
 * For the review's completion (POST .../applications/{id}/reviewed): on a matrix job the
 * caller's matrix must meet the minimums first, otherwise 409 listing what is missing.
 */
export async function assertReviewCanBeCompleted(
  db: Db,
  options: { job: Job; applicationId: number; userId: number },
): Promise<void> {
  if (options.job.rating_style !== RATING_STYLES.matrix) return;
  const { shortfall, questionLabel } = await findMatrixShortfall(db, {
    jobId: options.job.id,
    applicationId: options.applicationId,
    userId: options.userId,
  });
  if (!isMatrixComplete(shortfall))
    throw new AppError(
      'conflict',
      describeMatrixShortfall(shortfall, questionLabel),
    );
}

export function assertFound<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw notFound(what);
  return value;
}
