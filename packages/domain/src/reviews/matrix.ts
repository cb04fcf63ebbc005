/** Rows of the STAR matrix (indicator 0 to 3) and its columns (level 0 or 1). */
export const STAR_INDICATORS = ['S', 'T', 'A', 'R'] as const;
export const MATRIX_LEVELS = { effective: 0, improvement: 1 } as const;

/** Minimums before a matrix review can be completed (spec, section 9). */
export const MATRIX_MIN_INDICATORS_PER_QUESTION = 3;
export const MATRIX_MIN_COMMUNICATION_REVIEWS = 3;

export type MatrixCell = {
  question: number | null;
  indicator: number;
  level: number;
};
export type ExistingMatrixReview = MatrixCell & { id: number };

export type MatrixSubmission =
  | { kind: 'create'; cell: MatrixCell }
  | { kind: 'remove'; id: number }
  | { kind: 'replace'; id: number; cell: MatrixCell };

/**
 * What choosing a cell does to the reviewer's matrix: the same level as the existing review of
 * that indicator removes it, a different level replaces it (delete then create), none creates.
 */
export function planMatrixSubmission(
  existing: readonly ExistingMatrixReview[],
  choice: MatrixCell,
): MatrixSubmission {
  const current = existing.find(
    (review) =>
      review.question === choice.question &&
      review.indicator === choice.indicator,
  );
  if (!current) return { kind: 'create', cell: choice };
  if (current.level === choice.level) return { kind: 'remove', id: current.id };
  return { kind: 'replace', id: current.id, cell: choice };
}

/** Cells of other questions holding the same indicator and level: shown flagged. */
export function isCellUsedElsewhere(
  reviews: readonly MatrixCell[],
  cell: MatrixCell,
): boolean {
  return reviews.some(
    (review) =>
      review.question !== null &&
      review.question !== cell.question &&
      review.indicator === cell.indicator &&
      review.level === cell.level,
  );
}

export type MatrixShortfall = {
  questions: { question: number; required: number; given: number }[];
  communication: { required: number; given: number } | null;
};

/**
 * What is missing before a reviewer's matrix review counts as complete: at least 3 competency
 * indicators per question (fewer when the question has fewer indicators to choose from) and
 * 3 communication reviews (fewer when fewer communication indicators exist).
 */
export function matrixShortfall(options: {
  reviews: readonly MatrixCell[];
  questions: readonly { id: number; indicatorCount: number }[];
  communicationIndicatorCount: number;
}): MatrixShortfall {
  const indicatorsOf = (question: number | null) =>
    new Set(
      options.reviews
        .filter((review) => review.question === question)
        .map((review) => review.indicator),
    ).size;
  const questions = options.questions
    .map((question) => ({
      question: question.id,
      required: Math.min(
        MATRIX_MIN_INDICATORS_PER_QUESTION,
        question.indicatorCount,
      ),
      given: indicatorsOf(question.id),
    }))
    .filter((entry) => entry.given < entry.required);
  const required = Math.min(
    MATRIX_MIN_COMMUNICATION_REVIEWS,
    options.communicationIndicatorCount,
  );
  const given = indicatorsOf(null);
  return {
    questions,
    communication: given < required ? { required, given } : null,
  };
}

export function isMatrixComplete(shortfall: MatrixShortfall): boolean {
  return shortfall.questions.length === 0 && shortfall.communication === null;
}

/** A sentence listing what is missing, e.g. for the 409 reply of the review's completion. */
export function describeMatrixShortfall(
  shortfall: MatrixShortfall,
  questionLabel: (question: number) => string,
): string {
  const parts = shortfall.questions.map(
    (entry) =>
      `${questionLabel(entry.question)}: ${entry.given} of ${entry.required} indicators`,
  );
  if (shortfall.communication) {
    parts.push(
      `communication: ${shortfall.communication.given} of ${shortfall.communication.required} reviews`,
    );
  }
  return `The matrix review is not complete yet (${parts.join('; ')}).`;
}
